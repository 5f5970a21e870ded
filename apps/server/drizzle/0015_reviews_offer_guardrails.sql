-- Two-way reviews of an order, and the seller's offer guardrails on a listing (auto-decline, auto-accept).
CREATE TABLE "order_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"reviewee_id" uuid NOT NULL,
	"reviewer_role" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"revealed_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_reviews_rating_check" CHECK ("order_reviews"."rating" between 1 and 5),
	CONSTRAINT "order_reviews_role_check" CHECK ("order_reviews"."reviewer_role" in ('buyer', 'seller')),
	CONSTRAINT "order_reviews_not_self_check" CHECK ("order_reviews"."reviewer_id" <> "order_reviews"."reviewee_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "auto_decline_below" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "auto_accept_at" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_reviews" ADD CONSTRAINT "order_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reviews" ADD CONSTRAINT "order_reviews_reviewer_id_profiles_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reviews" ADD CONSTRAINT "order_reviews_reviewee_id_profiles_id_fk" FOREIGN KEY ("reviewee_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_reviews_one_per_side_idx" ON "order_reviews" USING btree ("order_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "order_reviews_reviewee_idx" ON "order_reviews" USING btree ("reviewee_id","created_at" DESC NULLS LAST) WHERE revealed_at is not null;