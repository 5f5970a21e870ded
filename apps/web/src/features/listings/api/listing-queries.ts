import type {
  HomeListingsDto,
  ListingListDto as ListingList,
  ListingSearchCriteria,
  ListListingsQuery,
  SearchPlace,
} from '@castline/shared';
import {
  criteriaToListQuery,
  criteriaToSearchParams,
  EMPTY_CRITERIA,
  LISTING_PAGE_SIZE,
  normalizeCriteria,
} from '@castline/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/*
 * Listing lists: the marketplace search (its criteria live in the address so a search can be shared
 * and bookmarked; the shared codec reads and writes them), the home rows, a seller's listings and
 * the member's favourites.
 */

const MINUTE = 60_000;
/** Infinite product queries (spec 000 §9): stale after 1 min, kept 5 min. */
export const LISTINGS_INFINITE_STALE_MS = MINUTE;
export const LISTINGS_INFINITE_GC_MS = 5 * MINUTE;
/** The home rows include recently sold items, cached 60 s (spec 000 §9). */
export const HOME_LISTINGS_STALE_MS = MINUTE;

export {
  criteriaFromSearchParams as filtersFromSearchParams,
  criteriaToSearchParams as searchParamsFromFilters,
  DEFAULT_RADIUS_MILES,
  defaultSort,
  effectiveSort,
  isSortAvailable,
  normalizeCriteria as normalizeFilters,
  priceRangeParam,
  showsReelFilters,
  showsRodFilters,
} from '@castline/shared';

/** The error line of a failed list (spec 000 §8). */
export function listingsErrorMessage(message: string): string {
  return `Failed to fetch products: ${message}`;
}

/** A point searched around: the place as the member chose it and its coordinates. */
export type NearFilter = SearchPlace;

/** The marketplace filters: the shared search criteria, as the address holds them. */
export type ListingFilters = ListingSearchCriteria;

export const EMPTY_FILTERS: ListingFilters = EMPTY_CRITERIA;

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
    (filters.handover ? 1 : 0) +
    (filters.freeShipping ? 1 : 0) +
    (filters.featured ? 1 : 0) +
    (filters.sold ? 1 : 0) +
    filters.tags.length
  );
}

/** "?category=rods,reels&q=spinning": the address search for these filters ('' when none), commas kept. */
export function searchStringFromFilters(filters: ListingFilters): string {
  const query = criteriaToSearchParams(filters).toString().replace(/%2C/gi, ',');
  return query ? `?${query}` : '';
}

/** GET /api/listings for one page of the filtered list. */
export function listListingsQuery(filters: ListingFilters, page = 1): ListListingsQuery {
  return { ...criteriaToListQuery(normalizeCriteria(filters)), page, pageSize: LISTING_PAGE_SIZE };
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
