CREATE TABLE "forum_reads" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"read_up_to" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_reads_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_reads" ADD CONSTRAINT "forum_reads_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reads" ADD CONSTRAINT "forum_reads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_reads_post_idx" ON "forum_reads" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_published_activity_idx" ON "posts" USING btree ("last_activity_at" DESC NULLS LAST,"id") WHERE status = 'published';--> statement-breakpoint
-- Existing topics were last active at their newest comment, or when they were posted.
UPDATE "posts" SET "last_activity_at" = greatest("created_at", coalesce((SELECT max(c."created_at") FROM "post_comments" c WHERE c."post_id" = "posts"."id"), "created_at"));
