import {
  and,
  desc,
  eq,
  gte,
  inArray,
  lte,
  ne,
  or,
  fillPlaceholders,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { degreeBox, greatCircleMeters, METERS_PER_MILE } from '../../db/great-circle.js';
import { AWAITING_APPROVAL_REASON } from '../../db/moderation-reasons.js';
import { bigint, pgTable, primaryKey, text, unionAll } from 'drizzle-orm/pg-core';
import { TEXT_SEARCH_MATCH_LIMIT, type ListingFields, type NotificationDto } from '@castline/shared';
import {
  queryRows,
  timestampText,
  type CompiledStatement,
  type Database,
  type Transaction,
} from '../../db/client.js';
import { listingResourceColumns } from '../../db/listing-resource-columns.js';
import {
  listingViews,
  messages,
  offers,
  PUBLIC_LISTING_PREDICATE,
  productFavorites,
  productLikes,
  products,
  profiles,
  SOLD_LISTING_PREDICATE,
} from '../../db/schema/index.js';
import { insertNotifications } from '../notifications/index.js';
import { readSiteSettings } from '../admin/index.js';
import { writeAudit, type AuditEntry } from '../audit/index.js';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * Typo tolerance: a search word that no listing uses is corrected to the most similar word listings
 * do use when their trigram similarity is at least this ("shimno" and "shimano": 0.5). It is
 * pg_trgm's default strict word similarity threshold, which the `%>>` operator (and so the
 * vocabulary's trigram index) applies; the query checks it again, so a changed setting cannot
 * loosen it.
 */
export const WORD_CORRECTION_SIMILARITY = 0.5;
const BUYER_CANDIDATES_LIMIT = 50;

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** A list search after parsing (see listings.service.ts). */
export interface ListingSearch {
  viewerId: string | null;
  /** Which rows are eligible at all. */
  scope:
    | { kind: 'public' }
    | { kind: 'sold' }
    /** A seller's own listings of every status (never deleted ones); `sold` narrows it. */
    | { kind: 'own'; sellerId: string; sold: boolean | null };
  sellerId: string | null;
  q: string | null;
  /**
   * `q` with its misspelt words corrected (see correctSearchText); the search matches either.
   * Null or equal to `q` when nothing was corrected.
   */
  qCorrected?: string | null;
  categories: string[];
  conditions: string[];
  gearTypes: string[];
  priceMin: number | null;
  priceMax: number | null;
  brand: string | null;
  rodPowers: string[];
  rodCompositions: string[];
  reelTypes: string[];
  rodLengthMin: number | null;
  rodLengthMax: number | null;
  featured: boolean | null;
  /** Distance is computed from this point; `radiusMiles` also filters by it. */
  point: GeoPoint | null;
  radiusMiles: number | null;
  sort: 'newest' | 'oldest' | 'price_asc' | 'price_desc' | 'distance' | 'relevance';
  limit: number;
  offset: number;
}

/** The fields a service decision needs (visibility, ownership, sale state). */
export interface ListingState {
  id: string;
  title: string;
  seller_id: string;
  deleted: boolean;
  moderation_status: string;
  visible_in_marketplace: boolean;
  sold: boolean;
  buyer_id: string | null;
  transaction_rating: number | null;
  location: string;
  location_lat: number | null;
  location_lng: number | null;
}

/**
 * What another feature did inside a listing's transaction (alert matches, settled offers): the
 * notifications it wrote and what to push once the transaction has committed.
 */
export interface ListingSideEffects {
  notifications: NotificationDto[];
  publish?: () => Promise<void>;
}

/** Work run inside a listing's create, edit or sale transaction, after the listing row changed. */

export type ListingTransactionHook = (tx: Transaction, listingId: string) => Promise<ListingSideEffects>;

const NO_SIDE_EFFECTS: ListingTransactionHook = async () => ({ notifications: [] });

/** A text[] literal built from bound parameters. */
function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

const tsQuery = (q: Placeholder) => sql`websearch_to_tsquery('english', ${q})`;

/** Whether a text search also matches a corrected text (see correctSearchText). */
function isCorrected(search: ListingSearch): boolean {
  return Boolean(search.q && search.qCorrected && search.qCorrected !== search.q);
}

/** The full-text query of a search: its text, or its text or the corrected text. */
function textQuery(search: ListingSearch): SQL {
  if (!isCorrected(search)) return tsQuery(bound.q);
  return sql`(${tsQuery(bound.q)} || ${tsQuery(bound.qCorrected)})`;
}

/** The words of a search that typo correction looks at (lower-cased, three letters or more). */
export function searchWords(q: string): string[] {
  return [
    ...new Set(
      q
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length >= 3 && !/^\p{N}+$/u.test(word)),
    ),
  ].slice(0, 6);
}

/** `q` with each word found in `corrections` replaced, everything else (operators, quotes) kept. */
export function applyCorrections(q: string, corrections: ReadonlyMap<string, string>): string {
  return q
    .split(/([^\p{L}\p{N}]+)/u)
    .map((part) => corrections.get(part.toLowerCase()) ?? part)
    .join('');
}

/*
 * A search's statement is compiled once per shape (compiledSearch below): its values are
 * placeholders, named after the fields of SearchValues, bound when it runs.
 */
