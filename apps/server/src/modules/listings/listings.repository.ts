import type { Database } from '../../db/client.js';
import { createListingsCrudRepository } from './listings-crud.repository.js';
import { createListingsFeedsRepository } from './listings-feeds.repository.js';
import { createListingsReactionsRepository } from './listings-reactions.repository.js';
import { createListingsSalesRepository } from './listings-sales.repository.js';
import { createListingsSearchRepository } from './listings-search.repository.js';

/*
 * The listings repository, one part per concern: search (filters, full text, radius, totals),
 * a listing's own row (read, create, edit, delete), its sale, readers' likes, favourites and
 * views, and the fixed-shape rows (home, similar).
 */

export type { ListingState, ListingTransactionHook } from './listings-crud.repository.js';
export type { SimilarSource } from './listings-feeds.repository.js';
export type { GeoPoint, ListingRow, SearchListingRow } from './listings-rows.js';
export type { ListingSearch, SearchPage } from './listings-search-sql.js';

export function createListingsRepository(db: Database) {
  return {
    db,
    ...createListingsSearchRepository(db),
    ...createListingsCrudRepository(db),
    ...createListingsSalesRepository(db),
    ...createListingsReactionsRepository(db),
    ...createListingsFeedsRepository(db),
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
