import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LISTING_MESSAGES as M,
  PRICE_GUIDE_MIN_SALES,
  PRICE_GUIDE_POINTS_MAX,
  PriceGuideDto,
  type Category,
  type OrderState,
} from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildOrder,
  buildUser,
  errorOf,
  get,
  guest,
  signedInMember,
  uniqueSuffix,
  type BuildListingOverrides,
  type BuiltListing,
} from '../../../test/factories.js';
import { priceGuideStatement } from './listings-price-guide.repository.js';

const t = useTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let sellerId: string;
let buyerId: string;
beforeAll(async () => {
  const [seller, buyer] = await Promise.all([buildUser(t.database.db), buildUser(t.database.db)]);
  sellerId = seller.id;
  buyerId = buyer.id;
});

interface Gear {
  brand: string;
  model?: string | null;
  category?: Category;
}

interface SaleOptions {
  price: number;
  daysAgo?: number;
  /** When it completed (instead of `daysAgo`). */
  at?: Date;
  state?: OrderState;
  source?: 'buy_now' | 'offer' | 'marked_sold';
  listing?: BuildListingOverrides;
}

/** One sale of `gear`: a listing of its own and its order (completed `daysAgo` days ago unless another state). */
async function sale(
  gear: Gear,
  { price, daysAgo = 10, at: when, state = 'completed', source, listing }: SaleOptions,
) {
  const built = await buildListing(t.database.db, sellerId, {
    title: `${gear.brand} ${gear.model ?? ''} ${uniqueSuffix()}`,
    brand: gear.brand,
    model: gear.model ?? null,
    category: gear.category ?? 'reels',
    price,
    ...listing,
  });
  const at = when ?? new Date(Date.now() - daysAgo * DAY_MS);
  await buildOrder(t.database.db, built, buyerId, {
    price,
    state,
    created_at: at,
    completed_at: state === 'completed' ? at : null,
    cancelled_at: state === 'cancelled' ? at : null,
    ...(source ? { source } : {}),
  });
  return built;
}

/** A brand no other test uses, so that each test reads its own sales. */
const newBrand = (name = 'Brand') => `${name} ${uniqueSuffix()}`;

async function guideFor(query: Record<string, string>) {
  const response = await get(t.app, `/api/listings/price-guide?${new URLSearchParams(query)}`, guest());
  expect(response.statusCode, response.body).toBe(200);
  return { guide: PriceGuideDto.parse(response.json()), response };
}

