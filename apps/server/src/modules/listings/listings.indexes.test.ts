import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { useTestApp } from '../../../test/test-app.js';
import { createListingsRepository, type ListingSearch } from './listings.repository.js';
import { AUSTIN } from './listings.test-helpers.js';

// The list queries must stay index-driven at a million rows. A few thousand varied rows and
// fresh statistics are enough for the planner to show which index each query can use.
const t = useTestApp();
const ROWS = 10_000;

interface QueryClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
interface PoolLike extends QueryClient {
  connect(): Promise<QueryClient & { release(): void }>;
}

/** Runs `work` on one connection (PGlite has only one; a pg pool lends one). */
async function onOneConnection<T>(work: (client: QueryClient) => Promise<T>): Promise<T> {
  const client = (t.database.db as unknown as { $client: QueryClient | PoolLike }).$client;
  if (!('connect' in client)) return work(client);
  const lent = await client.connect();
  try {
    return await work(lent);
  } finally {
    lent.release();
  }
}

const base: ListingSearch = {
  viewerId: null,
  scope: { kind: 'public' },
  sellerId: null,
  q: null,
  categories: [],
  conditions: [],
  gearTypes: [],
  tags: [],
  priceMin: null,
  priceMax: null,
  brand: null,
  rodPowers: [],
  rodCompositions: [],
  reelTypes: [],
  rodLengthMin: null,
  rodLengthMax: null,
  featured: null,
  handover: null,
  freeShipping: null,
  point: null,
  radiusMiles: null,
  sort: 'newest',
  limit: 20,
  offset: 0,
};

let sellerId: string;

beforeAll(async () => {
  // Twenty sellers; their listings are written below in one statement, too many for buildListing.
  const sellers = (await Promise.all(Array.from({ length: 20 }, () => buildUser(t.database.db)))).map(
    (user) => user.id,
  );
  sellerId = sellers[0]!;
  await t.database.db.execute(sql`
    insert into products (
      title, description, price, condition, category, gear_types, images, seller_id, location,
      location_lat, location_lng, brand, moderation_status, sold, sold_at, visible_in_marketplace,
      is_featured, created_at
    )
    select
      (array['Shimano','Penn','Daiwa','Okuma','Abu Garcia','St. Croix','Ugly Stik','Fenwick'])[1 + i % 8]
        || ' ' || case when i % 200 = 0 then 'Stradic' else (array['Battle','Saltist','Ceymar','Revo','Mojo','GX2','Eagle'])[1 + (i / 8) % 7] end
        || ' ' || (array['spinning reel','casting rod','combo','tackle box','landing net'])[1 + i % 5] || ' ' || i,
      'Listing number ' || i || ', ' || (array['lightly used','like new','well loved'])[1 + i % 3] || '.',
      5 + (i * 37) % 900,
      (array['new','like new','good','fair','poor'])[1 + i % 5],
      case when i % 100 = 0 then 'combo' else (array['rods','reels','tackle','accessories'])[1 + (i / 5) % 4] end,
      case when i % 100 = 1 then array['Saltwater'] when i % 7 = 0 then array['Fly Fishing','Freshwater'] else array['Freshwater'] end,
      array['/files/product-images/p.webp'],
      (${sql.raw(`array[${sellers.map((id) => `'${id}'::uuid`).join(',')}]`)})[1 + i % 20],
      'Somewhere',
      25 + (i % 233) * 0.1,
      -124 + (i % 577) * 0.1,
      (array['Shimano','Penn','Daiwa','Okuma'])[1 + i % 4],
      case when i % 50 = 0 then 'hidden' when i % 3 = 0 then 'pending' else 'active' end,
      i % 25 = 0,
      case when i % 25 = 0 then now() - i * interval '1 minute' end,
      i % 25 <> 0,
      i % 200 = 0,
      now() - i * interval '1 minute'
    from generate_series(1, ${ROWS}) as i
  `);
  // What autovacuum does on a server: flush the GIN pending lists and gather statistics.
  await t.database.db.execute(sql`vacuum analyze products`);
}, 120_000);

