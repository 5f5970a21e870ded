-- Listings search: trigram similarity for typo-tolerant titles (pg_trgm) and great-circle
-- radius search (cube + earthdistance). PGlite loads each one only when it is also passed in
-- the client's `extensions` option (src/db/client.ts, PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
