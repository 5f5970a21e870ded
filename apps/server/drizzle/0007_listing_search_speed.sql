-- Marketplace search at scale. Neither object below is declared in src/db/schema (drizzle
-- cannot declare triggers; the index is kept next to the counts it complements), so
-- drizzle-kit leaves them alone.
--
-- 1. Public listings by category and condition, kept exact by triggers: the total of a search
--    that filters by category and condition only (the marketplace's first page above all) is
--    the sum of a few rows instead of a count of every public listing. "Public" is
--    PUBLIC_LISTING_PREDICATE: not deleted, visible, moderation active or pending, not sold.
CREATE TABLE "listing_public_counts" (
	"category" text NOT NULL,
	"condition" text NOT NULL,
	"listings" bigint NOT NULL,
	CONSTRAINT "listing_public_counts_pkey" PRIMARY KEY("category","condition")
);
--> statement-breakpoint
-- Inserts and deletes count per statement (bulk loads stay cheap); updates per row, and only
-- those that change what is public or where it is counted (likes and favourites do not).
CREATE OR REPLACE FUNCTION castline_count_public_listings() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO listing_public_counts AS c (category, condition, listings)
    SELECT category, condition, count(*) FROM new_rows
    WHERE deleted = false AND visible_in_marketplace = true AND moderation_status IN ('active', 'pending') AND sold = false
    GROUP BY category, condition
    ON CONFLICT (category, condition) DO UPDATE SET listings = c.listings + excluded.listings;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO listing_public_counts AS c (category, condition, listings)
    SELECT category, condition, -count(*) FROM old_rows
    WHERE deleted = false AND visible_in_marketplace = true AND moderation_status IN ('active', 'pending') AND sold = false
    GROUP BY category, condition
    ON CONFLICT (category, condition) DO UPDATE SET listings = c.listings + excluded.listings;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM listing_public_counts;
  ELSE
    IF OLD.deleted = false AND OLD.visible_in_marketplace = true AND OLD.moderation_status IN ('active', 'pending') AND OLD.sold = false THEN
      UPDATE listing_public_counts SET listings = listings - 1
      WHERE category = OLD.category AND condition = OLD.condition;
    END IF;
    IF NEW.deleted = false AND NEW.visible_in_marketplace = true AND NEW.moderation_status IN ('active', 'pending') AND NEW.sold = false THEN
      INSERT INTO listing_public_counts AS c (category, condition, listings)
      VALUES (NEW.category, NEW.condition, 1)
      ON CONFLICT (category, condition) DO UPDATE SET listings = c.listings + 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_count_public_inserts
  AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION castline_count_public_listings();
--> statement-breakpoint
CREATE TRIGGER products_count_public_deletes
  AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION castline_count_public_listings();
--> statement-breakpoint
CREATE TRIGGER products_count_public_truncates
  AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION castline_count_public_listings();
--> statement-breakpoint
CREATE TRIGGER products_count_public_updates
  AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.deleted, OLD.visible_in_marketplace, OLD.moderation_status, OLD.sold, OLD.category, OLD.condition)
    IS DISTINCT FROM (NEW.deleted, NEW.visible_in_marketplace, NEW.moderation_status, NEW.sold, NEW.category, NEW.condition))
  EXECUTE FUNCTION castline_count_public_listings();
--> statement-breakpoint
INSERT INTO listing_public_counts (category, condition, listings)
SELECT category, condition, count(*) FROM products
WHERE deleted = false AND visible_in_marketplace = true AND moderation_status IN ('active', 'pending') AND sold = false
GROUP BY category, condition;
--> statement-breakpoint
-- 2. Category searches with a price range, condition or gear types: the price range is a range
--    of this index and the other filters are read from it, so their counts never visit the
--    table (the category/newest index had every row of the category fetched to filter it).
CREATE INDEX "products_public_category_price_idx" ON "products" USING btree ("category","price") INCLUDE ("condition","gear_types") WHERE deleted = false AND visible_in_marketplace = true AND moderation_status IN ('active', 'pending') AND sold = false;
