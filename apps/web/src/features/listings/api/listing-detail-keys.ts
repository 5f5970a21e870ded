import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { listingKeys } from './listing-keys';

/*
 * A listing's query keys and what a change to it makes stale, apart from the detail page's hooks
 * (listing-detail.api.ts), so that the listing form's first load does not carry those.
 */

/** Every listings query key starts with 'listings', so one invalidation refreshes all of them. */
export const listingDetailKeys = {
  all: listingKeys.all,
  detail: listingKeys.detail,
  similar: (id: string) => ['listings', 'similar', id] as const,
  buyerCandidates: (id: string) => ['listings', 'buyer-candidates', id] as const,
};

function sameKey(a: QueryKey, b: QueryKey): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index]);
}

/**
 * Marks every listings query stale after a change to listing `id` (lists, rows, searches), except
 * this listing's own detail, which the caller has just written from the server's answer.
 */
export function invalidateListingsAround(queryClient: QueryClient, id: string): Promise<void> {
  const detail = listingDetailKeys.detail(id);
  return queryClient.invalidateQueries({
    queryKey: listingDetailKeys.all,
    predicate: (query) => !sameKey(query.queryKey, detail),
  });
}
