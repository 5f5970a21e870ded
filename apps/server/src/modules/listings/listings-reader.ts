import type { ListingActor, ListingListDto, ListingSearchCriteria } from '@castline/shared';
import type { Database } from '../../db/client.js';
import { createListingsSearchRepository } from './listings-search.repository.js';
import { presentListing } from './listings.presenter.js';

/**
 * A page of the marketplace search for another module (the tag page): the same SQL, rules and
 * presenter as GET /api/listings, without its routes.
 */
export function createListingsReader(db: Database) {
  const search = createListingsSearchRepository(db);
  return {
    async page(
      criteria: ListingSearchCriteria,
      list: { page: number; pageSize: number },
      viewer: ListingActor | null,
    ): Promise<ListingListDto> {
      const { rows, total, totalCapped } = await search.search(criteria, {
        viewerId: viewer?.id ?? null,
        limit: list.pageSize,
        offset: (list.page - 1) * list.pageSize,
      });
      return {
        items: rows.map((row) => presentListing(row, viewer)),
        total,
        totalCapped,
        page: list.page,
        pageSize: list.pageSize,
      };
    },
  };
}

export type ListingsReader = ReturnType<typeof createListingsReader>;
