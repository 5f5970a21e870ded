import type { z } from 'zod';
import { HANDOVER_FILTERS, type HandoverFilter } from './listing-terms.js';
import type { ListListingsQuery } from './listing.schemas.js';
import { LISTING_SORTS, parsePriceRange, RADIUS_MILES_MAX, type ListingSort } from './listing-constants.js';
import {
  CATEGORIES,
  CONDITIONS,
  GEAR_TYPES,
  REEL_CATEGORIES,
  REEL_TYPES,
  ROD_CATEGORIES,
  ROD_LENGTH_FEET_MAX,
  ROD_LENGTH_INCHES_MAX,
  ROD_MATERIALS,
  ROD_POWER_RATINGS,
  type Category,
  type Condition,
  type GearType,
  type ReelType,
  type RodMaterial,
  type RodPowerRating,
} from './reference.js';
import { TAG_FILTER_MAX, TAG_SLUGS, type TagSlug } from '../tags/tag-constants.js';

/*
 * One listing search, one shape: the marketplace's filters, the server's search and saved-search
 * alerts all hold a ListingSearchCriteria. The address and the API query are read and written
 * here. Plain values only (no zod): the marketplace's first load reads this module.
 */

/** The bounds of a search's values; the request schemas read the same numbers. */
export const LISTING_SEARCH_LIMITS = {
  /** Search text, in characters. */
  qMax: 200,
  brandMax: 80,
  /** A searched place's label. */
  placeLabelMax: 200,
  /** The price range as the address and the API write it ("50-200"). */
  priceRangeMax: 40,
  /** Rod length bounds, in inches. */
  rodLengthInchesMax: ROD_LENGTH_FEET_MAX * 12 + ROD_LENGTH_INCHES_MAX,
  radiusMilesMax: RADIUS_MILES_MAX,
} as const;

/** The radius a location search starts with, in miles (one of RADIUS_OPTIONS_MILES). */
export const DEFAULT_RADIUS_MILES = 50;

/** A point searched around: the place as the member chose it ('' when unnamed) and its coordinates. */
export interface SearchPlace {
  label: string;
  lat: number;
  lng: number;
}

/** A listing search, normalised: what to match and in which order. */
export interface ListingSearchCriteria {
  /** Free-text search; '' for none. */
  q: string;
  category: Category[];
  condition: Condition[];
  gear_types: GearType[];
  /** Dollars; null for no bound. */
  priceMin: number | null;
  priceMax: number | null;
  near: SearchPlace | null;
  /** Miles around `near`; ignored without it. */
  radius: number;
  /** '' for any brand (the listing's brand, rod brand or reel brand). */
  brand: string;
  rod_power: RodPowerRating[];
  rod_composition: RodMaterial[];
  reel_type: ReelType[];
  /** Rod length bounds in inches; null for no bound. */
  rodLengthMin: number | null;
  rodLengthMax: number | null;
  /** Only featured listings. */
  featured: boolean;
  /** Only sold listings. */
  sold: boolean;
  /** Only listings that can be picked up (pickup) or that ship (shipping); null for either. */
  handover: HandoverFilter | null;
  /** Only listings that ship for free. */
  freeShipping: boolean;
  /** Only listings tagged with all of these species and techniques (at most TAG_FILTER_MAX). */
  tags: TagSlug[];
  /** null: the default order for these criteria (see `defaultSort`). */
  sort: ListingSort | null;

  // What only the API's own lists ask for; the marketplace's address never holds these.
  /** One seller's listings (all of their own, of every status, when the seller asks). */
  sellerId?: string | undefined;
  /** Only listings that are not featured (featured=false). */
  notFeatured?: boolean | undefined;
  /** Only unsold listings (sold=false). */
  unsold?: boolean | undefined;
  /** Distances are measured from `near` without limiting the list to `radius` (a point without a radius). */
  anyDistance?: boolean | undefined;
}

export const EMPTY_CRITERIA: ListingSearchCriteria = {
  q: '',
  category: [],
  condition: [],
  gear_types: [],
  priceMin: null,
  priceMax: null,
  near: null,
  radius: DEFAULT_RADIUS_MILES,
  brand: '',
  rod_power: [],
  rod_composition: [],
  reel_type: [],
  rodLengthMin: null,
  rodLengthMax: null,
  featured: false,
  sold: false,
  handover: null,
  freeShipping: false,
  tags: [],
  sort: null,
};

type SortInput = Pick<ListingSearchCriteria, 'q' | 'near'>;

/** A search is ordered by best match, a location search by distance, anything else newest first. */
export function defaultSort(criteria: SortInput): ListingSort {
  if (criteria.q) return 'relevance';
  if (criteria.near) return 'distance';
  return 'newest';
}

/** Distance needs a location and best match needs search words. */
export function isSortAvailable(sort: ListingSort, criteria: SortInput): boolean {
  if (sort === 'distance') return criteria.near !== null;
  if (sort === 'relevance') return criteria.q !== '';
  return true;
}

