import { eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  effectiveSort,
  type HandoverFilter,
  type ListingSearchCriteria,
  type ListingSort,
} from '@castline/shared';
import { degreeBox, METERS_PER_MILE } from '../../db/great-circle.js';
import { PUBLIC_LISTING_PREDICATE, products, SOLD_LISTING_PREDICATE } from '../../db/schema/index.js';
import {
  distanceMiles,
  listingCriteriaConditions,
  listingEarth,
  pointEarth,
  type Criterion,
  type ListValue,
} from './listing-criteria-sql.js';
import { listingColumns, type GeoPoint } from './listings-rows.js';

/*
 * A listing search's SQL: which rows are eligible, the criteria's conditions, the order and the
 * columns. A search's statement is compiled once per shape (see listings-search.repository.ts):
 * its values are placeholders, named after the fields of SearchValues, bound when it runs.
 */

/** A search as its statements bind it: the criteria's filters, who asks, and the page. */
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
  /** Listings tagged with all of these. */
  tags: string[];
  priceMin: number | null;
  priceMax: number | null;
  brand: string | null;
  rodPowers: string[];
  rodCompositions: string[];
  reelTypes: string[];
  rodLengthMin: number | null;
  rodLengthMax: number | null;
  featured: boolean | null;
  /** Listings that can be picked up, or that ship; null for either. */
  handover: HandoverFilter | null;
  /** Only free shipping (true); null for any (never false: an unset filter is null). */
  freeShipping: true | null;
  /** Distance is computed from this point; `radiusMiles` also filters by it. */
  point: GeoPoint | null;
  radiusMiles: number | null;
  sort: ListingSort;
  limit: number;
  offset: number;
}

/** Who asks and which page: what a search needs besides its criteria. */
export interface SearchPage {
  viewerId: string | null;
  limit: number;
  offset: number;
}

/**
 * The search criteria ask for: a seller asking for their own listings sees all of them (sold,
 * unsold or both), anyone else the public ones or the sold ones.
 */
export function listingSearchOf(criteria: ListingSearchCriteria, page: SearchPage): ListingSearch {
  const { viewerId } = page;
  const own = Boolean(viewerId && criteria.sellerId === viewerId);
  const sold = criteria.sold ? true : criteria.unsold ? false : null;
  const point = criteria.near ? { lat: criteria.near.lat, lng: criteria.near.lng } : null;
  return {
    viewerId,
    scope: own
      ? { kind: 'own', sellerId: viewerId!, sold }
      : sold === true
        ? { kind: 'sold' }
        : { kind: 'public' },
    sellerId: criteria.sellerId ?? null,
    q: criteria.q || null,
    categories: criteria.category,
    conditions: criteria.condition,
    gearTypes: criteria.gear_types,
    tags: criteria.tags,
    priceMin: criteria.priceMin,
    priceMax: criteria.priceMax,
    brand: criteria.brand || null,
    rodPowers: criteria.rod_power,
    rodCompositions: criteria.rod_composition,
    reelTypes: criteria.reel_type,
    rodLengthMin: criteria.rodLengthMin,
    rodLengthMax: criteria.rodLengthMax,
    featured: criteria.featured ? true : criteria.notFeatured ? false : null,
    handover: criteria.handover,
    freeShipping: criteria.freeShipping ? true : null,
    point,
    radiusMiles: point && !criteria.anyDistance ? criteria.radius : null,
    sort: effectiveSort(criteria),
    limit: page.limit,
    offset: page.offset,
  };
}

const tsQuery = (q: Placeholder) => sql`websearch_to_tsquery('english', ${q})`;

/** Whether a text search also matches a corrected text (see correctSearchText). */
export function isCorrected(search: ListingSearch): boolean {
  return Boolean(search.q && search.qCorrected && search.qCorrected !== search.q);
}

/** The full-text query of a search: its text, or its text or the corrected text. */
function textQuery(search: ListingSearch): SQL {
  if (!isCorrected(search)) return tsQuery(bound.q);
  return sql`(${tsQuery(bound.q)} || ${tsQuery(bound.qCorrected)})`;
}

/** A listing's full-text relevance to a text search (the order of a search by relevance). */
export const textRank = (search: ListingSearch): SQL =>
  sql`ts_rank(${products.search_vector}, ${textQuery(search)})`;

