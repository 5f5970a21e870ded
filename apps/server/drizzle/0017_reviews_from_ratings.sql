-- Two-way reviews are the one place ratings come from. A rating given before them (the listing
-- page's "rate this sale", products.transaction_rating) becomes its buyer's review of the sale's
-- order: no words, and visible at once, as the rating already was. Then every listing's
-- transaction_rating and every seller's seller_rating / cached_seller_rating are read from the
-- visible reviews (a rating no review can hold, on a sale without a buyer, is dropped).
INSERT INTO "order_reviews" ("order_id", "reviewer_id", "reviewee_id", "reviewer_role", "rating", "body", "revealed_at", "created_at", "updated_at")
SELECT o."id", o."buyer_id", o."seller_id", 'buyer', p."transaction_rating", '',
  coalesce(o."received_at", o."completed_at", p."sold_at", now()),
  coalesce(o."received_at", o."completed_at", p."sold_at", now()),
  coalesce(o."received_at", o."completed_at", p."sold_at", now())
FROM "products" p
JOIN "orders" o ON o."product_id" = p."id" AND o."state" <> 'cancelled'
WHERE p."transaction_rating" IS NOT NULL AND o."buyer_id" IS NOT NULL AND o."buyer_id" <> o."seller_id"
ON CONFLICT ("order_id", "reviewer_id") DO NOTHING;--> statement-breakpoint
UPDATE "products" p SET "transaction_rating" = NULL
WHERE p."transaction_rating" IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM "order_reviews" r JOIN "orders" o ON o."id" = r."order_id"
  WHERE o."product_id" = p."id" AND o."state" <> 'cancelled' AND r."reviewer_role" = 'buyer' AND r."revealed_at" IS NOT NULL
);--> statement-breakpoint
UPDATE "profiles" pr SET "seller_rating" = s."average", "cached_seller_rating" = s."average"
FROM (
  SELECT p."id", coalesce((
    SELECT round(avg(r."rating")::numeric, 2) FROM "order_reviews" r
    WHERE r."reviewee_id" = p."id" AND r."reviewer_role" = 'buyer' AND r."revealed_at" IS NOT NULL
  ), 0) AS "average"
  FROM "profiles" p
) s
WHERE pr."id" = s."id" AND (pr."seller_rating" <> s."average" OR (pr."cached_seller_rating" IS NOT NULL AND pr."cached_seller_rating" <> s."average"));