/** The order the list is shown in. */
export function effectiveSort(criteria: SortInput & Pick<ListingSearchCriteria, 'sort'>): ListingSort {
  return criteria.sort && isSortAvailable(criteria.sort, criteria) ? criteria.sort : defaultSort(criteria);
}

/** Rod details apply while no category is chosen or a rod category is; reel details likewise. */
export function showsRodFilters(category: readonly Category[]): boolean {
  return category.length === 0 || category.some((value) => ROD_CATEGORIES.includes(value));
}
export function showsReelFilters(category: readonly Category[]): boolean {
  return category.length === 0 || category.some((value) => REEL_CATEGORIES.includes(value));
}

/**
 * Keeps criteria coherent: rod and reel details go when the chosen categories cannot have them
 * (as the listing form clears them), bounds are put in order, and an order that no longer applies
 * (distance without a location, best match without words) falls back to the default.
 */
export function normalizeCriteria(criteria: ListingSearchCriteria): ListingSearchCriteria {
  const next = { ...criteria };
  if (!showsRodFilters(next.category)) {
    next.rod_power = [];
    next.rod_composition = [];
    next.rodLengthMin = null;
    next.rodLengthMax = null;
  }
  if (!showsReelFilters(next.category)) next.reel_type = [];
  if (next.priceMin !== null && next.priceMax !== null && next.priceMin > next.priceMax) {
    [next.priceMin, next.priceMax] = [next.priceMax, next.priceMin];
  }
  if (next.rodLengthMin !== null && next.rodLengthMax !== null && next.rodLengthMin > next.rodLengthMax) {
    [next.rodLengthMin, next.rodLengthMax] = [next.rodLengthMax, next.rodLengthMin];
  }
  if (next.sort && (!isSortAvailable(next.sort, next) || next.sort === defaultSort(next))) next.sort = null;
  return next;
}

// ---------------------------------------------------------------------------------------------
// The marketplace's address. Unknown or invalid parameters (and invalid values in a list) are
// dropped; what is written is normalised, in one order, so equal searches share one address.

/** The address parameters of a search, in the order they are written. */
export const LISTING_SEARCH_PARAMS = [
  'q',
  'category',
  'condition',
  'gear_types',
  'price',
  'near',
  'lat',
  'lng',
  'radius',
  'brand',
  'rod_power',
  'rod_composition',
  'reel_type',
  'rod_length_min',
  'rod_length_max',
  'featured',
  'sold',
  'handover',
  'free_shipping',
  'tags',
  'sort',
] as const;

const L = LISTING_SEARCH_LIMITS;

function listParam<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T[] {
  const chosen = new Set(
    params
      .getAll(name)
      .flatMap((raw) => raw.split(','))
      .map((value) => value.trim()),
  );
  // In the reference order, so equal criteria give one address and one cache entry.
  return allowed.filter((value) => chosen.has(value));
}

function textParam(params: URLSearchParams, name: string, max: number): string {
  const value = params.get(name)?.trim() ?? '';
  return value.length <= max ? value : '';
}

function numberParam(params: URLSearchParams, name: string, min: number, max: number): number | null {
  const raw = params.get(name)?.trim();
  if (!raw) return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

function intParam(params: URLSearchParams, name: string, max: number): number | null {
  const value = numberParam(params, name, 0, max);
  return value !== null && Number.isInteger(value) ? value : null;
}

/** A handover filter the address names, or null. */
function handoverParam(raw: string | null): HandoverFilter | null {
  return (HANDOVER_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as HandoverFilter) : null;
}

/** The criteria an address asks for. */
export function criteriaFromSearchParams(
  input: URLSearchParams | Record<string, string>,
): ListingSearchCriteria {
  const params = input instanceof URLSearchParams ? input : new URLSearchParams(input);
  const price = parsePriceRange(textParam(params, 'price', L.priceRangeMax) || undefined);
  const lat = numberParam(params, 'lat', -90, 90);
  const lng = numberParam(params, 'lng', -180, 180);
  const radius = numberParam(params, 'radius', Number.MIN_VALUE, L.radiusMilesMax);
  const sort = params.get('sort') ?? '';

  return normalizeCriteria({
    q: textParam(params, 'q', L.qMax),
    category: listParam(params, 'category', CATEGORIES),
    condition: listParam(params, 'condition', CONDITIONS),
    gear_types: listParam(params, 'gear_types', GEAR_TYPES),
    priceMin: price.min,
    priceMax: price.max,
    near:
      lat !== null && lng !== null
        ? { lat, lng, label: textParam(params, 'near', L.placeLabelMax) || `${lat}, ${lng}` }
        : null,
    radius: radius ?? DEFAULT_RADIUS_MILES,
    brand: textParam(params, 'brand', L.brandMax),
    rod_power: listParam(params, 'rod_power', ROD_POWER_RATINGS),
    rod_composition: listParam(params, 'rod_composition', ROD_MATERIALS),
    reel_type: listParam(params, 'reel_type', REEL_TYPES),
    rodLengthMin: intParam(params, 'rod_length_min', L.rodLengthInchesMax),
    rodLengthMax: intParam(params, 'rod_length_max', L.rodLengthInchesMax),
    featured: params.get('featured') === 'true',
    sold: params.get('sold') === 'true',
    handover: handoverParam(params.get('handover')),
    freeShipping: params.get('free_shipping') === 'true',
    tags: listParam(params, 'tags', TAG_SLUGS).slice(0, TAG_FILTER_MAX),
    sort: (LISTING_SORTS as readonly string[]).includes(sort) ? (sort as ListingSort) : null,
  });
}

/** "50-200", "50-" or "-200": the price range of the address and the API; undefined without bounds. */
export function priceRangeParam(min: number | null, max: number | null): string | undefined {
  if (min === null && max === null) return undefined;
  return `${min ?? ''}-${max ?? ''}`;
}

/** Only the criteria that are set, with the address's names (`near` is the place's label). */
export function criteriaToSearchParams(criteria: ListingSearchCriteria): URLSearchParams {
  const c = normalizeCriteria(criteria);
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') params.set(name, String(value));
  };
  set('q', c.q);
  set('category', c.category.join(','));
  set('condition', c.condition.join(','));
  set('gear_types', c.gear_types.join(','));
  set('price', priceRangeParam(c.priceMin, c.priceMax));
  if (c.near) {
    set('near', c.near.label);
    set('lat', c.near.lat);
    set('lng', c.near.lng);
    set('radius', c.radius);
  }
  set('brand', c.brand);
  set('rod_power', c.rod_power.join(','));
  set('rod_composition', c.rod_composition.join(','));
  set('reel_type', c.reel_type.join(','));
  set('rod_length_min', c.rodLengthMin);
  set('rod_length_max', c.rodLengthMax);
  if (c.featured) set('featured', 'true');
  if (c.sold) set('sold', 'true');
  set('handover', c.handover);
  if (c.freeShipping) set('free_shipping', 'true');
  set('tags', c.tags.join(','));
  set('sort', c.sort);
  return params;
}

