CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_favorites" (
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_favorites_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "product_likes" (
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_likes_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"condition" text DEFAULT 'new' NOT NULL,
	"category" text NOT NULL,
	"gear_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"seller_id" uuid NOT NULL,
	"location" text NOT NULL,
	"location_lat" double precision,
	"location_lng" double precision,
	"brand" text,
	"model" text,
	"features" jsonb,
	"tags" text[],
	"specs" jsonb,
	"rod_brand" text,
	"rod_composition" text,
	"rod_length_feet" smallint,
	"rod_length_inches" smallint,
	"rod_power_rating" text,
	"reel_brand" text,
	"reel_type" text,
	"reel_gear_ratio" text,
	"sold" boolean DEFAULT false NOT NULL,
	"sold_at" timestamp with time zone,
	"buyer_id" uuid,
	"transaction_rating" smallint,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"visible_in_marketplace" boolean DEFAULT true NOT NULL,
	"moderation_status" text DEFAULT 'pending' NOT NULL,
	"moderation_reason" text,
	"moderated_at" timestamp with time zone,
	"moderated_by" uuid,
	"is_featured" boolean DEFAULT false NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"favorites_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(brand, '') || ' ' || coalesce(model, '') || ' ' || coalesce(rod_brand, '') || ' ' || coalesce(reel_brand, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')) STORED NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price" > 0),
	CONSTRAINT "products_moderation_status_check" CHECK ("products"."moderation_status" in ('pending', 'active', 'hidden', 'flagged')),
	CONSTRAINT "products_condition_check" CHECK ("products"."condition" in ('new', 'like new', 'good', 'fair', 'poor')),
	CONSTRAINT "products_category_check" CHECK ("products"."category" in ('rods', 'reels', 'combo', 'tackle', 'accessories')),
	CONSTRAINT "products_transaction_rating_check" CHECK ("products"."transaction_rating" is null or "products"."transaction_rating" between 1 and 5),
	CONSTRAINT "products_coordinates_check" CHECK (("products"."location_lat" is null) = ("products"."location_lng" is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_favorites" ADD CONSTRAINT "product_favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_favorites" ADD CONSTRAINT "product_favorites_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_likes" ADD CONSTRAINT "product_likes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_likes" ADD CONSTRAINT "product_likes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_buyer_id_profiles_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_moderated_by_profiles_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_at_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_favorites_user_idx" ON "product_favorites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_likes_user_idx" ON "product_likes" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_public_created_at_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id") WHERE deleted = false AND visible_in_marketplace = true AND moderation_status IN ('active', 'pending') AND sold = false;--> statement-breakpoint
CREATE INDEX "products_public_price_idx" ON "products" USING btree ("price","id") WHERE deleted = false AND visible_in_marketplace = true AND moderation_status IN ('active', 'pending') AND sold = false;--> statement-breakpoint
CREATE INDEX "products_public_category_created_at_idx" ON "products" USING btree ("category","created_at" DESC NULLS LAST,"id") WHERE deleted = false AND visible_in_marketplace = true AND moderation_status IN ('active', 'pending') AND sold = false;--> statement-breakpoint
CREATE INDEX "products_public_featured_idx" ON "products" USING btree ("created_at" DESC NULLS LAST) WHERE is_featured = true AND deleted = false AND visible_in_marketplace = true AND moderation_status IN ('active', 'pending') AND sold = false;--> statement-breakpoint
CREATE INDEX "products_sold_at_idx" ON "products" USING btree ("sold_at" DESC NULLS LAST,"id") WHERE deleted = false AND sold = true AND moderation_status IN ('active', 'pending');--> statement-breakpoint
CREATE INDEX "products_seller_created_at_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_buyer_idx" ON "products" USING btree ("buyer_id") WHERE buyer_id is not null;--> statement-breakpoint
CREATE INDEX "products_gear_types_idx" ON "products" USING gin ("gear_types");--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_location_earth_idx" ON "products" USING gist (ll_to_earth("location_lat", "location_lng")) WHERE location_lat is not null and location_lng is not null;