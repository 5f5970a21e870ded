import type {
  ListingDto,
  ListingDto as ListingDtoType,
  MarkSoldBody,
  RateTransactionBody,
  ToggleResultDto,
} from '@castline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateListingsAround, listingDetailKeys } from './listing-detail-keys';

/** The two toggles a visitor has on a listing. */
export type ListingReaction = 'like' | 'favorite';

/** Whether the caller has this reaction on the listing, and how many members have it. */
export function reactionOf(
  listing: ListingDtoType,
  reaction: ListingReaction,
): { active: boolean; count: number } {
  return reaction === 'like'
    ? { active: listing.liked, count: listing.likes_count }
    : { active: listing.favorited, count: listing.favorites_count };
}

/** The listing with one reaction set to `active` and its count moved to match (never below 0). */
export function withReaction(
  listing: ListingDtoType,
  reaction: ListingReaction,
  active: boolean,
  count?: number,
): ListingDtoType {
  const current = reactionOf(listing, reaction);
  const moved = current.active === active ? current.count : current.count + (active ? 1 : -1);
  const next = Math.max(0, count ?? moved);
  return reaction === 'like'
    ? { ...listing, liked: active, likes_count: next }
    : { ...listing, favorited: active, favorites_count: next };
}

function listingPath(id: string, suffix = ''): string {
  return `/api/listings/${encodeURIComponent(id)}${suffix}`;
}

interface ToggleContext {
  previous: ListingDtoType | undefined;
}

/**
 * POST /api/listings/:id/like or /favorite. The page shows the new state at once; a failure puts
 * the previous state back, and the server's answer (the new state and count) is kept on success.
 */
export function useToggleReaction(id: string, reaction: ListingReaction) {
  const queryClient = useQueryClient();
  const key = listingDetailKeys.detail(id);
  return useMutation<ToggleResultDto, Error, void, ToggleContext>({
    mutationFn: () => api.post<ToggleResultDto>(listingPath(id, `/${reaction}`)),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<ListingDtoType>(key);
      if (previous) {
        const flipped = !reactionOf(previous, reaction).active;
        queryClient.setQueryData<ListingDtoType>(key, withReaction(previous, reaction, flipped));
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData<ListingDtoType>(key, context.previous);
    },
    onSuccess: (result) => {
      queryClient.setQueryData<ListingDtoType>(key, (listing) =>
        listing ? withReaction(listing, reaction, result.active, result.count) : listing,
      );
      void invalidateListingsAround(queryClient, id);
    },
  });
}

/**
 * DELETE /api/listings/:id (204). Every listings query is marked stale without refetching now, so
 * this page does not ask again for the listing it just removed; the caller navigates away and then
 * drops the detail with `forgetListing`.
 */
export function useDeleteListing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(listingPath(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingDetailKeys.all, refetchType: 'none' }),
  });
}

/** Drops a removed listing from the cache (call after leaving its page). */
export function useForgetListing() {
  const queryClient = useQueryClient();
  return (id: string) => {
    queryClient.removeQueries({ queryKey: listingDetailKeys.detail(id), exact: true });
    queryClient.removeQueries({ queryKey: listingDetailKeys.similar(id), exact: true });
    queryClient.removeQueries({ queryKey: listingDetailKeys.buyerCandidates(id), exact: true });
  };
}

/** Writes the server's copy of a changed listing and refreshes every list it may appear in. */
function useStoreListing(id: string) {
  const queryClient = useQueryClient();
  return (listing: ListingDtoType) => {
    queryClient.setQueryData<ListingDtoType>(listingDetailKeys.detail(id), listing);
    void invalidateListingsAround(queryClient, id);
  };
}

/** POST /api/listings/:id/mark-sold: the buyer, or null when it was sold outside Castline. */
export function useMarkSold(id: string) {
  const store = useStoreListing(id);
  return useMutation({
    mutationFn: (body: MarkSoldBody) => api.post<ListingDto>(listingPath(id, '/mark-sold'), body),
    onSuccess: store,
  });
}

/** POST /api/listings/:id/rating: the buyer's 1–5 stars for the sale. */
export function useRateTransaction(id: string) {
  const store = useStoreListing(id);
  return useMutation({
    mutationFn: (body: RateTransactionBody) => api.post<ListingDto>(listingPath(id, '/rating'), body),
    onSuccess: store,
  });
}
