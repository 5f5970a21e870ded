/**
 * Generated marketplace data for the listing benchmarks: sellers (their profiles come from the
 * profile trigger) and listings spread over the demo places, written straight into the database
 * with set-based INSERTs.
 *
 * Titles are deliberately repetitive (one in eight carries each brand), so that a typo-tolerant
 * search for a brand ranks ~12% of the catalogue: the heaviest search there is. Of every 40
 * listings one is sold (out of the marketplace, with a sale date) and of every 10 one waits for
 * moderation (still public); one in 97 is featured.
 */
import { DEMO_PLACES } from '../../apps/server/src/seed/listing-catalog.js';

/** Anything that runs one SQL text: a `pg` client or pool, or a PGlite instance. */
export interface SqlRunner {
  query(sql: string): Promise<unknown>;
}

export interface ListingsDataOptions {
  listings: number;
  /** Sellers the listings are spread over (default 500). */
  sellers?: number;
  /** Rows per INSERT (default 10,000). */
  batch?: number;
  /**
   * Drop the products table's secondary indexes while loading and build them again afterwards
   * from their own definitions (much faster for large loads on PostgreSQL). Default false.
   */
  rebuildIndexes?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** Where generated listings are: the demo places. */
export const BENCH_PLACES = DEMO_PLACES;

const PLACES_SQL = DEMO_PLACES.map(([, lat, lng]) => `(${lat}::float8, ${lng}::float8)`).join(',');

/** One batch of listings `from`..`to` (inclusive), spread over every profile. */
function insertListings(from: number, to: number): string {
  return `
    with sellers as (select array_agg(id order by id) as ids from profiles),
    places(lat, lng) as (values ${PLACES_SQL}),
    place_list as (select array_agg(lat) as lats, array_agg(lng) as lngs, count(*)::int as n from places)
    insert into products (
      title, description, price, condition, category, gear_types, images, seller_id, location,
      location_lat, location_lng, brand, rod_power_rating, reel_type, moderation_status, is_featured,
      sold, sold_at, visible_in_marketplace, created_at
    )
    select
      (array['Shimano','Daiwa','Penn','Abu Garcia','St. Croix','Ugly Stik','Okuma','Fenwick'])[1 + g % 8] || ' ' ||
        (array['Stradic','Tatula','Slammer','Revo','Mojo','GX2','Ceymar','HMG','Curado','Saltist'])[1 + (g / 8) % 10] || ' ' ||
        (array['spinning reel','baitcasting reel','casting rod','spinning rod','combo','lure kit','tackle box'])[1 + (g / 80) % 7],
      'Demo listing ' || g || ' in great shape, fished a few seasons and well looked after.',
      round((5 + (g::bigint * 7919 % 99500) / 100.0)::numeric, 2),
      (array['new','like new','good','fair','poor'])[1 + g % 5],
      (array['rods','reels','combo','tackle','accessories'])[1 + (g / 3) % 5],
      case (g / 5) % 4 when 0 then array['Freshwater'] when 1 then array['Saltwater'] when 2 then array['Fly Fishing'] else array['Freshwater', 'Saltwater'] end,
      array['/files/product-images/bench.webp'],
      sellers.ids[1 + g % array_length(sellers.ids, 1)],
      'Bench place ' || (g % place_list.n),
      place_list.lats[1 + g % place_list.n] + ((g * 37 % 200) - 100) / 400.0,
      place_list.lngs[1 + g % place_list.n] + ((g * 53 % 200) - 100) / 400.0,
      (array['Shimano','Daiwa','Penn','Abu Garcia'])[1 + g % 4],
      (array['Light','Medium','Medium Heavy','Heavy'])[1 + g % 4],
      (array['spinning','baitcasting','conventional'])[1 + g % 3],
      case when g % 10 = 0 then 'pending' else 'active' end,
      g % 97 = 0,
      g % 40 = 1,
      case when g % 40 = 1 then now() - (g % 90) * interval '1 day' - (g % 1440) * interval '1 minute' end,
      g % 40 <> 1,
      now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(${from}, ${to}) g, sellers, place_list`;
}

/** Reads the rows of a `pg` or PGlite result. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Loads `listings` generated listings (and their sellers, and a completed order for each sold one) into a freshly migrated database,
 * then vacuums and analyzes the table as autovacuum would. Answers the seconds it took.
 */
export async function loadListings(db: SqlRunner, options: ListingsDataOptions): Promise<number> {
  const { listings, sellers = 500, batch = 10_000, rebuildIndexes = false, log = () => {} } = options;
  const started = performance.now();
  await db.query(`
    insert into users (name, email, email_verified)
    select 'seller_' || g, 'seller' || g || '@bench.test', true from generate_series(1, ${sellers}) g`);
  const indexes = rebuildIndexes
    ? rowsOf<{ name: string; definition: string }>(
        await db.query(`
          select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename = 'products' and indexname <> 'products_pkey'`),
      )
    : [];
  for (const index of indexes) await db.query(`drop index "${index.name}"`);
  let lastLog = 0;
  for (let offset = 0; offset < listings; offset += batch) {
    const to = Math.min(offset + batch, listings);
    await db.query(insertListings(offset + 1, to));
    if (performance.now() - lastLog > 5000 || to === listings) {
      lastLog = performance.now();
      log(`loaded ${to.toLocaleString('en-US')} of ${listings.toLocaleString('en-US')} listings`);
    }
  }
  if (indexes.length > 0) {
    log(`building ${indexes.length} indexes`);
    for (const index of indexes) await db.query(index.definition);
  }
  // Each sold listing's sale, as the app records it: a completed order (the price guide reads them).
  await db.query(`
    insert into orders (product_id, seller_id, source, state, price, created_at, completed_at, updated_at)
    select id, seller_id, 'marked_sold', 'completed', price, sold_at, sold_at, sold_at
    from products where sold = true`);
  await db.query('vacuum analyze orders');
  await db.query('vacuum analyze products');
  await db.query('vacuum analyze profiles');
  return (performance.now() - started) / 1000;
}

/** Ids of up to `count` public listings, spread over the catalogue (for detail pages). */
export async function publicListingIds(db: SqlRunner, count: number): Promise<string[]> {
  const result = await db.query(`
    select id from products
    where deleted = false and visible_in_marketplace = true and moderation_status in ('active', 'pending') and sold = false
    order by md5(id::text) limit ${count}`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}
