import type {
  Category,
  Condition,
  GearType,
  HomeListingsDto,
  ListingListDto as ListingList,
  ListingSort,
  ListListingsQuery,
  ReelType,
  RodMaterial,
  RodPowerRating,
} from '@castline/shared';
import {
  CATEGORIES,
  CONDITIONS,
  GEAR_TYPES,
  LISTING_PAGE_SIZE,
  LISTING_SORTS,
  parsePriceRange,
  RADIUS_MILES_MAX,
  REEL_CATEGORIES,
  REEL_TYPES,
  ROD_CATEGORIES,
  ROD_LENGTH_FEET_MAX,
  ROD_LENGTH_INCHES_MAX,
  ROD_MATERIALS,
  ROD_POWER_RATINGS,
} from '@castline/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/*
 * Listing lists: the marketplace search (filters live in the address so a search can be shared and
 * bookmarked), the home rows, a seller's listings and the member's favourites.
 */

const MINUTE = 60_000;
/** Infinite product queries (spec 000 §9): stale after 1 min, kept 5 min. */
export const LISTINGS_INFINITE_STALE_MS = MINUTE;
export const LISTINGS_INFINITE_GC_MS = 5 * MINUTE;
/** The home rows include recently sold items, cached 60 s (spec 000 §9). */
export const HOME_LISTINGS_STALE_MS = MINUTE;

/** The radius a location search starts with, in miles (one of RADIUS_OPTIONS_MILES). */
export const DEFAULT_RADIUS_MILES = 50;
const ROD_LENGTH_INCHES_LIMIT = ROD_LENGTH_FEET_MAX * 12 + ROD_LENGTH_INCHES_MAX;
const Q_MAX = 200;
const BRAND_MAX = 80;
const PLACE_LABEL_MAX = 200;

/** The error line of a failed list (spec 000 §8). */
export function listingsErrorMessage(message: string): string {
  return `Failed to fetch products: ${message}`;
}

/** A point searched around: the place as the member chose it and its coordinates. */
export interface NearFilter {
  label: string;
  lat: number;
  lng: number;
}

/** The marketplace filters as the page works with them; `searchParamsFromFilters` writes them to the address. */
export interface ListingFilters {
  /** Free-text search; '' for none. */
  q: string;
  category: Category[];
  condition: Condition[];
  gear_types: GearType[];
  /** Dollars; null for no bound. */
  priceMin: number | null;
  priceMax: number | null;
  near: NearFilter | null;
  /** Miles around `near`; ignored without it. */
  radius: number;
  /** '' for any brand. */
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
  /** null: the default order for these filters (see `defaultSort`). */
  sort: ListingSort | null;
}

export const EMPTY_FILTERS: ListingFilters = {
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
  sort: null,
};

/** A search is ordered by best match, a location search by distance, anything else newest first. */
export function defaultSort(filters: Pick<ListingFilters, 'q' | 'near'>): ListingSort {
  if (filters.q) return 'relevance';
  if (filters.near) return 'distance';
  return 'newest';
}

/** Distance needs a location and best match needs search words. */
export function isSortAvailable(sort: ListingSort, filters: Pick<ListingFilters, 'q' | 'near'>): boolean {
  if (sort === 'distance') return filters.near !== null;
  if (sort === 'relevance') return filters.q !== '';
  return true;
}

/** The order the list is shown in. */
export function effectiveSort(filters: ListingFilters): ListingSort {
  return filters.sort && isSortAvailable(filters.sort, filters) ? filters.sort : defaultSort(filters);
}

/** True when any filter narrows the list (the order does not count). */
export function hasActiveFilters(filters: ListingFilters): boolean {
  return filterCount(filters) > 0;
}

/** How many filters are set: each chosen value of a list counts once, as its chip does. */
export function filterCount(filters: ListingFilters): number {
  return (
    (filters.q ? 1 : 0) +
    filters.category.length +
    filters.condition.length +
    filters.gear_types.length +
    (filters.priceMin !== null || filters.priceMax !== null ? 1 : 0) +
    (filters.near ? 1 : 0) +
    (filters.brand ? 1 : 0) +
    filters.rod_power.length +
    filters.rod_composition.length +
    filters.reel_type.length +
    (filters.rodLengthMin !== null || filters.rodLengthMax !== null ? 1 : 0) +
    (filters.featured ? 1 : 0) +
    (filters.sold ? 1 : 0)
  );
}

