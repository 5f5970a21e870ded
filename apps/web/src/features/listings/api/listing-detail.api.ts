import type { BuyerCandidatesDto, ListingDto, SimilarListingsDto } from '@castline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { listingDetailKeys } from './listing-detail-keys';

/** The similar row shows at most this many cards. */
export const SIMILAR_LISTINGS_MAX = 8;

function listingPath(id: string, suffix = ''): string {
  return `/api/listings/${encodeURIComponent(id)}${suffix}`;
}

export function fetchListing(id: string, signal?: AbortSignal): Promise<ListingDto> {
  return api.get<ListingDto>(listingPath(id), signal);
}

/** One listing, as its detail page and the edit page read it. */
export function listingQueryOptions(id: string) {
  return queryOptions({
    queryKey: listingDetailKeys.detail(id),
    queryFn: ({ signal }) => fetchListing(id, signal),
  });
}

export function useListing(id: string) {
  return useQuery({ ...listingQueryOptions(id), enabled: id !== '' });
}

export function similarListingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: listingDetailKeys.similar(id),
    queryFn: ({ signal }) => api.get<SimilarListingsDto>(listingPath(id, '/similar'), signal),
    select: (data) => data.items.slice(0, SIMILAR_LISTINGS_MAX),
  });
}

/** Listings like this one; asked for only once the listing itself has loaded. */
export function useSimilarListings(id: string, enabled: boolean) {
  return useQuery({ ...similarListingsQueryOptions(id), enabled: enabled && id !== '' });
}

export function buyerCandidatesQueryOptions(id: string) {
  return queryOptions({
    queryKey: listingDetailKeys.buyerCandidates(id),
    queryFn: ({ signal }) => api.get<BuyerCandidatesDto>(listingPath(id, '/buyer-candidates'), signal),
    // Whoever messaged or made an offer a minute ago belongs in the list: always ask again.
    staleTime: 0,
  });
}

/** Members the seller may name as the buyer; asked for when the mark-sold dialog opens. */
export function useBuyerCandidates(id: string, enabled: boolean) {
  return useQuery({ ...buyerCandidatesQueryOptions(id), enabled: enabled && id !== '' });
}

/** POST /api/listings/:id/views: the listing page's view beacon (docs/decisions/0015-listing-views.md). */
export function sendListingView(id: string): Promise<void> {
  return api.post<void>(listingPath(id, '/views'));
}

/**
 * Tells the server once that this page showed listing `id` to a reader (`send` false: not yet
 * shown, or shown to its seller, whose views are not counted). The server counts each reader once
 * a day; a lost beacon is one view fewer and nothing the reader needs to hear about.
 */
export function useListingViewBeacon(id: string, send: boolean): void {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!send || id === '' || sent.current === id) return;
    sent.current = id;
    sendListingView(id).catch(() => {});
  }, [id, send]);
}
