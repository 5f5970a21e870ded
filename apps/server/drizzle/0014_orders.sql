-- Orders: a deal carried from buy now or an accepted offer to completion, with its timeline.
-- Listings sold before orders existed become completed orders (marked sold), so sales are counted
-- from one place.
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"buyer_id" uuid,
	"seller_id" uuid NOT NULL,
	"offer_id" uuid,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"shipping_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"handover" text,
	"return_window_days" integer,
	"carrier" text,
	"tracking_number" text,
	"pickup_note" text,
	"cancel_reason" text,
	"cancelled_by" text,
	"completes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('awaiting_payment', 'paid', 'shipped', 'received', 'completed', 'cancelled')),
	CONSTRAINT "orders_source_check" CHECK ("orders"."source" in ('buy_now', 'offer', 'marked_sold')),
	CONSTRAINT "orders_handover_check" CHECK ("orders"."handover" is null or "orders"."handover" in ('shipping', 'pickup')),
	CONSTRAINT "orders_cancelled_by_check" CHECK ("orders"."cancelled_by" is null or "orders"."cancelled_by" in ('buyer', 'seller')),
	CONSTRAINT "orders_price_check" CHECK ("orders"."price" >= 0 and "orders"."shipping_price" >= 0),
	CONSTRAINT "orders_not_own_check" CHECK ("orders"."buyer_id" is null or "orders"."buyer_id" <> "orders"."seller_id")
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "handover" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_profiles_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_live_per_listing_idx" ON "orders" USING btree ("product_id") WHERE state <> 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_buyer_created_at_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_seller_created_at_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_handover_check" CHECK ("offers"."handover" is null or "offers"."handover" in ('shipping', 'pickup'));--> statement-breakpoint
INSERT INTO "orders" ("product_id", "buyer_id", "seller_id", "source", "state", "price", "created_at", "completed_at", "updated_at")
SELECT "id", nullif("buyer_id", "seller_id"), "seller_id", 'marked_sold', 'completed', "price", coalesce("sold_at", "updated_at"), coalesce("sold_at", "updated_at"), coalesce("sold_at", "updated_at")
FROM "products" WHERE "sold" = true;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "state", "actor_id", "created_at")
SELECT "id", 'completed', "seller_id", "completed_at" FROM "orders";