/** Rod details apply while no category is chosen or a rod category is; reel details likewise. */
export function showsRodFilters(category: readonly Category[]): boolean {
  return category.length === 0 || category.some((value) => ROD_CATEGORIES.includes(value));
}
export function showsReelFilters(category: readonly Category[]): boolean {
  return category.length === 0 || category.some((value) => REEL_CATEGORIES.includes(value));
}

/**
 * Keeps a filter set coherent: rod and reel details go when the chosen categories cannot have them
 * (as the listing form clears them), bounds are put in order, and an order that no longer applies
 * (distance without a location, best match without words) falls back to the default.
 */
export function normalizeFilters(filters: ListingFilters): ListingFilters {
  const next = { ...filters };
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
// Address ↔ filters. Unknown or invalid parameters (and invalid values in a list) are ignored.

function listParam<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T[] {
  const values = params
    .getAll(name)
    .flatMap((raw) => raw.split(','))
    .map((value) => value.trim());
  const chosen = new Set(values);
  // In the reference order, so equal filters give one address and one cache entry.
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

function intParam(params: URLSearchParams, name: string, min: number, max: number): number | null {
  const value = numberParam(params, name, min, max);
  return value !== null && Number.isInteger(value) ? value : null;
}

/** The filters an address asks for. */
export function filtersFromSearchParams(params: URLSearchParams): ListingFilters {
  const price = parsePriceRange(textParam(params, 'price', 40) || undefined);
  const lat = numberParam(params, 'lat', -90, 90);
  const lng = numberParam(params, 'lng', -180, 180);
  const radius = numberParam(params, 'radius', Number.MIN_VALUE, RADIUS_MILES_MAX);
  const sortParam = params.get('sort');
  const sort = (LISTING_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as ListingSort)
    : null;

  return normalizeFilters({
    q: textParam(params, 'q', Q_MAX),
    category: listParam(params, 'category', CATEGORIES),
    condition: listParam(params, 'condition', CONDITIONS),
    gear_types: listParam(params, 'gear_types', GEAR_TYPES),
    priceMin: price.min,
    priceMax: price.max,
    near:
      lat !== null && lng !== null
        ? { lat, lng, label: textParam(params, 'near', PLACE_LABEL_MAX) || `${lat}, ${lng}` }
        : null,
    radius: radius ?? DEFAULT_RADIUS_MILES,
    brand: textParam(params, 'brand', BRAND_MAX),
    rod_power: listParam(params, 'rod_power', ROD_POWER_RATINGS),
    rod_composition: listParam(params, 'rod_composition', ROD_MATERIALS),
    reel_type: listParam(params, 'reel_type', REEL_TYPES),
    rodLengthMin: intParam(params, 'rod_length_min', 0, ROD_LENGTH_INCHES_LIMIT),
    rodLengthMax: intParam(params, 'rod_length_max', 0, ROD_LENGTH_INCHES_LIMIT),
    featured: params.get('featured') === 'true',
    sold: params.get('sold') === 'true',
    sort,
  });
}

/** "50-200", "50-" or "-200": the price range of ListListingsQuery; undefined without bounds. */
export function priceRangeParam(min: number | null, max: number | null): string | undefined {
  if (min === null && max === null) return undefined;
  return `${min ?? ''}-${max ?? ''}`;
}

/** Only the filters that are set, with the page's own names (`near` is the place's label). */
export function searchParamsFromFilters(filters: ListingFilters): URLSearchParams {
  const f = normalizeFilters(filters);
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') params.set(name, String(value));
  };
  set('q', f.q);
  set('category', f.category.join(','));
  set('condition', f.condition.join(','));
  set('gear_types', f.gear_types.join(','));
  set('price', priceRangeParam(f.priceMin, f.priceMax));
  if (f.near) {
    set('near', f.near.label);
    set('lat', f.near.lat);
    set('lng', f.near.lng);
    set('radius', f.radius);
  }
  set('brand', f.brand);
  set('rod_power', f.rod_power.join(','));
  set('rod_composition', f.rod_composition.join(','));
  set('reel_type', f.reel_type.join(','));
  set('rod_length_min', f.rodLengthMin);
  set('rod_length_max', f.rodLengthMax);
  if (f.featured) set('featured', 'true');
  if (f.sold) set('sold', 'true');
  set('sort', f.sort);
  return params;
}

/** "?category=rods,reels&q=spinning": the address search for these filters ('' when none), commas kept. */
export function searchStringFromFilters(filters: ListingFilters): string {
  const query = searchParamsFromFilters(filters).toString().replace(/%2C/gi, ',');
  return query ? `?${query}` : '';
}

/** GET /api/listings for one page of the filtered list. */
export function listListingsQuery(filters: ListingFilters, page = 1): ListListingsQuery {
  const f = normalizeFilters(filters);
  const list = (values: readonly string[]) => (values.length > 0 ? values.join(',') : undefined);
  return {
    q: f.q || undefined,
    category: list(f.category),
    condition: list(f.condition),
    gear_types: list(f.gear_types),
    price: priceRangeParam(f.priceMin, f.priceMax),
    lat: f.near?.lat,
    lng: f.near?.lng,
    radius: f.near ? f.radius : undefined,
    brand: f.brand || undefined,
    rod_power: list(f.rod_power),
    rod_composition: list(f.rod_composition),
    reel_type: list(f.reel_type),
    rod_length_min: f.rodLengthMin ?? undefined,
    rod_length_max: f.rodLengthMax ?? undefined,
    featured: f.featured ? 'true' : undefined,
    sold: f.sold ? 'true' : undefined,
    sort: effectiveSort(f),
    page,
    pageSize: LISTING_PAGE_SIZE,
  };
}

/** The query string of a ListListingsQuery, without the unset fields. */
export function listingsQueryString(query: ListListingsQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value as string | number));
  }
  return params.toString();
}