async function listingGuide(listing: Pick<BuiltListing, 'id'>, caller = guest()) {
  return get(t.app, `/api/listings/${listing.id}/price-guide`, caller);
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const hidden = { median: null, low: null, high: null, points: [] };

describe('price guide: which sales match', () => {
  it('uses the sales of the same brand and model when there are enough, over the brand’s', async () => {
    const brand = newBrand('Shimano');
    const stradic = { brand, model: 'Stradic FL 2500' };
    const [recent, earlier, oldest] = [5, 40, 90].map((days) => new Date(Date.now() - days * DAY_MS));
    await sale(stradic, { price: 200, at: recent! });
    await sale(stradic, { price: 100, at: earlier! });
    await sale(stradic, { price: 120, at: oldest! });
    // The brand's other reels sell for far less: they do not move the model's figures.
    await sale({ brand, model: 'Sedona 3000' }, { price: 40 });
    await sale({ brand, model: 'Sedona 3000' }, { price: 45 });

    const { guide, response } = await guideFor({ brand, model: 'Stradic FL 2500', category: 'reels' });
    expect(guide).toEqual({
      match: 'model',
      count: 3,
      median: 120,
      low: 100,
      high: 200,
      points: [
        { price: 120, sold_at: utcDay(oldest!) },
        { price: 100, sold_at: utcDay(earlier!) },
        { price: 200, sold_at: utcDay(recent!) },
      ],
      min_sales: PRICE_GUIDE_MIN_SALES,
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('falls back to the same brand in the same category; other categories do not count', async () => {
    const brand = newBrand('Penn');
    await sale({ brand, model: 'Battle III 3000' }, { price: 100 });
    await sale({ brand, model: 'Spinfisher VII 4500' }, { price: 110 });
    await sale({ brand, model: 'Slammer IV 6500' }, { price: 130 });
    await sale({ brand, model: null }, { price: 200 });
    await sale({ brand, model: 'Prevail III', category: 'rods' }, { price: 5 });

    const { guide } = await guideFor({ brand, model: 'Battle III 3000', category: 'reels' });
    // Four reels of the brand (the model alone has one sale): the median of an even count is the middle pair's mean.
    expect(guide).toMatchObject({ match: 'brand', count: 4, median: 120, low: 100, high: 200 });
    expect(guide.points.map((point) => point.price).sort((a, b) => a - b)).toEqual([100, 110, 130, 200]);

    // Without a model, the brand in the category is all there is to match.
    expect((await guideFor({ brand, category: 'reels' })).guide).toMatchObject({ match: 'brand', count: 4 });
    // The rod is the brand's only sale in rods.
    expect((await guideFor({ brand, category: 'rods' })).guide).toEqual({
      match: 'none',
      count: 1,
      ...hidden,
      min_sales: PRICE_GUIDE_MIN_SALES,
    });
  });

  it('matches brand and model whatever their case and outer spaces, in any category', async () => {
    const brand = newBrand('Ugly Stik');
    await sale({ brand: `${brand} `, model: 'GX2', category: 'rods' }, { price: 40 });
    await sale({ brand: brand.toUpperCase(), model: ' gx2', category: 'rods' }, { price: 50 });
    await sale({ brand, model: 'GX2', category: 'combo' }, { price: 60 });

    const { guide } = await guideFor({ brand: `  ${brand.toLowerCase()} `, model: 'Gx2 ', category: 'rods' });
    expect(guide).toMatchObject({ match: 'model', count: 3, median: 50, low: 40, high: 60 });
  });

  it('counts completed orders of the last 12 months and marked sales, nothing older, cancelled, in progress or hidden', async () => {
    const brand = newBrand('Daiwa');
    const bg = { brand, model: 'BG 4000' };
    await sale(bg, { price: 90, daysAgo: 2 });
    await sale(bg, { price: 80, daysAgo: 300, source: 'marked_sold' });
    // None of these count.
    await sale(bg, { price: 1, daysAgo: 400 });
    await sale(bg, { price: 2, state: 'cancelled' });
    for (const state of ['awaiting_payment', 'paid', 'shipped', 'received'] as const) {
      await sale(bg, { price: 3, state });
    }
    await sale(bg, { price: 4, listing: { moderation_status: 'hidden' } });
    await sale(bg, { price: 5, listing: { deleted: true } });

    const { guide } = await guideFor({ brand, model: 'BG 4000', category: 'reels' });
    expect(guide).toEqual({ match: 'none', count: 2, ...hidden, min_sales: PRICE_GUIDE_MIN_SALES });

    // One more recent sale and the guide shows.
    await sale(bg, { price: 100, daysAgo: 1 });
    expect((await guideFor({ brand, model: 'BG 4000', category: 'reels' })).guide).toMatchObject({
      match: 'model',
      count: 3,
      median: 90,
      low: 80,
      high: 100,
    });
  });

  it('shows no figures without a brand, or for gear nobody sold', async () => {
    expect((await guideFor({ category: 'tackle' })).guide).toEqual({
      match: 'none',
      count: 0,
      ...hidden,
      min_sales: PRICE_GUIDE_MIN_SALES,
    });
    expect((await guideFor({ brand: newBrand(), model: 'Nothing', category: 'reels' })).guide).toMatchObject({
      match: 'none',
      count: 0,
    });
  });

  it(`keeps the newest ${PRICE_GUIDE_POINTS_MAX} sales for the chart, while the figures count them all`, async () => {
    const brand = newBrand('Zebco');
    const total = PRICE_GUIDE_POINTS_MAX + 2;
    for (let n = 0; n < total; n += 1) {
      await sale({ brand, model: '33' }, { price: 10 + n, daysAgo: total - n });
    }
    const { guide } = await guideFor({ brand, model: '33', category: 'reels' });
    expect(guide).toMatchObject({
      match: 'model',
      count: total,
      low: 10,
      high: 10 + total - 1,
      median: 40.5,
    });
    expect(guide.points).toHaveLength(PRICE_GUIDE_POINTS_MAX);
    // Oldest first, the two oldest sales left out.
    expect(guide.points[0]!.price).toBe(12);
    expect(guide.points.at(-1)!.price).toBe(10 + total - 1);
  });
});

describe('price guide: requests', () => {
  it('answers 400 for a missing or unknown category, or a brand or model longer than a listing’s', async () => {
    for (const query of [
      '',
      'brand=Penn',
      'category=boats',
      'category=reels&category=rods',
      `brand=${'b'.repeat(81)}&category=reels`,
      `brand=Penn&model=${'m'.repeat(81)}&category=reels`,
    ]) {
      const response = await get(t.app, `/api/listings/price-guide?${query}`, guest());
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).code, query).toBe('VALIDATION_FAILED');
    }
  });

  it('is not taken for a listing id by /api/listings/:id', async () => {
    const response = await get(t.app, '/api/listings/price-guide?category=reels', guest());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ match: 'none' });
  });
});

describe("price guide: a listing's page", () => {
  it("gives the guide of the listing's brand, model and category, its own sale left out", async () => {
    const brand = newBrand('Abu Garcia');
    const revo = { brand, model: 'Revo SX' };
    await sale(revo, { price: 150 });
    await sale(revo, { price: 160 });
    const ownSale = await sale(revo, { price: 170 });
    const onMarket = await buildListing(t.database.db, sellerId, {
      brand,
      model: 'revo sx',
      category: 'reels',
    });

    const response = await listingGuide(onMarket);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(PriceGuideDto.parse(response.json())).toMatchObject({ match: 'model', count: 3, median: 160 });

    // The sold listing's own page counts the two other sales only: too few.
    expect(PriceGuideDto.parse((await listingGuide(ownSale)).json())).toMatchObject({
      match: 'none',
      count: 2,
    });
  });

  it('answers 404 for an unknown or malformed id, and for a listing the caller may not see', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const response = await get(t.app, `/api/listings/${id}/price-guide`, guest());
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response).message).toBe(M.productNotFound);
    }
    const owner = await signedInMember(t.app, t.database.db);
    const flagged = await buildListing(t.database.db, owner.id, {
      brand: newBrand(),
      category: 'reels',
      moderation_status: 'flagged',
    });
    expect((await listingGuide(flagged)).statusCode).toBe(404);
    const own = await listingGuide(flagged, owner);
    expect(own.statusCode).toBe(200);
    // Only its seller (and moderators) see it: no shared cache keeps the answer.
    expect(own.headers['cache-control']).toBe('private, max-age=300');
  });
});

describe('price guide: the query', () => {
  it('reads the sold listings through the brand and model index', async () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(
      priceGuideStatement({
        brand: 'Penn',
        model: 'Battle III 3000',
        category: 'reels',
        excludeListingId: null,
      }),
    );
    const plan = await onOneConnection(async (client) => {
      await client.query('begin');
      try {
        // On this small table reading everything is cheaper; without it, the planner shows an index can serve.
        await client.query('set local enable_seqscan = off');
        const result = await client.query(`explain ${text}`, params);
        return result.rows.map((row) => String(Object.values(row)[0])).join('\n');
      } finally {
        await client.query('rollback');
      }
    });
    expect(plan, plan).toContain('products_sold_brand_model_idx');
    expect(plan, plan).not.toMatch(/Seq Scan on products/);
  });
});

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
