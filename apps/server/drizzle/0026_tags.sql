ALTER TABLE "products" ALTER COLUMN "tags" SET DEFAULT '{}'::text[];--> statement-breakpoint
UPDATE "products" SET "tags" = '{}'::text[] WHERE "tags" IS NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "tags" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_tags_idx" ON "products" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "posts_tags_idx" ON "posts" USING gin ("tags");