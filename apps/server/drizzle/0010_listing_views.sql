CREATE TABLE "listing_views" (
	"product_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewer_key" text NOT NULL,
	CONSTRAINT "listing_views_product_id_day_viewer_key_pk" PRIMARY KEY("product_id","day","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "views_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;