ALTER TABLE "moderation_queue" DROP CONSTRAINT "moderation_queue_entity_type_check";--> statement-breakpoint
ALTER TABLE "moderation_rules" ALTER COLUMN "applies_to" SET DEFAULT '{product,forum_post,forum_comment,message,review}'::text[];--> statement-breakpoint
ALTER TABLE "order_reviews" ADD COLUMN "moderation_status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_reviews" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "moderation_queue" ADD CONSTRAINT "moderation_queue_entity_type_check" CHECK ("moderation_queue"."entity_type" in ('product', 'message', 'forum_post', 'forum_comment', 'user', 'review'));--> statement-breakpoint
ALTER TABLE "order_reviews" ADD CONSTRAINT "order_reviews_moderation_status_check" CHECK ("order_reviews"."moderation_status" in ('active', 'flagged', 'hidden'));--> statement-breakpoint
-- Rules that applied to every kind of content members wrote apply to reviews too.
UPDATE "moderation_rules" SET "applies_to" = array_append("applies_to", 'review')
WHERE "applies_to" @> '{product,forum_post,forum_comment,message}'::text[] AND NOT ('review' = ANY("applies_to"));