// ---------------------------------------------------------------------------------------------
// GET /api/listings.

/** The query of GET /api/listings once validated. */
export type ListListingsParams = z.output<typeof ListListingsQuery>;

/** The GET /api/listings query for criteria (without the page), always with its order. */
export function criteriaToListQuery(criteria: ListingSearchCriteria) {
  const list = (values: readonly string[]) => (values.length > 0 ? values.join(',') : undefined);
  const flag = (only: boolean, not: boolean | undefined) => (only ? 'true' : not ? 'false' : undefined);
  const { near } = criteria;
  return {
    q: criteria.q || undefined,
    category: list(criteria.category),
    condition: list(criteria.condition),
    gear_types: list(criteria.gear_types),
    price: priceRangeParam(criteria.priceMin, criteria.priceMax),
    lat: near?.lat,
    lng: near?.lng,
    radius: near && !criteria.anyDistance ? criteria.radius : undefined,
    brand: criteria.brand || undefined,
    rod_power: list(criteria.rod_power),
    rod_composition: list(criteria.rod_composition),
    reel_type: list(criteria.reel_type),
    rod_length_min: criteria.rodLengthMin ?? undefined,
    rod_length_max: criteria.rodLengthMax ?? undefined,
    seller_id: criteria.sellerId,
    featured: flag(criteria.featured, criteria.notFeatured),
    sold: flag(criteria.sold, criteria.unsold),
    handover: criteria.handover ?? undefined,
    free_shipping: criteria.freeShipping ? 'true' : undefined,
    tags: list(criteria.tags),
    sort: effectiveSort(criteria),
  } satisfies ListListingsQuery;
}

/**
 * The criteria of a validated GET /api/listings query whose coordinates come in pairs (a radius
 * and the distance order need them). Without an order, the API lists newest first (best match
 * first when searching for words), also around a point.
 */
export function criteriaFromListQuery(query: ListListingsParams): ListingSearchCriteria {
  const q = query.q ?? '';
  const price = parsePriceRange(query.price);
  const near =
    query.lat !== undefined && query.lng !== undefined ? { label: '', lat: query.lat, lng: query.lng } : null;
  const sort = query.sort ?? (q ? 'relevance' : 'newest');
  return {
    q,
    category: query.category,
    condition: query.condition,
    gear_types: query.gear_types,
    priceMin: price.min,
    priceMax: price.max,
    near,
    radius: query.radius ?? DEFAULT_RADIUS_MILES,
    anyDistance: near !== null && query.radius === undefined,
    brand: query.brand ?? '',
    rod_power: query.rod_power,
    rod_composition: query.rod_composition,
    reel_type: query.reel_type,
    rodLengthMin: query.rod_length_min ?? null,
    rodLengthMax: query.rod_length_max ?? null,
    sellerId: query.seller_id,
    featured: query.featured === 'true',
    notFeatured: query.featured === 'false',
    sold: query.sold === 'true',
    unsold: query.sold === 'false',
    handover: query.handover ?? null,
    freeShipping: query.free_shipping === 'true',
    tags: query.tags,
    sort: sort === 'relevance' && !q ? 'newest' : sort,
  };
}