const bound = {
  viewer: sql.placeholder('viewer'),
  ownSellerId: sql.placeholder('ownSellerId'),
  sellerId: sql.placeholder('sellerId'),
  categories: sql.placeholder('categories'),
  conditions: sql.placeholder('conditions'),
  gearTypes: sql.placeholder('gearTypes'),
  priceMin: sql.placeholder('priceMin'),
  priceMax: sql.placeholder('priceMax'),
  q: sql.placeholder('q'),
  qCorrected: sql.placeholder('qCorrected'),
  brand: sql.placeholder('brand'),
  rodPowers: sql.placeholder('rodPowers'),
  rodCompositions: sql.placeholder('rodCompositions'),
  reelTypes: sql.placeholder('reelTypes'),
  rodLengthMin: sql.placeholder('rodLengthMin'),
  rodLengthMax: sql.placeholder('rodLengthMax'),
  lat: sql.placeholder('lat'),
  lng: sql.placeholder('lng'),
  meters: sql.placeholder('meters'),
  latMin: sql.placeholder('latMin'),
  latMax: sql.placeholder('latMax'),
  lngMin: sql.placeholder('lngMin'),
  lngMax: sql.placeholder('lngMax'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};
type SearchValues = Record<keyof typeof bound, unknown>;

/** The values a search's placeholders stand for. */
function searchValues(search: ListingSearch): SearchValues {
  const meters = search.radiusMiles === null ? null : search.radiusMiles * METERS_PER_MILE;
  return {
    viewer: search.viewerId,
    ownSellerId: search.scope.kind === 'own' ? search.scope.sellerId : null,
    sellerId: search.sellerId,
    categories: listValue(search.categories),
    conditions: listValue(search.conditions),
    gearTypes: search.gearTypes,
    priceMin: search.priceMin,
    priceMax: search.priceMax,
    q: search.q,
    qCorrected: search.qCorrected ?? null,
    brand: search.brand?.toLowerCase() ?? null,
    rodPowers: listValue(search.rodPowers),
    rodCompositions: listValue(search.rodCompositions),
    reelTypes: listValue(search.reelTypes),
    rodLengthMin: search.rodLengthMin,
    rodLengthMax: search.rodLengthMax,
    lat: search.point?.lat ?? null,
    lng: search.point?.lng ?? null,
    meters,
    ...(search.point && meters !== null
      ? degreeBox(search.point.lat, search.point.lng, meters)
      : { latMin: null, latMax: null, lngMin: null, lngMax: null }),
    limit: search.limit,
    offset: search.offset,
  };
}

/**
 * `column = value` for a list of one (so that an index on the column can also give the order),
 * `column = any(values)` for more: one placeholder for a list of any length.
 */
function anyOf(column: SQLWrapper, list: readonly string[], values: Placeholder): SQL {
  return list.length === 1 ? sql`${column} = ${values}` : sql`${column} = any(${values}::text[])`;
}

/** A list's value for anyOf: its one element, or the list. */
const listValue = (list: readonly string[]) => (list.length === 1 ? list[0] : list);

/** The search's point (placeholders): every point a search uses is its own. */
const searchPoint = { lat: bound.lat, lng: bound.lng };
type PointSql = { lat: number | Placeholder; lng: number | Placeholder };

function pointEarth(point: PointSql): SQL {
  return sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
}
const listingEarth = sql`ll_to_earth(${products.location_lat}, ${products.location_lng})`;

/**
 * Great-circle meters from `point` to the listing (null without coordinates) on earthdistance's
 * sphere of radius earth(): the haversine formula over latitudes and longitudes. It equals
 * earth_distance(ll_to_earth(point), ll_to_earth(listing)) without building two earth points
 * (domain-checked cubes) a row, which made radius filters and distance sorts ~8× slower.
 */
function distanceMeters(point: PointSql): SQL {
  return greatCircleMeters(
    sql`${point.lat}::float8`,
    sql`${point.lng}::float8`,
    sql`${products.location_lat}`,
    sql`${products.location_lng}`,
  );
}

function distanceMiles(point: PointSql | null): SQL<number | null> {
  if (!point) return sql<number | null>`null::float8`;
  return sql<number | null>`(${distanceMeters(point)} / ${METERS_PER_MILE}::float8)`;
}

/** The viewer whose likes and favourites a row shows: an id, a prepared statement's placeholder, or nobody. */
type Viewer = string | Placeholder<'viewer'> | null;

function listingColumns(viewerId: Viewer, point: PointSql | null) {
  return {
    id: products.id,
    title: products.title,
    description: products.description,
    price: products.price,
    condition: products.condition,
    category: products.category,
    gear_types: products.gear_types,
    images: products.images,
    seller_id: products.seller_id,
    location: products.location,
    location_lat: products.location_lat,
    location_lng: products.location_lng,
    brand: products.brand,
    model: products.model,
    rod_brand: products.rod_brand,
    rod_composition: products.rod_composition,
    rod_length_feet: products.rod_length_feet,
    rod_length_inches: products.rod_length_inches,
    rod_power_rating: products.rod_power_rating,
    reel_brand: products.reel_brand,
    reel_type: products.reel_type,
    reel_gear_ratio: products.reel_gear_ratio,
    sold: products.sold,
    sold_at: products.sold_at,
    buyer_id: products.buyer_id,
    transaction_rating: products.transaction_rating,
    deleted: products.deleted,
    visible_in_marketplace: products.visible_in_marketplace,
    moderation_status: products.moderation_status,
    is_featured: products.is_featured,
    likes_count: products.likes_count,
    favorites_count: products.favorites_count,
    views_count: products.views_count,
    created_at: products.created_at,
    updated_at: products.updated_at,
    seller_username: profiles.username,
    seller_avatar_url: profiles.avatar_url,
    seller_rating: profiles.seller_rating,
    seller_sales_count: profiles.sales_count,
    seller_created_at: profiles.created_at,
    liked: viewerId
      ? sql<boolean>`exists (select 1 from ${productLikes} where ${productLikes.product_id} = ${products.id} and ${productLikes.user_id} = ${viewerId})`
      : sql<boolean>`false`,
    favorited: viewerId
      ? sql<boolean>`exists (select 1 from ${productFavorites} where ${productFavorites.product_id} = ${products.id} and ${productFavorites.user_id} = ${viewerId})`
      : sql<boolean>`false`,
    distance: distanceMiles(point).mapWith(Number),
  };
}

/** A search's columns: the viewer's likes and favourites and the distance when it has them. */
function searchColumns(search: ListingSearch) {
  return listingColumns(search.viewerId ? bound.viewer : null, search.point ? searchPoint : null);
}

const asNumberOrNull = (value: unknown): number | null => (value === null ? null : Number(value));

/** The index of each listing column in a compiled search's rows (arrays in select order). */
const at = Object.fromEntries(
  Object.keys(listingColumns(null, null)).map((name, index) => [name, index]),
) as Record<keyof ReturnType<typeof listingColumns>, number>;
/** The page query's last column: the total. */
const TOTAL_AT = Object.keys(at).length;

/**
 * A listing of a compiled search: a `ListingRow` whose timestamps are ISO text already (they
 * only go out as JSON; making a `Date` of each and writing it back was a tenth of a search's CPU).
 */
export type SearchListingRow = Omit<
  ListingRow,
  'created_at' | 'updated_at' | 'sold_at' | 'seller_created_at'
> & {
  created_at: string;
  updated_at: string;
  sold_at: string | null;
  seller_created_at: string;
};

/**
 * A row of a compiled search as the query builder would map it, numerics as numbers, but
 * timestamps as ISO text (the rows are read with `timestampsAsText`).
 */
function searchRow(v: unknown[]): SearchListingRow {
  return {
    id: v[at.id] as string,
    title: v[at.title] as string,
    description: v[at.description] as string,
    price: Number(v[at.price]),
    condition: v[at.condition] as string,
    category: v[at.category] as string,
    gear_types: v[at.gear_types] as string[],
    images: v[at.images] as string[],
    seller_id: v[at.seller_id] as string,
    location: v[at.location] as string,
    location_lat: asNumberOrNull(v[at.location_lat]),
    location_lng: asNumberOrNull(v[at.location_lng]),
    brand: v[at.brand] as string | null,
    model: v[at.model] as string | null,
    rod_brand: v[at.rod_brand] as string | null,
    rod_composition: v[at.rod_composition] as string | null,
    rod_length_feet: v[at.rod_length_feet] as number | null,
    rod_length_inches: v[at.rod_length_inches] as number | null,
    rod_power_rating: v[at.rod_power_rating] as string | null,
    reel_brand: v[at.reel_brand] as string | null,
    reel_type: v[at.reel_type] as string | null,
    reel_gear_ratio: v[at.reel_gear_ratio] as string | null,
    sold: v[at.sold] as boolean,
    sold_at: v[at.sold_at] === null ? null : timestampText(v[at.sold_at]),
    buyer_id: v[at.buyer_id] as string | null,
    transaction_rating: v[at.transaction_rating] as number | null,
    deleted: v[at.deleted] as boolean,
    visible_in_marketplace: v[at.visible_in_marketplace] as boolean,
    moderation_status: v[at.moderation_status] as string,
    is_featured: v[at.is_featured] as boolean,
    likes_count: v[at.likes_count] as number,
    favorites_count: v[at.favorites_count] as number,
    views_count: v[at.views_count] as number,
    created_at: timestampText(v[at.created_at]),
    updated_at: timestampText(v[at.updated_at]),
    seller_username: v[at.seller_username] as string,
    seller_avatar_url: v[at.seller_avatar_url] as string | null,
    seller_rating: Number(v[at.seller_rating]),
    seller_sales_count: v[at.seller_sales_count] as number,
    seller_created_at: timestampText(v[at.seller_created_at]),
    liked: Boolean(v[at.liked]),
    favorited: Boolean(v[at.favorited]),
    // Null without a point or coordinates, as the query builder maps it (its type says number).
    distance: asNumberOrNull(v[at.distance]) as number,
  };
}

/**
 * Every filter of a list search, shared by the page query and the count. Which filters are set
 * shapes the statement; their values are placeholders (see `bound`).
 */
function searchConditions(search: ListingSearch): SQL[] {
  const conditions: SQL[] = [];
  const { scope } = search;
  if (scope.kind === 'public') conditions.push(PUBLIC_LISTING_PREDICATE);
  else if (scope.kind === 'sold') conditions.push(SOLD_LISTING_PREDICATE);
  else {
    conditions.push(
      sql`${products.seller_id} = ${bound.ownSellerId}`,
      sql.raw(`"products"."deleted" = false`),
    );
    if (scope.sold !== null) conditions.push(sql.raw(`"products"."sold" = ${scope.sold ? 'true' : 'false'}`));
  }
  if (search.sellerId && scope.kind !== 'own') conditions.push(eq(products.seller_id, bound.sellerId));
  if (search.categories.length)
    conditions.push(anyOf(products.category, search.categories, bound.categories));
  if (search.conditions.length)
    conditions.push(anyOf(products.condition, search.conditions, bound.conditions));
  if (search.gearTypes.length) conditions.push(sql`${products.gear_types} && ${bound.gearTypes}::text[]`);
  if (search.priceMin !== null) conditions.push(gte(products.price, bound.priceMin));
  if (search.priceMax !== null) conditions.push(lte(products.price, bound.priceMax));
  if (search.q) {
    // Full text (stemmed, weighted) of the search as typed or as corrected.
    conditions.push(sql`${products.search_vector} @@ ${textQuery(search)}`);
  }
  if (search.brand) {
    conditions.push(
      sql`(lower(${products.brand}) = ${bound.brand} or lower(${products.rod_brand}) = ${bound.brand} or lower(${products.reel_brand}) = ${bound.brand})`,
    );
  }
  if (search.rodPowers.length)
    conditions.push(anyOf(products.rod_power_rating, search.rodPowers, bound.rodPowers));
  if (search.rodCompositions.length)
    conditions.push(anyOf(products.rod_composition, search.rodCompositions, bound.rodCompositions));
  if (search.reelTypes.length) conditions.push(anyOf(products.reel_type, search.reelTypes, bound.reelTypes));
  const rodLength = sql`(${products.rod_length_feet} * 12 + coalesce(${products.rod_length_inches}, 0))`;
  if (search.rodLengthMin !== null) conditions.push(sql`${rodLength} >= ${bound.rodLengthMin}`);
  if (search.rodLengthMax !== null) conditions.push(sql`${rodLength} <= ${bound.rodLengthMax}`);
  if (search.featured !== null) {
    conditions.push(sql.raw(`"products"."is_featured" = ${search.featured ? 'true' : 'false'}`));
  }
  if (search.point && search.radiusMiles !== null) {
    // A box of latitudes and longitudes around the point (degreeBox), which the public list reads
    // from products_public_location_idx alone; the great-circle distance trims its corners.
    conditions.push(
      sql`${products.location_lat} is not null and ${products.location_lng} is not null`,
      sql`${products.location_lat} between ${bound.latMin} and ${bound.latMax}`,
      sql`${products.location_lng} between ${bound.lngMin} and ${bound.lngMax}`,
    );
    // Other lists (sold, a seller's own) have no such index: the earthdistance GiST index (its
    // bounding cube) serves them. Not on the public list, whose plan it would take over.
    if (scope.kind !== 'public') {
      conditions.push(sql`earth_box(${pointEarth(searchPoint)}, ${bound.meters}::float8) @> ${listingEarth}`);
    }
    conditions.push(sql`${distanceMeters(searchPoint)} <= ${bound.meters}::float8`);
  }
  return conditions;
}

/**
 * What makes two searches' statements the same text: which filters are set (not their values),
 * the scope, the sort, whether a viewer and a point are given and whether the text was corrected.
 */
function searchShape(search: ListingSearch): string {
  const { scope } = search;
  // Lists: none, one (bound as a value) or more (an array).
  const set = (value: unknown) => (value === null ? 0 : Array.isArray(value) ? Math.min(value.length, 2) : 1);
  return [
    scope.kind === 'own' ? `own:${String(scope.sold)}` : scope.kind,
    set(search.viewerId),
    set(search.sellerId),
    set(search.q),
    isCorrected(search) ? 1 : 0,
    set(search.categories),
    set(search.conditions),
    set(search.gearTypes),
    set(search.priceMin),
    set(search.priceMax),
    set(search.brand),
    set(search.rodPowers),
    set(search.rodCompositions),
    set(search.reelTypes),
    set(search.rodLengthMin),
    set(search.rodLengthMax),
    String(search.featured),
    set(search.point),
    set(search.radiusMiles),
    search.sort,
  ].join('|');
}

/**
 * Public listings by category and condition, kept exact by the triggers of migration
 * 0007_listing_search_speed (outside the drizzle schema, which cannot declare triggers): the
 * total of a search that filters by nothing else is the sum of a few rows instead of a count
 * of every public listing.
 */
const listingPublicCounts = pgTable(
  'listing_public_counts',
  {
    category: text('category').notNull(),
    condition: text('condition').notNull(),
    listings: bigint('listings', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.category, table.condition] })],
);

