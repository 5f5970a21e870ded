import { and, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { PUBLIC_LISTING_PREDICATE, products, SOLD_LISTING_PREDICATE } from '../../db/schema/index.js';
import { distanceMiles } from './listing-criteria-sql.js';
import { selectListings, textArray, type Viewer } from './listings-rows.js';

/** The listing a similar-listings row is built around. */
export interface SimilarSource {
  id: string;
  category: string;
  gear_types: string[];
  location_lat: number | null;
  location_lng: number | null;
  rod_power_rating: string | null;
  rod_composition: string | null;
  reel_type: string | null;
  brand: string | null;
}

/** The rows of fixed shape: the home page's featured, newest and recently sold, similar listings. */
export function createListingsFeedsRepository(db: Database) {
  /*
   * The home page's rows, hot fixed-shape reads, as prepared statements (built once, planned once
   * per pooled connection); a guest's and a member's versions differ in their columns.
   */
  const prepared = <P>(name: string, rows: (viewer: Viewer) => { prepare(name: string): P }) => ({
    guest: rows(null).prepare(`${name}_guest`),
    member: rows(sql.placeholder('viewer')).prepare(`${name}_member`),
  });
  const newest = prepared('newest_listings', (viewer) =>
    selectListings(db, viewer)
      .where(PUBLIC_LISTING_PREDICATE)
      .orderBy(sql`${products.created_at} desc nulls last`, products.id)
      .limit(sql.placeholder('size')),
  );
  const featured = prepared('featured_listings', (viewer) =>
    selectListings(db, viewer)
      .where(and(PUBLIC_LISTING_PREDICATE, sql.raw(`"products"."is_featured" = true`)))
      .orderBy(sql`random()`)
      .limit(sql.placeholder('size')),
  );
  const recentlySold = prepared('recently_sold_listings', (viewer) =>
    selectListings(db, viewer)
      .where(SOLD_LISTING_PREDICATE)
      .orderBy(sql`${products.sold_at} desc nulls last`, products.id)
      .limit(sql.placeholder('size')),
  );

  return {
    async home(viewerId: string | null, size: number) {
      const [featuredRows, newestRows] = await Promise.all([
        viewerId ? featured.member.execute({ viewer: viewerId, size }) : featured.guest.execute({ size }),
        viewerId ? newest.member.execute({ viewer: viewerId, size }) : newest.guest.execute({ size }),
      ]);
      return { featured: featuredRows, newest: newestRows };
    },

    async recentlySold(viewerId: string | null, size: number) {
      return viewerId
        ? recentlySold.member.execute({ viewer: viewerId, size })
        : recentlySold.guest.execute({ size });
    },

    /**
     * Public listings like this one: same category, at least one shared gear type; nearest first
     * when it has coordinates, then by shared gear types and rod/reel details, then newest.
     */
    async similar(source: SimilarSource, viewerId: string | null, limit: number) {
      const point =
        source.location_lat !== null && source.location_lng !== null
          ? { lat: source.location_lat, lng: source.location_lng }
          : null;
      const gearTypes = textArray(source.gear_types);
      const sameDetail = (column: SQLWrapper, value: string | null) =>
        value === null ? sql`0` : sql`(${column} is not distinct from ${value})::int`;
      const score = sql`(cardinality(array(select unnest(${products.gear_types}) intersect select unnest(${gearTypes}))) + ${sameDetail(products.rod_power_rating, source.rod_power_rating)} + ${sameDetail(products.rod_composition, source.rod_composition)} + ${sameDetail(products.reel_type, source.reel_type)} + ${sameDetail(products.brand, source.brand)})`;
      const order: SQL[] = point ? [sql`${distanceMiles(point)} asc nulls last`] : [];
      return selectListings(db, viewerId, point)
        .where(
          and(
            PUBLIC_LISTING_PREDICATE,
            eq(products.category, source.category),
            ne(products.id, source.id),
            sql`${products.gear_types} && ${gearTypes}`,
          ),
        )
        .orderBy(...order, sql`${score} desc`, sql`${products.created_at} desc nulls last`, products.id)
        .limit(limit);
    },
  };
}
