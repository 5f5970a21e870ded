CREATE TABLE "forum_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"post_id" uuid,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forum_drafts" ADD CONSTRAINT "forum_drafts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_drafts" ADD CONSTRAINT "forum_drafts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_drafts_new_topic_unique" ON "forum_drafts" USING btree ("user_id") WHERE post_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_drafts_topic_unique" ON "forum_drafts" USING btree ("user_id","post_id") WHERE post_id is not null;