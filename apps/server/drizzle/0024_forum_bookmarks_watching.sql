CREATE TABLE "forum_bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"comment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_watches" (
	"user_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target" text NOT NULL,
	"level" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_watches_user_id_target_type_target_pk" PRIMARY KEY("user_id","target_type","target"),
	CONSTRAINT "forum_watches_target_type_check" CHECK ("forum_watches"."target_type" in ('post', 'category')),
	CONSTRAINT "forum_watches_level_check" CHECK ("forum_watches"."level" in ('watching', 'muted'))
);
--> statement-breakpoint
DROP INDEX "posts_published_activity_idx";--> statement-breakpoint
ALTER TABLE "forum_bookmarks" ADD CONSTRAINT "forum_bookmarks_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_bookmarks" ADD CONSTRAINT "forum_bookmarks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_bookmarks" ADD CONSTRAINT "forum_bookmarks_comment_id_post_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_watches" ADD CONSTRAINT "forum_watches_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_bookmarks_topic_unique" ON "forum_bookmarks" USING btree ("user_id","post_id") WHERE comment_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_bookmarks_comment_unique" ON "forum_bookmarks" USING btree ("user_id","comment_id") WHERE comment_id is not null;--> statement-breakpoint
CREATE INDEX "forum_bookmarks_user_created_idx" ON "forum_bookmarks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_watches_target_idx" ON "forum_watches" USING btree ("target_type","target","level");--> statement-breakpoint
CREATE INDEX "post_likes_created_post_idx" ON "post_likes" USING btree ("created_at","post_id");--> statement-breakpoint
CREATE INDEX "posts_published_pinned_created_idx" ON "posts" USING btree (("pinned_at" is not null) desc,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_published_category_pinned_created_idx" ON "posts" USING btree ("category",("pinned_at" is not null) desc,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_published_pinned_activity_idx" ON "posts" USING btree (("pinned_at" is not null) desc,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';