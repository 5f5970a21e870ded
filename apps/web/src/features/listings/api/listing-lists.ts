import type { HomeListingsDto, ListingListDto as ListingList, ListListingsQuery } from '@castline/shared';
import { LISTING_PAGE_SIZE } from '@castline/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

/*
 * Listing lists that need no search codec: the home rows, a seller's listings and the member's
 * favourites, with what every list shares (fetching a page, the next page, the flattened items).
 * The marketplace search, whose criteria live in the address, is in listing-queries.ts.
 */

const MINUTE = 60_000;
/** Infinite product queries (spec 000 §9): stale after 1 min, kept 5 min. */
export const LISTINGS_INFINITE_STALE_MS = MINUTE;
export const LISTINGS_INFINITE_GC_MS = 5 * MINUTE;
/** The home rows include recently sold items, cached 60 s (spec 000 §9). */
export const HOME_LISTINGS_STALE_MS = MINUTE;

/** The error line of a failed list (spec 000 §8). */
export function listingsErrorMessage(message: string): string {
  return `Failed to fetch products: ${message}`;
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

export function fetchListings(query: ListListingsQuery, signal?: AbortSignal): Promise<ListingList> {
  return api.get<ListingList>(`/api/listings?${listingsQueryString(query)}`, signal);
}

/** The page after `last`, while there are more. */
export function nextPageOf(last: ListingList): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

export const infiniteCache = {
  staleTime: LISTINGS_INFINITE_STALE_MS,
  gcTime: LISTINGS_INFINITE_GC_MS,
  initialPageParam: 1,
  getNextPageParam: nextPageOf,
} as const;

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