/**
 * The plans of the repository's own page and count queries for a search. With `seqscan: false`
 * the planner may not read the whole table, which shows that an index can serve the query even
 * where, on this small table, reading everything would be cheaper.
 */
async function plans(search: Partial<ListingSearch>, options: { seqscan: boolean } = { seqscan: true }) {
  const queries = createListingsRepository(t.database.db).searchQueries({ ...base, ...search });
  return onOneConnection(async (client) => {
    const explain = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = query.toSQL();
      const result = await client.query(`explain ${text}`, params);
      return result.rows.map((row) => String(Object.values(row)[0])).join('\n');
    };
    await client.query('begin');
    try {
      if (!options.seqscan) await client.query('set local enable_seqscan = off');
      return { page: await explain(queries.page), count: await explain(queries.count) };
    } finally {
      await client.query('rollback');
    }
  });
}

const noSeqScan = { seqscan: false };

function expectIndex(plan: string, index: string) {
  expect(plan, plan).toContain(index);
  expect(plan, plan).not.toMatch(/Seq Scan on products/);
}

describe('list queries use their indexes', () => {
  it('newest and oldest public listings: the public created_at index, no sort of the whole table', async () => {
    const newest = await plans({});
    expectIndex(newest.page, 'products_public_created_at_idx');
    expect(newest.page).not.toMatch(/Sort Key/);
    expectIndex((await plans({ sort: 'oldest' })).page, 'products_public_created_at_idx');
  });

  it('price order: the public price index', async () => {
    expectIndex((await plans({ sort: 'price_asc' })).page, 'products_public_price_idx');
    expectIndex((await plans({ sort: 'price_desc' })).page, 'products_public_price_idx');
  });

  it('one category: the public category index; its total from the public counts', async () => {
    const combo = await plans({ categories: ['combo'] });
    expectIndex(combo.page, 'products_public_category_created_at_idx');
    expect(combo.page).not.toMatch(/Sort Key/);
    expect(combo.count).toContain('listing_public_counts');
    expect(combo.count).not.toMatch(/on products/);
  });

  it('a category with a price range, condition or gear types: counted from the category/price index alone', async () => {
    const priced = await plans({ categories: ['reels'], priceMin: 100, priceMax: 400 }, noSeqScan);
    expectIndex(priced.count, 'products_public_category_price_idx');
    expect(priced.count).toMatch(/Index Only Scan/);
    const filtered = await plans(
      { categories: ['rods'], conditions: ['good', 'like new'], gearTypes: ['Saltwater'] },
      noSeqScan,
    );
    expectIndex(filtered.count, 'products_public_category_price_idx');
    expect(filtered.count).toMatch(/Index Only Scan/);
  });

  it("a seller's listings: the seller index (public and own views)", async () => {
    expectIndex((await plans({ sellerId })).page, 'products_seller_created_at_idx');
    expectIndex(
      (await plans({ scope: { kind: 'own', sellerId, sold: null }, viewerId: sellerId })).page,
      'products_seller_created_at_idx',
    );
  });

  it('sold listings: the sold_at index', async () => {
    const sold = await plans({ scope: { kind: 'sold' } });
    expectIndex(sold.page, 'products_sold_at_idx');
    expectIndex(sold.count, 'products_sold_at_idx');
  });

  it('featured: the featured index', async () => {
    const featured = await plans({ featured: true });
    expectIndex(featured.page, 'products_public_featured_idx');
    expectIndex(featured.count, 'products_public_featured_idx');
  });

  it('gear types (contains any): the GIN index on gear_types', async () => {
    // (The page may instead walk the price index and stop after 20 matches: also index-driven.)
    const saltwater = await plans({ gearTypes: ['Saltwater'], sort: 'price_asc' });
    expectIndex(saltwater.count, 'products_gear_types_idx');
  });

  it('search text: the full-text GIN index, also for the text as corrected', async () => {
    const search = await plans({ q: 'stradic', sort: 'relevance' });
    for (const plan of [search.count, search.page]) expectIndex(plan, 'products_search_vector_idx');
    const corrected = await plans({ q: 'stradik', qCorrected: 'stradic', sort: 'relevance' });
    for (const plan of [corrected.count, corrected.page]) expectIndex(plan, 'products_search_vector_idx');
  });

  it('radius over the public list: counted from the coordinates B-tree alone (an index-only scan)', async () => {
    const radius = await plans({ point: AUSTIN, radiusMiles: 25, sort: 'newest' }, noSeqScan);
    for (const plan of [radius.count, radius.page]) {
      expectIndex(plan, 'products_public_location_idx');
      expect(plan).toMatch(/Index Only Scan using products_public_location_idx/);
    }
  });

  it("radius with a category: the category's coordinates alone, and only the page's listings read from the table", async () => {
    for (const sort of ['newest', 'price_asc'] as const) {
      const radius = await plans(
        { point: AUSTIN, radiusMiles: 25, categories: ['combo'], priceMin: 50, priceMax: 300, sort },
        noSeqScan,
      );
      for (const plan of [radius.count, radius.page]) {
        expect(plan, plan).toMatch(/Index Only Scan using products_public_category_location_idx/);
        expect(plan, plan).not.toMatch(/Seq Scan on products/);
      }
      // The page's ids are sorted from the index; their listings are then read by primary key.
      expect(radius.page, radius.page).toMatch(/Index Scan using products_pkey on products/);
    }
  });

  it('radius by distance over the public list: nearest first from the earthdistance GiST index', async () => {
    const radius = await plans({ point: AUSTIN, radiusMiles: 25, sort: 'distance' }, noSeqScan);
    expect(radius.count).toMatch(/Index Only Scan using products_public_location_idx/);
    // The page's reach is read nearest first (an ordered GiST scan), then the page through the same index.
    expect(radius.page, radius.page).toMatch(
      /Index Scan using products_location_earth_idx[^\n]*\n\s*Order By: \(\(ll_to_earth/,
    );
    expectIndex(radius.page, 'products_location_earth_idx');
  });

  it('radius over sold listings: the earthdistance GiST index', async () => {
    const radius = await plans(
      { scope: { kind: 'sold' }, point: AUSTIN, radiusMiles: 25, sort: 'distance' },
      noSeqScan,
    );
    expectIndex(radius.count, 'products_location_earth_idx');
  });

  it('the count of the whole public list is read from the public counts, not the listings', async () => {
    const plan = (await plans({}, noSeqScan)).count;
    expect(plan).toContain('listing_public_counts');
    expect(plan).not.toMatch(/on products/);
  });

  it('a count with any other filter reads the listings', async () => {
    const plan = (await plans({ featured: true })).count;
    expect(plan).not.toContain('listing_public_counts');
  });

  it('a misspelt word is corrected from the vocabulary of listing words', async () => {
    const repository = createListingsRepository(t.database.db);
    expect(await repository.correctSearchText('shimno stradik -daiwa')).toBe('shimano stradic -daiwa');
    expect(await repository.correctSearchText('Shimano Stradic')).toBeNull();
    // Nothing close enough: the text stays as typed.
    expect(await repository.correctSearchText('xyzzy')).toBeNull();
  });

  it('correcting a word reads the vocabulary only, never the listings', async () => {
    const plan = await onOneConnection(async (client) => {
      await client.query('begin');
      try {
        await client.query('set local enable_seqscan = off');
        const result = await client.query(`explain select word from listing_words where word %>> $1`, [
          'shimno',
        ]);
        return result.rows.map((row) => String(Object.values(row)[0])).join('\n');
      } finally {
        await client.query('rollback');
      }
    });
    // A small vocabulary is read whole, a large one through its trigram index: the planner's choice.
    expect(plan, plan).toMatch(/on listing_words/);
    expect(plan, plan).not.toMatch(/products/);
  });
});
