CREATE TABLE "notification_digest_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digest_items_title_check" CHECK (char_length("notification_digest_items"."title") > 0)
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_delivery" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD COLUMN "rod_powers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD COLUMN "rod_compositions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD COLUMN "reel_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD COLUMN "rod_length_min" integer;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD COLUMN "rod_length_max" integer;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_digest_items_user_idx" ON "notification_digest_items" USING btree ("user_id","created_at");--> statement-breakpoint
-- The email settings kept so far become notification preferences: one row per member and
-- category whose choice differs from the default (messages and offers off, orders on; in the app on).
INSERT INTO "notification_preferences" ("user_id", "category", "in_app", "email")
SELECT "id", 'messages', true, true FROM "profiles" WHERE "email_on_message" = true
UNION ALL
SELECT "id", 'offers', true, true FROM "profiles" WHERE "email_on_offer" = true
UNION ALL
SELECT "id", 'orders', true, false FROM "profiles" WHERE "email_on_order" = false;--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "email_on_message";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "email_on_offer";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "email_on_order";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_email_delivery_check" CHECK ("profiles"."email_delivery" in ('each', 'daily'));