// ---------------------------------------------------------------------------------------------
// Queries.

type QueryWithoutPage = Omit<ListListingsQuery, 'page'>;

export const listingKeys = {
  all: ['listings'] as const,
  lists: () => ['listings', 'list'] as const,
  /** One filtered marketplace list (all its loaded pages). */
  list: (query: QueryWithoutPage) => ['listings', 'list', query] as const,
  home: () => ['listings', 'home'] as const,
  seller: (sellerId: string) => ['listings', 'seller', sellerId] as const,
  favorites: () => ['listings', 'favorites'] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
};

export function fetchListings(query: ListListingsQuery, signal?: AbortSignal): Promise<ListingList> {
  return api.get<ListingList>(`/api/listings?${listingsQueryString(query)}`, signal);
}

/** The page after `last`, while there are more. */
export function nextPageOf(last: ListingList): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

const infiniteCache = {
  staleTime: LISTINGS_INFINITE_STALE_MS,
  gcTime: LISTINGS_INFINITE_GC_MS,
  initialPageParam: 1,
  getNextPageParam: nextPageOf,
} as const;

/** The marketplace list, 20 at a time; the previous results stay on screen while new filters load. */
export function useListingsInfinite(filters: ListingFilters) {
  const { page: _page, pageSize, ...query } = listListingsQuery(filters);
  return useInfiniteQuery({
    ...infiniteCache,
    queryKey: listingKeys.list({ ...query, pageSize }),
    queryFn: ({ pageParam, signal }) => fetchListings({ ...query, page: pageParam, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Featured, newest and recently sold (4 each) for the start page. */
export function useHomeListings() {
  return useQuery({
    queryKey: listingKeys.home(),
    queryFn: ({ signal }) => api.get<HomeListingsDto>('/api/listings/home', signal),
    staleTime: HOME_LISTINGS_STALE_MS,
  });
}

/** One seller's listings, newest first (the owner also sees their pending and sold ones). */
export function useSellerListings(sellerId: string) {
  return useInfiniteQuery({
    ...infiniteCache,
    queryKey: listingKeys.seller(sellerId),
    queryFn: ({ pageParam, signal }) =>
      fetchListings(
        { seller_id: sellerId, sort: 'newest', page: pageParam, pageSize: LISTING_PAGE_SIZE },
        signal,
      ),
    enabled: sellerId !== '',
  });
}

/** The signed-in member's favourites. */
export function useMyFavorites() {
  return useInfiniteQuery({
    ...infiniteCache,
    queryKey: listingKeys.favorites(),
    queryFn: ({ pageParam, signal }) =>
      api.get<ListingList>(
        `/api/me/favorites?${listingsQueryString({ page: pageParam, pageSize: LISTING_PAGE_SIZE })}`,
        signal,
      ),
  });
}

/** All loaded items of an infinite list, and its exact total. */
export function flattenPages(data: { pages: ListingList[] } | undefined) {
  return {
    items: data?.pages.flatMap((page) => page.items) ?? [],
    total: data?.pages[0]?.total ?? 0,
    /** A text search matched more than `total` (decision 0013). */
    totalCapped: data?.pages[0]?.totalCapped ?? false,
  };
}
