-- A listing's terms (handover, shipping, offers, returns) and the saved-search filters on them.
-- Existing listings keep what they offered before: local pickup, offers welcome, no returns.
ALTER TABLE "products" ADD COLUMN "handover" text DEFAULT 'pickup' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ships_from" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "handling_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "accepts_offers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "returns_accepted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "return_window_days" integer;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD COLUMN "handover" text;--> statement-breakpoint
ALTER TABLE "product_alerts" ADD COLUMN "free_shipping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_handover_check" CHECK ("products"."handover" in ('pickup', 'shipping', 'both'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipping_price_check" CHECK ("products"."shipping_price" is null or "products"."shipping_price" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipping_terms_check" CHECK (case when "products"."handover" = 'pickup' then "products"."shipping_price" is null and "products"."ships_from" is null and "products"."handling_days" is null else "products"."shipping_price" is not null end);--> statement-breakpoint
ALTER TABLE "product_alerts" ADD CONSTRAINT "product_alerts_handover_check" CHECK ("product_alerts"."handover" is null or "product_alerts"."handover" in ('pickup', 'shipping'));