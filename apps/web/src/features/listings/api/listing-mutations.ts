import type { ListingBody, ListingDto } from '@castline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateListingsAround, listingDetailKeys } from './listing-detail-keys';

const listingPath = (id: string) => `/api/listings/${encodeURIComponent(id)}`;

/** POST /api/listings → 201 ListingDto (new listings start pending moderation). */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ListingBody) => api.post<ListingDto>('/api/listings', body),
    onSuccess: (listing) => {
      queryClient.setQueryData(listingDetailKeys.detail(listing.id), listing);
      void invalidateListingsAround(queryClient, listing.id);
    },
  });
}

/** PUT /api/listings/:id → ListingDto (the seller, or a moderator). */
export function useUpdateListing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ListingBody) => api.put<ListingDto>(listingPath(id), body),
    onSuccess: (listing) => {
      queryClient.setQueryData(listingDetailKeys.detail(id), listing);
      void invalidateListingsAround(queryClient, id);
    },
  });
}
