ALTER TABLE "post_comments" ADD COLUMN "reply_to_id" uuid;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "thread_id" uuid;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_reply_to_id_post_comments_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."post_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_thread_id_post_comments_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."post_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_comments_reply_to_idx" ON "post_comments" USING btree ("reply_to_id");--> statement-breakpoint
CREATE INDEX "post_comments_thread_idx" ON "post_comments" USING btree ("thread_id");