/**
 * The category and condition filters of a public search that has no other filter (so that its
 * total is in listing_public_counts); null otherwise. Any filter added to ListingSearch counts
 * as another filter while it is set.
 */
function publicCountFilters(search: ListingSearch): { categories: string[]; conditions: string[] } | null {
  const {
    viewerId: _viewerId,
    scope,
    categories,
    conditions,
    point: _point,
    sort: _sort,
    limit: _limit,
    offset: _offset,
    ...filters
  } = search;
  if (scope.kind !== 'public') return null;
  const unfiltered = Object.values(filters).every(
    (value) => value === null || (Array.isArray(value) && value.length === 0),
  );
  return unfiltered ? { categories, conditions } : null;
}

function searchOrder(search: ListingSearch): SQL[] {
  const byTime = search.scope.kind === 'sold' ? products.sold_at : products.created_at;
  switch (search.sort) {
    case 'relevance':
      if (search.q) {
        return [
          sql`ts_rank(${products.search_vector}, ${textQuery(search)}) desc`,
          sql`${products.created_at} desc nulls last`,
          sql`${products.id} asc`,
        ];
      }
      break;
    case 'distance':
      if (search.point) return [sql`${distanceMiles(searchPoint)} asc nulls last`, sql`${products.id} asc`];
      break;
    case 'price_asc':
      return [sql`${products.price} asc`, sql`${products.id} asc`];
    case 'price_desc':
      return [sql`${products.price} desc`, sql`${products.id} desc`];
    case 'oldest':
      return [sql`${byTime} asc nulls first`, sql`${products.id} desc`];
    case 'newest':
      break;
  }
  // Matches the (created_at desc nulls last, id) and (sold_at desc nulls last, id) indexes.
  return [sql`${byTime} desc nulls last`, sql`${products.id} asc`];
}

