import type { ListListingsQuery } from '@castline/shared';

type QueryWithoutPage = Omit<ListListingsQuery, 'page'>;

/**
 * The listings query keys. A module of their own: pages that only refresh listings after a change
 * (the editor, offers, messages) do not load the search codec with the list queries.
 */
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
