import type { ListingSearchCriteria, ListListingsQuery, SearchPlace } from '@castline/shared';
import {
  criteriaToListQuery,
  criteriaToSearchParams,
  EMPTY_CRITERIA,
  LISTING_PAGE_SIZE,
  normalizeCriteria,
} from '@castline/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listingKeys } from './listing-keys';
import { fetchListings, infiniteCache } from './listing-lists';

export { listingKeys } from './listing-keys';
export {
  fetchListings,
  flattenPages,
  HOME_LISTINGS_STALE_MS,
  LISTINGS_INFINITE_GC_MS,
  LISTINGS_INFINITE_STALE_MS,
  listingsErrorMessage,
  listingsQueryString,
  nextPageOf,
  useHomeListings,
  useMyFavorites,
  useSellerListings,
} from './listing-lists';

/*
 * The marketplace search: its criteria live in the address so a search can be shared and
 * bookmarked; the shared codec reads and writes them. The lists that need no codec (home rows, a
 * seller's listings, favourites) are in listing-lists.ts and re-exported here.
 */

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

// ---------------------------------------------------------------------------------------------
// Queries.

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