/**
 * `q` with every word that no listing uses replaced by the most similar word listings do use (the
 * listing_words vocabulary; candidates share trigrams with the typed word, found through its
 * trigram index), when similar enough (WORD_CORRECTION_SIMILARITY); null when nothing needed
 * correcting. One statement.
 */
async function correctSearchText(executor: Executor, q: string): Promise<string | null> {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const result = await executor.execute(sql`
    select typed.word as typed, closest.word as closest
    from unnest(${textArray(words)}) as typed(word)
    cross join lateral (
      select listing_words.word, strict_word_similarity(typed.word, listing_words.word) as score
      from listing_words
      where listing_words.word %>> typed.word
      order by score desc, length(listing_words.word), listing_words.word
      limit 1
    ) as closest
    where closest.word <> typed.word and closest.score >= ${WORD_CORRECTION_SIMILARITY}::float4`);
  const { rows: corrected } = result as unknown as { rows: { typed: string; closest: string }[] };
  if (corrected.length === 0) return null;
  return applyCorrections(q, new Map(corrected.map(({ typed, closest }) => [typed, closest])));
}

export function createListingsRepository(db: Database) {
  const selectListings = (executor: Executor, viewerId: Viewer, point: GeoPoint | null = null) =>
    executor
      .select(listingColumns(viewerId, point))
      .from(products)
      // A listing whose seller profile is missing is skipped (spec 000 §8).
      .innerJoin(profiles, eq(profiles.id, products.seller_id));

  /*
   * The hottest fixed-shape reads as prepared statements: on PostgreSQL each pooled connection
   * parses and plans them once (named statements), then only binds the values. A guest's and a
   * member's versions differ in their columns (the member's likes and favourites).
   */
  const guest = null;
  const member = sql.placeholder('viewer');
  const listingById = (viewer: Viewer) =>
    selectListings(db, viewer)
      .where(eq(products.id, sql.placeholder('id')))
      .limit(1);
  const newestListings = (viewer: Viewer) =>
    selectListings(db, viewer)
      .where(PUBLIC_LISTING_PREDICATE)
      .orderBy(sql`${products.created_at} desc nulls last`, products.id)
      .limit(sql.placeholder('size'));
  const prepared = {
    listingById: {
      guest: listingById(guest).prepare('listing_by_id_guest'),
      member: listingById(member).prepare('listing_by_id_member'),
    },
    newestListings: {
      guest: newestListings(guest).prepare('newest_listings_guest'),
      member: newestListings(member).prepare('newest_listings_member'),
    },
  };

  /**
   * The newest TEXT_SEARCH_MATCH_LIMIT + 1 matches of a text search: the listings its relevance
   * order ranks (decision 0013). One more than the limit tells that there are more.
   */
  function textCandidates(executor: Executor, where: SQL | undefined) {
    return executor
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(sql`${products.created_at} desc nulls last`, products.id)
      .limit(TEXT_SEARCH_MATCH_LIMIT + 1);
  }

  /**
   * The number of listings a search matches: exact (from listing_public_counts when it can), or
   * for a text search counted up to TEXT_SEARCH_MATCH_LIMIT + 1.
   */
  function countQuery(executor: Executor, search: ListingSearch, where: SQL | undefined) {
    if (search.q !== null) {
      const capped = executor
        .select({ one: sql`1`.as('one') })
        .from(products)
        .where(where)
        .limit(TEXT_SEARCH_MATCH_LIMIT + 1)
        .as('capped');
      return executor.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(capped);
    }
    const counted = publicCountFilters(search);
    if (counted) {
      return executor
        .select({ total: sql<number>`coalesce(sum(${listingPublicCounts.listings}), 0)`.mapWith(Number) })
        .from(listingPublicCounts)
        .where(
          and(
            counted.categories.length
              ? anyOf(listingPublicCounts.category, counted.categories, bound.categories)
              : undefined,
            counted.conditions.length
              ? anyOf(listingPublicCounts.condition, counted.conditions, bound.conditions)
              : undefined,
          ),
        );
    }
    // seller_id is NOT NULL and references profiles (cascade), so the count needs no join.
    return executor
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where);
  }

  /**
   * What a search's statements share: its filter and its order. A text search in relevance order
   * ranks only its newest TEXT_SEARCH_MATCH_LIMIT + 1 matches (decision 0013).
   */
  function searchParts(search: ListingSearch) {
    const where = and(...searchConditions(search));
    const ranksNewest = search.q !== null && search.sort === 'relevance';
    return {
      where: ranksNewest ? and(where, inArray(products.id, textCandidates(db, where))) : where,
      order: searchOrder(search),
    };
  }
  type SearchParts = ReturnType<typeof searchParts>;

  /** The page, each row carrying the exact total (one statement, one round trip). */
  function pageQuery(executor: Executor, search: ListingSearch, { where, order }: SearchParts) {
    const count = countQuery(executor, search, where);
    return (
      executor
        .select({
          ...searchColumns(search),
          total: sql<number>`(${count})`.mapWith(Number),
        })
        .from(products)
        // A listing whose seller profile is missing is skipped (spec 000 §8).
        .innerJoin(profiles, eq(profiles.id, products.seller_id))
        .where(where)
        .orderBy(...order)
        .limit(bound.limit)
        .offset(bound.offset)
    );
  }

  /**
   * The page of a search that reads every match to order them (text relevance, distance within a
   * radius): it orders narrow rows (the id) and counts them in the same pass (a window count),
   * then reads the page's rows and orders them again. One pass over the matches instead of two
   * (page and count), and the wide rows of every match are never materialized.
   */
  function rankedPageQuery(executor: Executor, search: ListingSearch, { where, order }: SearchParts) {
    const ranked = executor
      .select({ id: products.id, total: sql<number>`count(*) over ()`.as('total') })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(bound.limit)
      .offset(bound.offset)
      .as('ranked');
    return executor
      .select({
        ...searchColumns(search),
        total: sql<number>`${ranked.total}`.mapWith(Number),
      })
      .from(ranked)
      .innerJoin(products, eq(products.id, ranked.id))
      .innerJoin(profiles, eq(profiles.id, products.seller_id))
      .orderBy(...order);
  }

  /** Whether a search reads every match to order them (see rankedPageQuery). */
  const readsEveryMatch = (search: ListingSearch) =>
    (search.q !== null && search.sort === 'relevance') ||
    (search.sort === 'distance' && search.radiusMiles !== null);

  /*
   * A search's statements, compiled once per shape (searchShape): building a statement through
   * the query builder cost more CPU than PostgreSQL spent running it, so each shape's SQL text is
   * kept and only its values are bound per request. Shapes are few in practice; the oldest is
   * dropped past COMPILED_SEARCHES.
   */
  const COMPILED_SEARCHES = 500;
  const compiledSearches = new Map<string, CompiledStatement>();
  function compiledSearch(kind: 'page' | 'count', search: ListingSearch): CompiledStatement {
    const key = `${kind}|${searchShape(search)}`;
    const cached = compiledSearches.get(key);
    if (cached) return cached;
    const parts = searchParts(search);
    const query =
      kind === 'count'
        ? countQuery(db, search, parts.where)
        : readsEveryMatch(search)
          ? rankedPageQuery(db, search, parts)
          : pageQuery(db, search, parts);
    const { sql: text, params } = query.toSQL();
    const compiled = { text, params };
    if (compiledSearches.size >= COMPILED_SEARCHES) {
      compiledSearches.delete(compiledSearches.keys().next().value!);
    }
    compiledSearches.set(key, compiled);
    return compiled;
  }

  /** The statements of a search with its values (read by the index tests through EXPLAIN). */
  function searchQueries(search: ListingSearch) {
    const values = searchValues(search);
    const withValues = (statement: CompiledStatement) => ({
      toSQL: () => ({ sql: statement.text, params: fillPlaceholders(statement.params, values) }),
    });
    return {
      count: withValues(compiledSearch('count', search)),
      page: withValues(compiledSearch('page', search)),
    };
  }

  async function runSearch(search: ListingSearch) {
    const values = searchValues(search);
    const page = await queryRows(db, compiledSearch('page', search), values, { timestampsAsText: true });
    // A text search shows no match past its limit, whatever page is asked for.
    const shown =
      search.q === null ? page : page.slice(0, Math.max(0, TEXT_SEARCH_MATCH_LIMIT - search.offset));
    const rows = shown.map(searchRow);
    let total: number;
    if (page[0]) total = Number(page[0][TOTAL_AT]);
    // Nothing matched, or the page is past the last one and no row carries the total.
    else if (search.offset === 0) total = 0;
    else total = Number((await queryRows(db, compiledSearch('count', search), values))[0]?.[0] ?? 0);
    // A text search counts one past its limit to know that there are more.
    if (search.q !== null && total > TEXT_SEARCH_MATCH_LIMIT) {
      return { rows, total: TEXT_SEARCH_MATCH_LIMIT, totalCapped: true };
    }
    return { rows, total, totalCapped: false };
  }

  return {
    db,

    searchQueries,

    async search(search: ListingSearch) {
      if (!search.q) return runSearch(search);
      return runSearch({ ...search, qCorrected: await correctSearchText(db, search.q) });
    },

    correctSearchText: (q: string) => correctSearchText(db, q),

    async findById(id: string, viewerId: string | null) {
      const [row] = await (viewerId
        ? prepared.listingById.member.execute({ id, viewer: viewerId })
        : prepared.listingById.guest.execute({ id }));
      return row ?? null;
    },

    /**
     * One reader's view of a listing on `day` (decision 0015): the row, and one more on the
     * listing's views_count, in one transaction; nothing when this reader was counted that day
     * already. True when the view was new.
     */
    async recordView(productId: string, day: string, viewerKey: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(listingViews)
          .values({ product_id: productId, day, viewer_key: viewerKey })
          .onConflictDoNothing()
          .returning({ product_id: listingViews.product_id });
        if (inserted.length === 0) return false;
        await tx
          .update(products)
          .set({ views_count: sql`${products.views_count} + 1` })
          .where(eq(products.id, productId));
        return true;
      });
    },

    async findState(id: string): Promise<ListingState | null> {
      const [row] = await db
        .select({
          id: products.id,
          title: products.title,
          ...listingResourceColumns,
          location: products.location,
          location_lat: products.location_lat,
          location_lng: products.location_lng,
        })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      return row ?? null;
    },

    async profileExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id)).limit(1);
      return Boolean(row);
    },

    /**
     * Inserts a pending, unsold listing (kept out of public view while the site's settings make
     * new listings wait for approval) and counts it on the seller's profile, in one
     * transaction; `within` runs in that transaction once the row exists.
     */
    async create(
      sellerId: string,
      fields: ListingFields,
      coordinates: GeoPoint | null,
      within: ListingTransactionHook = NO_SIDE_EFFECTS,
    ): Promise<{ id: string; effects: ListingSideEffects }> {
      return db.transaction(async (tx) => {
        // With "listings need approval" on, a new listing stays out of public view until approved.
        const { listings_require_approval: awaitsApproval } = await readSiteSettings(tx);
        const [row] = await tx
          .insert(products)
          .values({
            ...columnsOf(fields, coordinates),
            seller_id: sellerId,
            moderation_status: 'pending',
            sold: false,
            ...(awaitsApproval
              ? { visible_in_marketplace: false, moderation_reason: AWAITING_APPROVAL_REASON }
              : {}),
          })
          .returning({ id: products.id });
        if (!row) throw new Error('listing insert returned nothing');
        await tx
          .update(profiles)
          .set({ products_count: sql`${profiles.products_count} + 1` })
          .where(eq(profiles.id, sellerId));
        return { id: row.id, effects: await within(tx, row.id) };
      });
    },

    /**
     * Replaces the form's fields; moderation and sale fields stay as they are. `within` runs in
     * the same transaction once the row changed. Null when there was no such listing.
     */
    async update(
      id: string,
      fields: ListingFields,
      coordinates: GeoPoint | null,
      within: ListingTransactionHook = NO_SIDE_EFFECTS,
    ): Promise<ListingSideEffects | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(products)
          .set({ ...columnsOf(fields, coordinates), updated_at: sql`now()` })
          .where(and(eq(products.id, id), eq(products.deleted, false)))
          .returning({ id: products.id });
        if (rows.length === 0) return null;
        return within(tx, id);
      });
    },

    /** Soft delete: hidden from everyone and no longer counted on the seller's profile. */
    async softDelete(id: string, audit?: AuditEntry): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(products)
          .set({
            deleted: true,
            deleted_at: sql`now()`,
            visible_in_marketplace: false,
            updated_at: sql`now()`,
          })
          .where(and(eq(products.id, id), eq(products.deleted, false)))
          .returning({ seller_id: products.seller_id });
        if (!row) return false;
        if (audit) await writeAudit(tx, audit);
        await tx
          .update(profiles)
          .set({ products_count: sql`greatest(${profiles.products_count} - 1, 0)` })
          .where(eq(profiles.id, row.seller_id));
        return true;
      });
    },

    /**
     * mark_product_as_sold: sold, hidden from the marketplace, one more sale for the seller and
     * a PRODUCT_SOLD notification for the buyer, all or nothing; `within` runs in the same
     * transaction (the listing's open offers are settled there). Null when it was already sold.
     */
    async markSold(
      id: string,
      buyerId: string | null,
      within: ListingTransactionHook = NO_SIDE_EFFECTS,
    ): Promise<ListingSideEffects | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(products)
          .set({
            sold: true,
            sold_at: sql`now()`,
            buyer_id: buyerId,
            visible_in_marketplace: false,
            updated_at: sql`now()`,
          })
          .where(and(eq(products.id, id), eq(products.sold, false), eq(products.deleted, false)))
          .returning({ title: products.title, seller_id: products.seller_id });
        if (!row) return null;
        await tx
          .update(profiles)
          .set({ sales_count: sql`${profiles.sales_count} + 1` })
          .where(eq(profiles.id, row.seller_id));
        const sold = buyerId
          ? await insertNotifications(tx, [
              {
                user_id: buyerId,
                type: 'PRODUCT_SOLD',
                title: 'Product Sold',
                message: `"${row.title}" was marked as sold to you`,
                data: { productId: id, product_id: id, productName: row.title, is_seller: false },
              },
            ])
          : [];
        const effects = await within(tx, id);
        return { ...effects, notifications: [...sold, ...effects.notifications] };
      });
    },

    /** The buyer's rating, once; the seller's rating becomes the average of their rated sales. */
    async rate(id: string, buyerId: string, rating: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(products)
          .set({ transaction_rating: rating })
          .where(
            and(
              eq(products.id, id),
              eq(products.buyer_id, buyerId),
              eq(products.sold, true),
              sql`${products.transaction_rating} is null`,
            ),
          )
          .returning({ seller_id: products.seller_id });
        if (!row) return false;
        const average = sql`coalesce((select round(avg(${products.transaction_rating})::numeric, 2) from ${products} where ${products.seller_id} = ${row.seller_id} and ${products.transaction_rating} is not null), 0)`;
        await tx
          .update(profiles)
          .set({ seller_rating: average, cached_seller_rating: average })
          .where(eq(profiles.id, row.seller_id));
        return true;
      });
    },

    /**
     * Flips the caller's like or favourite. The count moves only by rows really inserted or
     * deleted, so concurrent toggles never drift.
     */
    async toggle(kind: 'like' | 'favorite', productId: string, userId: string) {
      const table = kind === 'like' ? productLikes : productFavorites;
      const counter = kind === 'like' ? products.likes_count : products.favorites_count;
      return db.transaction(async (tx) => {
        const bump = async (delta: 1 | -1) => {
          const [row] = await tx
            .update(products)
            .set(
              kind === 'like'
                ? { likes_count: sql`greatest(${counter} + ${delta}, 0)` }
                : { favorites_count: sql`greatest(${counter} + ${delta}, 0)` },
            )
            .where(eq(products.id, productId))
            .returning({ count: counter });
          return row?.count ?? 0;
        };
        const inserted = await tx
          .insert(table)
          .values({ product_id: productId, user_id: userId })
          .onConflictDoNothing()
          .returning({ user_id: table.user_id });
        if (inserted.length > 0) return { active: true, count: await bump(1) };
        const deleted = await tx
          .delete(table)
          .where(and(eq(table.product_id, productId), eq(table.user_id, userId)))
          .returning({ user_id: table.user_id });
        if (deleted.length > 0) return { active: false, count: await bump(-1) };
        const [row] = await tx.select({ count: counter }).from(products).where(eq(products.id, productId));
        return { active: false, count: row?.count ?? 0 };
      });
    },

    /** The caller's favourites, newest favourite first; deleted ones and others' hidden ones left out. */
    async favorites(userId: string, limit: number, offset: number) {
      const where = and(
        eq(productFavorites.user_id, userId),
        eq(products.deleted, false),
        or(inArray(products.moderation_status, ['active', 'pending']), eq(products.seller_id, userId)),
      );
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(productFavorites)
        .innerJoin(products, eq(products.id, productFavorites.product_id))
        .where(where);
      const rows = await db
        .select(listingColumns(userId, null))
        .from(productFavorites)
        .innerJoin(products, eq(products.id, productFavorites.product_id))
        .innerJoin(profiles, eq(profiles.id, products.seller_id))
        .where(where)
        .orderBy(desc(productFavorites.created_at), products.id)
        .limit(limit)
        .offset(offset);
      return { rows, total: counted?.total ?? 0 };
    },

    async home(viewerId: string | null, size: number) {
      const [featured, newest] = await Promise.all([
        selectListings(db, viewerId)
          .where(and(PUBLIC_LISTING_PREDICATE, sql.raw(`"products"."is_featured" = true`)))
          .orderBy(sql`random()`)
          .limit(size),
        viewerId
          ? prepared.newestListings.member.execute({ viewer: viewerId, size })
          : prepared.newestListings.guest.execute({ size }),
      ]);
      return { featured, newest };
    },

    async recentlySold(viewerId: string | null, size: number) {
      return selectListings(db, viewerId)
        .where(SOLD_LISTING_PREDICATE)
        .orderBy(sql`${products.sold_at} desc nulls last`, products.id)
        .limit(size);
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

    /**
     * Members the seller may name as the buyer (never the seller): those who made an offer on
     * the listing (an accepted offer first), messaged the seller about it, liked or favourited
     * it; then latest interest first.
     */
    async buyerCandidates(productId: string, sellerId: string) {
      const interest = unionAll(
        db
          .select({
            user_id: offers.buyer_id,
            at: offers.updated_at,
            rank: sql<number>`case when ${offers.status} = 'accepted' then 0 else 1 end`.as('rank'),
          })
          .from(offers)
          .where(eq(offers.product_id, productId)),
        db
          .select({ user_id: messages.sender_id, at: messages.created_at, rank: sql<number>`1`.as('rank') })
          .from(messages)
          .where(and(eq(messages.product_id, productId), eq(messages.recipient_id, sellerId))),
        db
          .select({
            user_id: productLikes.user_id,
            at: productLikes.created_at,
            rank: sql<number>`1`.as('rank'),
          })
          .from(productLikes)
          .where(eq(productLikes.product_id, productId)),
        db
          .select({
            user_id: productFavorites.user_id,
            at: productFavorites.created_at,
            rank: sql<number>`1`.as('rank'),
          })
          .from(productFavorites)
          .where(eq(productFavorites.product_id, productId)),
      ).as('interest');
      return db
        .select({ id: profiles.id, username: profiles.username, avatar_url: profiles.avatar_url })
        .from(interest)
        .innerJoin(profiles, eq(profiles.id, interest.user_id))
        .where(ne(profiles.id, sellerId))
        .groupBy(profiles.id, profiles.username, profiles.avatar_url)
        .orderBy(sql`min(${interest.rank}) asc`, sql`max(${interest.at}) desc`, profiles.username)
        .limit(BUYER_CANDIDATES_LIMIT);
    },
  };
}

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

function columnsOf(fields: ListingFields, coordinates: GeoPoint | null) {
  return {
    title: fields.title,
    description: fields.description,
    price: fields.price,
    condition: fields.condition,
    category: fields.category,
    gear_types: fields.gear_types,
    images: fields.images,
    location: fields.location,
    location_lat: coordinates?.lat ?? null,
    location_lng: coordinates?.lng ?? null,
    brand: fields.brand,
    model: fields.model,
    rod_brand: fields.rod_brand,
    rod_composition: fields.rod_composition,
    rod_length_feet: fields.rod_length_feet,
    rod_length_inches: fields.rod_length_inches,
    rod_power_rating: fields.rod_power_rating,
    reel_brand: fields.reel_brand,
    reel_type: fields.reel_type,
    reel_gear_ratio: fields.reel_gear_ratio,
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
export type ListingRow = NonNullable<Awaited<ReturnType<ListingsRepository['findById']>>>;