export const bound = {
  viewer: sql.placeholder('viewer'),
  ownSellerId: sql.placeholder('ownSellerId'),
  sellerId: sql.placeholder('sellerId'),
  categories: sql.placeholder('categories'),
  conditions: sql.placeholder('conditions'),
  gearTypes: sql.placeholder('gearTypes'),
  tags: sql.placeholder('tags'),
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
  handover: sql.placeholder('handover'),
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

/** A list's value for a list placeholder: its one element, or the list. */
const listValue = (list: readonly string[]) => (list.length === 1 ? list[0] : list);

/** The values a search's placeholders stand for. */
export function searchValues(search: ListingSearch): SearchValues {
  const meters = search.radiusMiles === null ? null : search.radiusMiles * METERS_PER_MILE;
  return {
    viewer: search.viewerId,
    ownSellerId: search.scope.kind === 'own' ? search.scope.sellerId : null,
    sellerId: search.sellerId,
    categories: listValue(search.categories),
    conditions: listValue(search.conditions),
    gearTypes: search.gearTypes,
    tags: search.tags,
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
    handover: search.handover,
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

/** A list placeholder's comparison: `= value` for a list of one, `= any(values)` for more. */
function listOf(list: readonly string[], values: Placeholder): ListValue {
  return list.length === 1 ? { one: values } : { any: values };
}

/** `column = value` or `column = any(values)`: one placeholder for a list of any length. */
export function anyOf(column: SQLWrapper, list: readonly string[], values: Placeholder): SQL {
  return list.length === 1 ? sql`${column} = ${values}` : sql`${column} = any(${values}::text[])`;
}

/** The search's point (placeholders): every point a search uses is its own. */
const searchPoint = { lat: bound.lat, lng: bound.lng };

/** Whether a search shows the public matches within a radius (the coordinates' indexes serve it). */
const withinPublicRadius = (search: ListingSearch): boolean =>
  search.scope.kind === 'public' && search.point !== null && search.radiusMiles !== null;

/**
 * Whether a search shows the public matches within a radius nearest first (nearestPageQuery, on
 * the public list's GiST index); other lists by distance order every match (pageQuery).
 */
export const isNearestFirst = (search: ListingSearch): boolean =>
  withinPublicRadius(search) && search.sort === 'distance';

/**
 * Whether a search shows the public matches within a radius in another order than the distance
 * (newest, oldest, price): its page's ids are read first from the coordinates' covering indexes
 * (boxPageQuery), then only those listings.
 */
export const isBoxedPage = (search: ListingSearch): boolean =>
  withinPublicRadius(search) && search.sort !== 'distance';

/**
 * The straight line through the earth from the search's point to the listing's, on
 * earthdistance's sphere (cube's <->): it grows with the great-circle distance a listing shows,
 * so it orders listings the same way, and the earthdistance GiST index
 * (products_location_earth_idx) gives listings nearest first by it (decision 0024).
 */
export const chordToSearchPoint = sql`(${listingEarth} <-> ${pointEarth(searchPoint)})`;

/** A box on earthdistance's sphere around the search's point, `chord` from it each way (GiST). */
export function withinChordOfSearchPoint(chord: SQL): SQL {
  return sql`earth_box(${pointEarth(searchPoint)}, sec_to_gc(${chord})) @> ${listingEarth}`;
}

/** A search's columns: the viewer's likes and favourites and the distance when it has them. */
export function searchColumns(search: ListingSearch) {
  return listingColumns(search.viewerId ? bound.viewer : null, search.point ? searchPoint : null);
}

/**
 * Every filter of a list search, shared by the page query and the count: the rows the scope makes
 * eligible, then the criteria (listingCriteriaConditions). Which filters are set shapes the
 * statement; their values are placeholders (see `bound`).
 */
export function searchConditions(
  search: ListingSearch,
  /** Without the latitude and longitude box of a radius (a nearest-first read of the GiST index). */
  { box: withBox = true }: { box?: boolean } = {},
): SQL[] {
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

  const list = (values: readonly string[], placeholder: Placeholder): Criterion<ListValue> | undefined =>
    values.length ? { value: listOf(values, placeholder) } : undefined;
  const value = (set: unknown, placeholder: Placeholder): Criterion | undefined =>
    set === null || set === undefined ? undefined : { value: placeholder };
  conditions.push(
    ...listingCriteriaConditions({
      categories: list(search.categories, bound.categories),
      conditions: list(search.conditions, bound.conditions),
      gearTypes: search.gearTypes.length ? { value: bound.gearTypes } : undefined,
      tags: search.tags.length ? { value: bound.tags } : undefined,
      priceMin: value(search.priceMin, bound.priceMin),
      priceMax: value(search.priceMax, bound.priceMax),
      // The search as typed or as corrected.
      text: search.q ? { value: textQuery(search) } : undefined,
      brand: search.brand ? { value: bound.brand } : undefined,
      rodPowers: list(search.rodPowers, bound.rodPowers),
      rodCompositions: list(search.rodCompositions, bound.rodCompositions),
      reelTypes: list(search.reelTypes, bound.reelTypes),
      rodLengthMin: value(search.rodLengthMin, bound.rodLengthMin),
      rodLengthMax: value(search.rodLengthMax, bound.rodLengthMax),
      featured: search.featured ?? undefined,
      handover: value(search.handover, bound.handover),
      freeShipping: search.freeShipping ? { value: true } : undefined,
      within:
        search.point && search.radiusMiles !== null
          ? {
              value: {
                point: searchPoint,
                meters: bound.meters,
                // A box of latitudes and longitudes around the point (degreeBox), which the public
                // list reads from products_public_location_idx alone; the great-circle distance
                // trims its corners.
                box: withBox
                  ? {
                      latMin: bound.latMin,
                      latMax: bound.latMax,
                      lngMin: bound.lngMin,
                      lngMax: bound.lngMax,
                    }
                  : undefined,
                // Other lists (sold, a seller's own) have no such index: the earthdistance GiST
                // index (its bounding cube) serves them. Not on the public list, whose plan it
                // would take over.
                earthBox: scope.kind !== 'public',
              },
            }
          : undefined,
    }),
  );
  return conditions;
}

/**
 * What makes two searches' statements the same text: which filters are set (not their values),
 * the scope, the sort, whether a viewer and a point are given and whether the text was corrected.
 */
export function searchShape(search: ListingSearch): string {
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
    set(search.tags),
    set(search.priceMin),
    set(search.priceMax),
    set(search.brand),
    set(search.rodPowers),
    set(search.rodCompositions),
    set(search.reelTypes),
    set(search.rodLengthMin),
    set(search.rodLengthMax),
    String(search.featured),
    set(search.handover),
    set(search.freeShipping),
    set(search.point),
    set(search.radiusMiles),
    search.sort,
  ].join('|');
}

/** The order of a search's page as pageQuery reads it (ranked and nearest-first pages order their own). */
export function searchOrder(search: ListingSearch): SQL[] {
  const byTime = search.scope.kind === 'sold' ? products.sold_at : products.created_at;
  switch (search.sort) {
    // A text search by relevance is ordered by its rank in rankedPageQuery; without text, newest.
    case 'relevance':
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
