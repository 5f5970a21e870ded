import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { greatCircleMeters, METERS_PER_MILE } from '../../db/great-circle.js';
import { products } from '../../db/schema/index.js';

/*
 * Whether a listing matches search criteria, written once in SQL: the marketplace search binds its
 * criteria as values, and saved-search alerts compare their stored criteria (columns) with one
 * listing. Both build their conditions with listingCriteriaConditions.
 */

/** A value a statement compares with: a bound value, a placeholder, a column or an expression. */
export type SqlValue = SQLWrapper | Placeholder | number;

/**
 * One criterion's value. A search leaves out the criteria it does not have; saved criteria may be
 * empty for a row at run time: `empty` is true where they are, and the criterion then matches
 * every listing.
 */
export interface Criterion<V = SqlValue> {
  value: V;
  empty?: SQL;
}

/**
 * A list of allowed values: one value compared with `=` (so that an index on the column can also
 * give the order), or a text[] compared with `= any`.
 */
export type ListValue = { one: SqlValue } | { any: SqlValue };

export interface PointSql {
  lat: SqlValue;
  lng: SqlValue;
}

/** Within `meters` of `point`. */
export interface Within {
  point: PointSql;
  meters: SqlValue;
  /** Latitude and longitude bounds holding every such point, for an index on the coordinates. */
  box?: { latMin: SqlValue; latMax: SqlValue; lngMin: SqlValue; lngMax: SqlValue };
  /** Also earthdistance's bounding cube, which its GiST index serves. */
  earthBox?: boolean;
}

/** The criteria as SQL values; a missing one does not narrow the listings. */
export interface CriteriaSql {
  categories?: Criterion<ListValue> | undefined;
  conditions?: Criterion<ListValue> | undefined;
  /** A text[]: the listing has any of these gear types. */
  gearTypes?: Criterion | undefined;
  /** A text[]: the listing has all of these tags (products_tags_idx serves `@>`). */
  tags?: Criterion | undefined;
  priceMin?: Criterion | undefined;
  priceMax?: Criterion | undefined;
  /** A tsquery, matched against the listing's weighted full text. */
  text?: Criterion<SQL> | undefined;
  /** Lower-cased: the listing's brand, rod brand or reel brand, case-insensitively. */
  brand?: Criterion | undefined;
  rodPowers?: Criterion<ListValue> | undefined;
  rodCompositions?: Criterion<ListValue> | undefined;
  reelTypes?: Criterion<ListValue> | undefined;
  /** Rod length bounds, in inches. */
  rodLengthMin?: Criterion | undefined;
  rodLengthMax?: Criterion | undefined;
  /** Featured listings only (true) or the others only (false). */
  featured?: boolean | undefined;
  /** 'pickup': listings that can be picked up; 'shipping': listings that ship (both count for each). */
  handover?: Criterion | undefined;
  /** Listings that ship for free. */
  freeShipping?: Criterion<true> | undefined;
  within?: Criterion<Within> | undefined;
}

export function pointEarth(point: PointSql): SQL {
  return sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
}
export const listingEarth = sql`ll_to_earth(${products.location_lat}, ${products.location_lng})`;

/**
 * Great-circle meters from `point` to the listing (null without coordinates) on earthdistance's
 * sphere of radius earth(): the haversine formula over latitudes and longitudes. It equals
 * earth_distance(ll_to_earth(point), ll_to_earth(listing)) without building two earth points
 * (domain-checked cubes) a row, which made radius filters and distance sorts ~8× slower.
 */
export function distanceMeters(point: PointSql): SQL {
  return greatCircleMeters(
    sql`${point.lat}::float8`,
    sql`${point.lng}::float8`,
    sql`${products.location_lat}`,
    sql`${products.location_lng}`,
  );
}

export function distanceMiles(point: PointSql | null): SQL<number | null> {
  if (!point) return sql<number | null>`null::float8`;
  return sql<number | null>`(${distanceMeters(point)} / ${METERS_PER_MILE}::float8)`;
}

function inList(column: SQLWrapper, list: ListValue): SQL {
  return 'one' in list ? sql`${column} = ${list.one}` : sql`${column} = any(${list.any}::text[])`;
}

const rodLength = sql`(${products.rod_length_feet} * 12 + coalesce(${products.rod_length_inches}, 0))`;

/** The conditions a listing (the `products` row of the statement) meets when it matches `criteria`. */
export function listingCriteriaConditions(criteria: CriteriaSql): SQL[] {
  const conditions: SQL[] = [];
  function add<V>(criterion: Criterion<V> | undefined, test: (value: V) => SQL[]): void {
    if (!criterion) return;
    const tests = test(criterion.value);
    if (!criterion.empty) conditions.push(...tests);
    else {
      const all = sql.join(
        tests.map((item) => sql`(${item})`),
        sql` and `,
      );
      conditions.push(sql`(${criterion.empty} or (${all}))`);
    }
  }

  add(criteria.categories, (list) => [inList(products.category, list)]);
  add(criteria.conditions, (list) => [inList(products.condition, list)]);
  add(criteria.gearTypes, (types) => [sql`${products.gear_types} && ${types}::text[]`]);
  add(criteria.tags, (tags) => [sql`${products.tags} @> ${tags}::text[]`]);
  add(criteria.priceMin, (min) => [sql`${products.price} >= ${min}`]);
  add(criteria.priceMax, (max) => [sql`${products.price} <= ${max}`]);
  // Full text (stemmed, weighted).
  add(criteria.text, (query) => [sql`${products.search_vector} @@ ${query}`]);
  add(criteria.brand, (brand) => [
    sql`(lower(${products.brand}) = ${brand} or lower(${products.rod_brand}) = ${brand} or lower(${products.reel_brand}) = ${brand})`,
  ]);
  add(criteria.rodPowers, (list) => [inList(products.rod_power_rating, list)]);
  add(criteria.rodCompositions, (list) => [inList(products.rod_composition, list)]);
  add(criteria.reelTypes, (list) => [inList(products.reel_type, list)]);
  add(criteria.rodLengthMin, (min) => [sql`${rodLength} >= ${min}`]);
  add(criteria.rodLengthMax, (max) => [sql`${rodLength} <= ${max}`]);
  // A listing offering both handovers matches either filter.
  add(criteria.handover, (handover) => [sql`${products.handover} in (${handover}, 'both')`]);
  add(criteria.freeShipping, () => [
    sql.raw(`"products"."handover" in ('shipping', 'both') and "products"."shipping_price" = 0`),
  ]);
  if (criteria.featured !== undefined) {
    conditions.push(sql.raw(`"products"."is_featured" = ${criteria.featured ? 'true' : 'false'}`));
  }
  // A listing without coordinates is never within a distance.
  add(criteria.within, ({ point, meters, box, earthBox }) => [
    sql`${products.location_lat} is not null and ${products.location_lng} is not null`,
    ...(box
      ? [
          sql`${products.location_lat} between ${box.latMin} and ${box.latMax}`,
          sql`${products.location_lng} between ${box.lngMin} and ${box.lngMax}`,
        ]
      : []),
    ...(earthBox ? [sql`earth_box(${pointEarth(point)}, ${meters}::float8) @> ${listingEarth}`] : []),
    sql`${distanceMeters(point)} <= ${meters}::float8`,
  ]);
  return conditions;
}
