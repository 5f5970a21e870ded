-- Typo-tolerant search through a vocabulary. A misspelt search word ("shimno") is corrected to
-- the closest word listings use ("shimano") before the full-text search runs, instead of
-- comparing every word of the search with every matching title (a trigram match over the
-- titles, which a search for a common brand had to check and rank row by row). The vocabulary
-- is small (the distinct words of titles, brands and models), its trigram index finds the words
-- that share trigrams with a typed word, and the search itself stays on the full-text index.
-- Not declared in src/db/schema: drizzle cannot declare triggers.
DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
CREATE TABLE "listing_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_words_trgm_idx" ON "listing_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The words a listing offers for correction: lower-cased words of three letters or more from its
-- title, brand and model ('simple' parser: no stemming, no stop words), numbers left out.
CREATE OR REPLACE FUNCTION castline_listing_words(title text, brand text, model text) RETURNS SETOF text AS $$
  SELECT DISTINCT word
  FROM unnest(tsvector_to_array(to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(model, '')))) AS word
  WHERE length(word) >= 3 AND word !~ '^[0-9.,/-]+$'
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Kept current by triggers: new listings per statement (bulk loads stay cheap), edits of a title,
-- brand or model per row. Words are never removed: a word no listing uses any more only corrects
-- a search towards no results, as the search itself would.
CREATE OR REPLACE FUNCTION castline_collect_listing_words() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO listing_words (word)
    SELECT DISTINCT w FROM new_rows, castline_listing_words(new_rows.title, new_rows.brand, new_rows.model) AS w
    ON CONFLICT (word) DO NOTHING;
  ELSE
    INSERT INTO listing_words (word)
    SELECT w FROM castline_listing_words(NEW.title, NEW.brand, NEW.model) AS w
    ON CONFLICT (word) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_collect_words_inserts AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION castline_collect_listing_words();
--> statement-breakpoint
CREATE TRIGGER products_collect_words_updates AFTER UPDATE OF title, brand, model ON products
FOR EACH ROW WHEN (old.title IS DISTINCT FROM new.title OR old.brand IS DISTINCT FROM new.brand OR old.model IS DISTINCT FROM new.model)
EXECUTE FUNCTION castline_collect_listing_words();
--> statement-breakpoint
INSERT INTO listing_words (word)
SELECT DISTINCT w FROM products, castline_listing_words(products.title, products.brand, products.model) AS w
ON CONFLICT (word) DO NOTHING;
