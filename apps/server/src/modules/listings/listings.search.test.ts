import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FILTERED_SEARCH_MATCH_LIMIT,
  LISTING_MESSAGES as M,
  ListingDto,
  ListingListDto,
  TEXT_SEARCH_MATCH_LIMIT,
} from '@castline/shared';
import { products, profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildListingFavorite,
  buildUser,
  errorOf,
  get,
  guest,
  signedInMember,
  type BuildListingOverrides,
  type Caller,
} from '../../../test/factories.js';
import { AUSTIN, DALLAS } from './listings.test-helpers.js';

// Each test lists its own seller's listings (seller_id=…), so tests do not see each other's rows.
const t = useTestApp();

async function list(query: Record<string, string | number>, caller: Caller = guest()) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await get(t.app, `/api/listings?${search}`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return ListingListDto.parse(response.json());
}

const titles = (items: ListingDto[]) => items.map((item) => item.title);

async function seller() {
  return (await buildUser(t.database.db)).id;
}

/** Listings created in order, one second apart (created_at ascending). */
async function listingsInOrder(sellerId: string, rows: BuildListingOverrides[]) {
  const start = Date.now() - rows.length * 1000;
  const built = [];
  for (const [index, row] of rows.entries()) {
    built.push(
      await buildListing(t.database.db, sellerId, { created_at: new Date(start + index * 1000), ...row }),
    );
  }
  return built;
}

describe('GET /api/listings: what the public sees', () => {
  it('shows active and pending listings; hides hidden, flagged, deleted, sold and invisible ones', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: 'active', moderation_status: 'active' },
      { title: 'pending', moderation_status: 'pending' },
      { title: 'hidden', moderation_status: 'hidden' },
      { title: 'flagged', moderation_status: 'flagged' },
      { title: 'deleted', deleted: true, deleted_at: new Date(), visible_in_marketplace: false },
      { title: 'sold', sold: true, sold_at: new Date(), visible_in_marketplace: false },
      { title: 'invisible', visible_in_marketplace: false },
    ]);
    const page = await list({ seller_id: sellerId });
    expect(titles(page.items)).toEqual(['pending', 'active']);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 });
  });

  it('shows a seller all their own listings of every status (never deleted ones); others see the public ones', async () => {
    const owner = await signedInMember(t.app, t.database.db);
    await listingsInOrder(owner.id, [
      { title: 'active' },
      { title: 'hidden', moderation_status: 'hidden' },
      { title: 'flagged', moderation_status: 'flagged' },
      { title: 'sold', sold: true, sold_at: new Date(), visible_in_marketplace: false },
      { title: 'deleted', deleted: true },
    ]);
    expect(titles((await list({ seller_id: owner.id }, owner)).items)).toEqual([
      'sold',
      'flagged',
      'hidden',
      'active',
    ]);
    expect(titles((await list({ seller_id: owner.id, sold: 'true' }, owner)).items)).toEqual(['sold']);
    expect(titles((await list({ seller_id: owner.id, sold: 'false' }, owner)).items)).toEqual([
      'flagged',
      'hidden',
      'active',
    ]);
    const someoneElse = await signedInMember(t.app, t.database.db);
    expect(titles((await list({ seller_id: owner.id }, someoneElse)).items)).toEqual(['active']);
  });

  it('sold=true lists sold listings, most recently sold first', async () => {
    const sellerId = await seller();
    const now = Date.now();
    await listingsInOrder(sellerId, [
      {
        title: 'sold long ago',
        sold: true,
        sold_at: new Date(now - 86_400_000),
        visible_in_marketplace: false,
      },
      { title: 'sold just now', sold: true, sold_at: new Date(now), visible_in_marketplace: false },
      {
        title: 'sold yesterday',
        sold: true,
        sold_at: new Date(now - 3_600_000),
        visible_in_marketplace: false,
      },
      { title: 'sold but hidden', sold: true, sold_at: new Date(now), moderation_status: 'hidden' },
      { title: 'for sale' },
    ]);
    const page = await list({ seller_id: sellerId, sold: 'true' });
    expect(titles(page.items)).toEqual(['sold just now', 'sold yesterday', 'sold long ago']);
    expect(page.total).toBe(3);
    expect(titles((await list({ seller_id: sellerId, sold: 'true', sort: 'oldest' })).items)[0]).toBe(
      'sold long ago',
    );
  });

  it('pages 20 at a time with the exact total', async () => {
    const sellerId = await seller();
    await listingsInOrder(
      sellerId,
      Array.from({ length: 23 }, (_, i) => ({ title: `item ${String(i).padStart(2, '0')}` })),
    );
    const first = await list({ seller_id: sellerId });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.title).toBe('item 22');
    expect(first.total).toBe(23);
    const second = await list({ seller_id: sellerId, page: 2 });
    expect(titles(second.items)).toEqual(['item 02', 'item 01', 'item 00']);
    expect(second).toMatchObject({ total: 23, page: 2, pageSize: 20 });
    const small = await list({ seller_id: sellerId, pageSize: 5, page: 5 });
    expect(titles(small.items)).toEqual(['item 02', 'item 01', 'item 00']);
    expect((await list({ seller_id: sellerId, page: 9 })).items).toEqual([]);
  });

  it('the total matches the public listings in the whole marketplace', async () => {
    const page = await list({});
    const [row] = (
      (await t.database.db.execute(
        sql`select count(*)::int as count from products where deleted = false and visible_in_marketplace and moderation_status in ('active','pending') and sold = false`,
      )) as unknown as { rows: { count: number }[] }
    ).rows;
    expect(page.total).toBe(row!.count);
    expect(page.total).toBeGreaterThan(20);
  });

  it('category and condition totals stay exact through every change that makes a listing public or not', async () => {
    const searches: [Record<string, string>, string][] = [
      [{}, 'true'],
      [{ category: 'reels' }, `category = 'reels'`],
      [{ condition: 'fair,poor' }, `condition in ('fair', 'poor')`],
      [{ category: 'reels,rods', condition: 'fair' }, `category in ('reels', 'rods') and condition = 'fair'`],
    ];
    const expectExactTotals = async (step: string) => {
      for (const [query, where] of searches) {
        const { rows } = (await t.database.db.execute(
          sql.raw(
            `select count(*)::int as count from products where deleted = false and visible_in_marketplace and moderation_status in ('active','pending') and sold = false and ${where}`,
          ),
        )) as unknown as { rows: { count: number }[] };
        expect((await list(query)).total, `${step}: ${JSON.stringify(query)}`).toBe(rows[0]!.count);
      }
    };
    const sellerId = await seller();
    const mine = sql.raw(`seller_id = '${sellerId}'`);
    const update = (set: string, where: string) =>
      t.database.db.execute(sql`update products set ${sql.raw(set)} where ${mine} and ${sql.raw(where)}`);
    await listingsInOrder(sellerId, [
      { title: 'reel a', category: 'reels', condition: 'fair' },
      { title: 'reel b', category: 'reels', condition: 'poor', moderation_status: 'pending' },
      { title: 'reel c', category: 'reels', condition: 'fair', moderation_status: 'hidden' },
      { title: 'rod a', category: 'rods', condition: 'fair', sold: true, sold_at: new Date() },
      { title: 'rod b', category: 'rods', condition: 'fair', visible_in_marketplace: false },
    ]);
    await expectExactTotals('created');
    await update(`moderation_status = 'hidden'`, `title = 'reel a'`);
    await update(`moderation_status = 'active'`, `title = 'reel c'`);
    await expectExactTotals('moderated');
    await update(`category = 'rods', condition = 'fair'`, `title = 'reel b'`);
    await update(`visible_in_marketplace = true`, `title = 'rod b'`);
    await expectExactTotals('edited');
    await update(`likes_count = likes_count + 1`, 'true');
    await update(
      `sold = true, sold_at = now(), visible_in_marketplace = false`,
      `title in ('reel c', 'rod b')`,
    );
    await update(`deleted = true, deleted_at = now()`, `title = 'reel b'`);
    await expectExactTotals('sold and deleted');
    await t.database.db.execute(sql`delete from products where ${mine}`);
    await expectExactTotals('removed');
  });
});

describe('searches compiled once per shape (decision 0014)', () => {
  it('shows every field of a listing as its own page does, with the viewer and the distance', async () => {
    const sellerId = await seller();
    const viewer = await signedInMember(t.app, t.database.db);
    const [rod] = await listingsInOrder(sellerId, [
      {
        title: 'St. Croix Mojo Bass 7ft rod',
        price: 149.99,
        category: 'rods',
        condition: 'like new',
        gear_types: ['Freshwater', 'Bass'],
        images: ['/files/product-images/mojo-1.webp', '/files/product-images/mojo-2.webp'],
        brand: 'St. Croix',
        model: 'Mojo Bass',
        rod_brand: 'St. Croix',
        rod_composition: 'graphite',
        rod_length_feet: 7,
        rod_length_inches: 1,
        rod_power_rating: 'Medium',
        location: 'Dallas, TX',
        location_lat: DALLAS.lat,
        location_lng: DALLAS.lng,
        likes_count: 3,
        handover: 'both',
        shipping_price: 7.5,
        ships_from: 'Fort Worth, TX',
        handling_days: 3,
        accepts_offers: false,
        returns_accepted: true,
        return_window_days: 14,
      },
    ]);
    await buildListingFavorite(t.database.db, rod!.id, viewer.id);

    const page = await list(
      { seller_id: sellerId, lat: AUSTIN.lat, lng: AUSTIN.lng, radius: 500, sort: 'distance' },
      viewer,
    );
    const detail = await get(t.app, `/api/listings/${rod!.id}`, viewer);
    expect(page.items).toHaveLength(1);
    const [found] = page.items;
    // Austin to Dallas: 182 miles as the crow flies.
    expect(found!.distance).toBeGreaterThan(180);
    expect(found!.distance).toBeLessThan(184);
    expect({ ...found, distance: null }).toEqual(ListingDto.parse(detail.json()));
    expect(found).toMatchObject({ favorited: true, liked: false, price: 149.99, rod_length_inches: 1 });
    expect(found).toMatchObject({ handover: 'both', shipping_price: 7.5, accepts_offers: false });
  });

  it("binds each search's own values into a shape it shares with others", async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: 'rod', category: 'rods', price: 100, condition: 'good' },
      { title: 'reel', category: 'reels', price: 60, condition: 'fair' },
      { title: 'lure', category: 'tackle', price: 8, condition: 'new' },
    ]);
    const shaped = async (query: Record<string, string | number>) =>
      titles((await list({ seller_id: sellerId, ...query })).items);
    expect(await shaped({ category: 'rods' })).toEqual(['rod']);
    expect(await shaped({ category: 'reels' })).toEqual(['reel']);
    expect(await shaped({ category: 'rods,tackle' })).toEqual(['lure', 'rod']);
    expect(await shaped({ category: 'reels,tackle' })).toEqual(['lure', 'reel']);
    expect(await shaped({ price: '50-150' })).toEqual(['reel', 'rod']);
    expect(await shaped({ price: '1-10' })).toEqual(['lure']);
    expect(await shaped({ condition: 'new,fair', sort: 'price_asc' })).toEqual(['lure', 'reel']);
    expect(await shaped({ page: 2, pageSize: 2 })).toEqual(['rod']);
    expect((await list({ seller_id: sellerId, page: 3, pageSize: 2 })).total).toBe(3);
  });
});

describe('filters', () => {
  it('category and condition match any of the given values', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: 'tackle good', category: 'tackle', condition: 'good' },
      { title: 'accessories new', category: 'accessories', condition: 'new' },
      {
        title: 'rods fair',
        category: 'rods',
        condition: 'fair',
        rod_brand: 'Penn',
        rod_length_feet: 7,
        rod_length_inches: 0,
      },
    ]);
    expect(titles((await list({ seller_id: sellerId, category: 'tackle,accessories' })).items)).toEqual([
      'accessories new',
      'tackle good',
    ]);
    expect(titles((await list({ seller_id: sellerId, condition: 'fair' })).items)).toEqual(['rods fair']);
    expect(titles((await list({ seller_id: sellerId, category: 'tackle', condition: 'new' })).items)).toEqual(
      [],
    );
  });

  it('gear_types matches listings having any of the given gear types', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: 'fresh', gear_types: ['Freshwater'] },
      { title: 'salt', gear_types: ['Saltwater'] },
      { title: 'fly and fresh', gear_types: ['Fly Fishing', 'Freshwater'] },
    ]);
    expect(titles((await list({ seller_id: sellerId, gear_types: 'Saltwater,Fly Fishing' })).items)).toEqual([
      'fly and fresh',
      'salt',
    ]);
    const repeated = await get(
      t.app,
      `/api/listings?seller_id=${sellerId}&gear_types=Freshwater&gear_types=Saltwater`,
      guest(),
    );
    expect(titles(ListingListDto.parse(repeated.json()).items)).toEqual(['fly and fresh', 'salt', 'fresh']);
  });

  it("price 'min-max' filters inclusively; a non-numeric bound is ignored", async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: '$10', price: 10 },
      { title: '$50', price: 50 },
      { title: '$120', price: 120 },
    ]);
    const within = async (price: string) =>
      titles((await list({ seller_id: sellerId, price, sort: 'price_asc' })).items);
    expect(await within('10-50')).toEqual(['$10', '$50']);
    expect(await within('20-')).toEqual(['$50', '$120']);
    expect(await within('-50')).toEqual(['$10', '$50']);
    expect(await within('abc-50')).toEqual(['$10', '$50']);
    expect(await within('20-abc')).toEqual(['$50', '$120']);
    expect(await within('abc-xyz')).toEqual(['$10', '$50', '$120']);
  });

  it('brand matches brand, rod brand or reel brand, ignoring case', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: 'plain brand', brand: 'Shimano' },
      {
        title: 'rod brand',
        category: 'rods',
        rod_brand: 'SHIMANO',
        rod_length_feet: 6,
        rod_length_inches: 6,
      },
      { title: 'reel brand', category: 'reels', reel_brand: 'shimano' },
      { title: 'other brand', brand: 'Daiwa' },
    ]);
    expect(titles((await list({ seller_id: sellerId, brand: 'shimano' })).items)).toEqual([
      'reel brand',
      'rod brand',
      'plain brand',
    ]);
  });

  it('rod power, rod composition and reel type match any of the given values', async () => {
    const sellerId = await seller();
    const rod = { category: 'rods', rod_length_feet: 7, rod_length_inches: 0 };
    await listingsInOrder(sellerId, [
      { ...rod, title: 'medium graphite', rod_power_rating: 'Medium', rod_composition: 'graphite' },
      { ...rod, title: 'heavy fiberglass', rod_power_rating: 'Heavy', rod_composition: 'fiberglass' },
      { title: 'baitcaster', category: 'reels', reel_type: 'baitcasting' },
      { title: 'spinner', category: 'reels', reel_type: 'spinning' },
    ]);
    expect(titles((await list({ seller_id: sellerId, rod_power: 'Heavy,Light' })).items)).toEqual([
      'heavy fiberglass',
    ]);
    expect(titles((await list({ seller_id: sellerId, rod_composition: 'graphite' })).items)).toEqual([
      'medium graphite',
    ]);
    expect(titles((await list({ seller_id: sellerId, reel_type: 'spinning,fly' })).items)).toEqual([
      'spinner',
    ]);
  });

  it('rod length bounds are inches (feet × 12 + inches), inclusive', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: '5\'6"', category: 'rods', rod_length_feet: 5, rod_length_inches: 6 },
      { title: '7\'0"', category: 'rods', rod_length_feet: 7, rod_length_inches: 0 },
      { title: '9\'2"', category: 'rods', rod_length_feet: 9, rod_length_inches: 2 },
      { title: 'no rod', category: 'tackle' },
    ]);
    expect(
      titles((await list({ seller_id: sellerId, rod_length_min: 66, rod_length_max: 84 })).items),
    ).toEqual(['7\'0"', '5\'6"']);
    expect(titles((await list({ seller_id: sellerId, rod_length_min: 85 })).items)).toEqual(['9\'2"']);
  });

  it('featured=true lists featured listings only', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [{ title: 'plain' }, { title: 'featured', is_featured: true }]);
    expect(titles((await list({ seller_id: sellerId, featured: 'true' })).items)).toEqual(['featured']);
    expect(titles((await list({ seller_id: sellerId, featured: 'false' })).items)).toEqual(['plain']);
  });

  it('an unknown filter value answers 400 with the filters text', async () => {
    for (const query of [
      'category=boats',
      'sort=cheapest',
      'page=0',
      'seller_id=nope',
      'radius=5000&lat=1&lng=1',
    ]) {
      const response = await get(t.app, `/api/listings?${query}`, guest());
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(M.invalidFilter);
    }
  });
});

describe('sorts', () => {
  it('newest (default), oldest, price ascending and descending', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: 'first $30', price: 30 },
      { title: 'second $10', price: 10 },
      { title: 'third $20', price: 20 },
    ]);
    const sorted = async (sort?: string) =>
      titles((await list({ seller_id: sellerId, ...(sort ? { sort } : {}) })).items);
    expect(await sorted()).toEqual(['third $20', 'second $10', 'first $30']);
    expect(await sorted('newest')).toEqual(['third $20', 'second $10', 'first $30']);
    expect(await sorted('oldest')).toEqual(['first $30', 'second $10', 'third $20']);
    expect(await sorted('price_asc')).toEqual(['second $10', 'third $20', 'first $30']);
    expect(await sorted('price_desc')).toEqual(['first $30', 'third $20', 'second $10']);
    // Relevance needs a search text; without one it is newest first.
    expect(await sorted('relevance')).toEqual(['third $20', 'second $10', 'first $30']);
  });

  it('distance needs a point (400 otherwise); so does a radius', async () => {
    for (const query of ['sort=distance', 'radius=50', 'lat=30.2', 'lng=-97.7']) {
      const response = await get(t.app, `/api/listings?${query}`, guest());
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', message: M.invalidFilter });
    }
  });
});

describe('full-text search (q)', () => {
  it('finds words in the title, brand and model, and the description, stemmed', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: 'Stradic FL 2500 spinning reel', brand: 'Shimano', model: 'Stradic', category: 'reels' },
      { title: 'Tackle box', description: 'Comes with a few Shimano lures.' },
      { title: 'Landing net', description: 'Rubber mesh.' },
    ]);
    expect(titles((await list({ seller_id: sellerId, q: 'shimano' })).items)).toEqual([
      'Stradic FL 2500 spinning reel',
      'Tackle box',
    ]);
    expect(titles((await list({ seller_id: sellerId, q: 'reels' })).items)).toEqual([
      'Stradic FL 2500 spinning reel',
    ]);
    expect(titles((await list({ seller_id: sellerId, q: 'lure' })).items)).toEqual(['Tackle box']);
    expect(titles((await list({ seller_id: sellerId, q: 'net -rubber' })).items)).toEqual([]);
  });

  it('tolerates a typo in the title ("shimno" finds "Shimano")', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [{ title: 'Shimano Curado baitcaster' }, { title: 'Penn Battle III' }]);
    const page = await list({ seller_id: sellerId, q: 'shimno' });
    expect(titles(page.items)).toEqual(['Shimano Curado baitcaster']);
    expect(page.total).toBe(1);
    expect(titles((await list({ seller_id: sellerId, q: 'Pen Batle' })).items)).toEqual(['Penn Battle III']);
  });

  it('needs every word of a misspelt search to be close to the title, not just one', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: 'Shimano Stradic spinning reel' },
      { title: 'Daiwa BG spinning reel' },
      { title: 'Shimano Curado baitcaster' },
    ]);
    const page = await list({ seller_id: sellerId, q: 'shimno spining' });
    expect(titles(page.items)).toEqual(['Shimano Stradic spinning reel']);
  });

  it('any search text is safe: operators, quotes and punctuation never fail', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [{ title: "O'Neill 50% off rod & reel" }]);
    for (const q of [
      "'",
      '!!!',
      'a & b | !c',
      ':*',
      '"unterminated',
      "o'neill",
      '50%',
      "'; drop table products; --",
      '-',
    ]) {
      const page = await list({ seller_id: sellerId, q });
      expect(page.total).toBeLessThanOrEqual(1);
    }
    expect(titles((await list({ seller_id: sellerId, q: "o'neill" })).items)).toEqual([
      "O'Neill 50% off rod & reel",
    ]);
  });

  it('ranks by relevance when searching: a title match before a description match', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: 'Spinning combo', description: 'Ugly Stik rod with a spare ugly stik reel seat.' },
      { title: 'Tackle bag', description: 'Fits an Ugly Stik.' },
      { title: 'Ugly Stik GX2', description: 'Classic rod.', brand: 'Ugly Stik' },
    ]);
    const ranked = titles((await list({ seller_id: sellerId, q: 'ugly stik' })).items);
    expect(ranked[0]).toBe('Ugly Stik GX2');
    expect(ranked).toHaveLength(3);
    expect(titles((await list({ seller_id: sellerId, q: 'ugly stik', sort: 'newest' })).items)).toEqual([
      'Ugly Stik GX2',
      'Tackle bag',
      'Spinning combo',
    ]);
  });
});

describe('text search beyond its limit (decision 0013)', () => {
  it('shows at most the limit: the best matches among the newest, a total that says there are more', async () => {
    const sellerId = await seller();
    // The best match is the oldest; 1,005 newer listings match less well.
    await buildListing(t.database.db, sellerId, {
      title: 'Tenkara rod, Tenkara line',
      brand: 'Tenkara',
      created_at: new Date(Date.now() - 30 * 24 * 3600 * 1000),
    });
    await t.database.db.execute(sql`
      insert into products (title, description, price, condition, category, gear_types, images, location, seller_id, moderation_status, created_at)
      select 'Fly box ' || n, 'Holds flies for a tenkara outing.', 20, 'good', 'tackle', array['Freshwater'], array[]::text[],
             'Austin, TX', ${sellerId}, 'active', now() - make_interval(secs => n)
      from generate_series(1, 1005) as n`);

    const best = await list({ seller_id: sellerId, q: 'tenkara' });
    expect(best.total).toBe(TEXT_SEARCH_MATCH_LIMIT);
    expect(best.totalCapped).toBe(true);
    expect(best.items).toHaveLength(20);
    expect(titles(best.items)).not.toContain('Tenkara rod, Tenkara line');

    const last = await list({ seller_id: sellerId, q: 'tenkara', page: TEXT_SEARCH_MATCH_LIMIT / 20 });
    expect(last.items).toHaveLength(20);
    const past = await list({ seller_id: sellerId, q: 'tenkara', page: TEXT_SEARCH_MATCH_LIMIT / 20 + 1 });
    expect(past.items).toEqual([]);
    expect(past).toMatchObject({ total: TEXT_SEARCH_MATCH_LIMIT, totalCapped: true });

    // Another order reads every match; the total is counted to the limit all the same.
    const cheapest = await list({ seller_id: sellerId, q: 'tenkara', sort: 'newest' });
    expect(cheapest).toMatchObject({ total: TEXT_SEARCH_MATCH_LIMIT, totalCapped: true });
    expect(cheapest.items[0]?.title).toBe('Fly box 1');

    // Under the limit the total is exact, and the best match comes first.
    const few = await list({ seller_id: sellerId, q: 'tenkara rod' });
    expect(few).toMatchObject({ total: 1, totalCapped: false });
    expect(titles(few.items)).toEqual(['Tenkara rod, Tenkara line']);
    const all = await list({ seller_id: sellerId });
    expect(all).toMatchObject({ total: 1006, totalCapped: false });
  });
});

describe('filtered search beyond its limit (decision 0021)', () => {
  it('shows and counts at most the limit, says there are more, and keeps exact totals where they are kept', async () => {
    const sellerId = await seller();
    const matching = FILTERED_SEARCH_MATCH_LIMIT + 5;
    await t.database.db.execute(sql`
      insert into products (title, description, price, condition, category, gear_types, images, location, seller_id, moderation_status, created_at)
      select 'Swivel pack ' || n, 'Ball-bearing swivels.', 5 + (n % 40), 'new', 'tackle', array['Saltwater'], array[]::text[],
             'Austin, TX', ${sellerId}, 'active', now() - make_interval(secs => n)
      from generate_series(1, ${matching}) as n`);
    const filters = { seller_id: sellerId, price: '0-100' };

    const first = await list(filters);
    expect(first).toMatchObject({ total: FILTERED_SEARCH_MATCH_LIMIT, totalCapped: true });
    expect(titles(first.items)[0]).toBe('Swivel pack 1');
    const lastPage = FILTERED_SEARCH_MATCH_LIMIT / 20;
    const last = await list({ ...filters, page: lastPage });
    expect(last.items).toHaveLength(20);
    expect(titles(last.items).at(-1)).toBe(`Swivel pack ${FILTERED_SEARCH_MATCH_LIMIT}`);
    const past = await list({ ...filters, page: lastPage + 1 });
    expect(past.items).toEqual([]);
    expect(past).toMatchObject({ total: FILTERED_SEARCH_MATCH_LIMIT, totalCapped: true });

    // Under the limit the total is exact.
    const few = await list({ ...filters, price: '44-44' });
    const expected = Array.from({ length: matching }, (_, i) => i + 1).filter(
      (n) => 5 + (n % 40) === 44,
    ).length;
    expect(few).toMatchObject({ total: expected, totalCapped: false });

    // A category alone is counted from the kept counts: exact, past the limit too.
    const [counted] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(profiles, eq(profiles.id, products.seller_id))
      .where(
        sql`${products.category} = 'tackle' and not ${products.sold} and not ${products.deleted}
          and ${products.visible_in_marketplace} and ${products.moderation_status} in ('active', 'pending')`,
      );
    const count = Number(counted?.count);
    const tackle = await list({ category: 'tackle' });
    expect(tackle).toMatchObject({ total: count, totalCapped: false });
    expect(count).toBeGreaterThan(FILTERED_SEARCH_MATCH_LIMIT);
  });
});

describe('radius search', () => {
  it('Austin to Dallas is about 180 miles: a 50-mile radius leaves Dallas out, 200 takes it in', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: 'in Austin', location: 'Austin, TX', location_lat: AUSTIN.lat, location_lng: AUSTIN.lng },
      { title: 'in Dallas', location: 'Dallas, TX', location_lat: DALLAS.lat, location_lng: DALLAS.lng },
      { title: 'nowhere known', location: 'Somewhere', location_lat: null, location_lng: null },
    ]);
    const near = { seller_id: sellerId, lat: AUSTIN.lat, lng: AUSTIN.lng };
    const fifty = await list({ ...near, radius: 50 });
    expect(titles(fifty.items)).toEqual(['in Austin']);
    expect(fifty.items[0]!.distance).toBe(0);
    expect(fifty.total).toBe(1);

    const twoHundred = await list({ ...near, radius: 200, sort: 'distance' });
    expect(titles(twoHundred.items)).toEqual(['in Austin', 'in Dallas']);
    expect(twoHundred.total).toBe(2);
    const secondPage = await list({ ...near, radius: 200, sort: 'distance', pageSize: 1, page: 2 });
    expect(secondPage).toMatchObject({ total: 2, items: [expect.objectContaining({ title: 'in Dallas' })] });
    expect(await list({ ...near, radius: 200, sort: 'distance', page: 3 })).toMatchObject({
      total: 2,
      items: [],
    });
    const dallas = twoHundred.items[1]!.distance!;
    expect(dallas).toBeGreaterThan(175);
    expect(dallas).toBeLessThan(190);
  });

  it('listings at the same place keep one order, by id, from page to page, nearest first', async () => {
    const sellerId = await seller();
    const atAustin = { location: 'Austin, TX', location_lat: AUSTIN.lat, location_lng: AUSTIN.lng };
    const built = await listingsInOrder(sellerId, [
      { title: 'in Dallas', location: 'Dallas, TX', location_lat: DALLAS.lat, location_lng: DALLAS.lng },
      ...Array.from({ length: 5 }, (_, index) => ({ title: `in Austin ${index + 1}`, ...atAustin })),
      { title: 'in Round Rock', location: 'Round Rock, TX', location_lat: 30.5083, location_lng: -97.6789 },
    ]);
    const near = { seller_id: sellerId, lat: AUSTIN.lat, lng: AUSTIN.lng, radius: 200, sort: 'distance' };

    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await list({ ...near, pageSize: 2, page }));
    const shown = pages.flatMap((answer) => answer.items.map((item) => item.id));
    const austinIds = built.filter((row) => row.title.startsWith('in Austin')).map((row) => row.id);
    expect(shown).toEqual([
      ...[...austinIds].sort(),
      built.find((row) => row.title === 'in Round Rock')!.id,
      built.find((row) => row.title === 'in Dallas')!.id,
    ]);
    expect(pages.map((answer) => answer.total)).toEqual([7, 7, 7, 7]);
  });

  it('a point without a radius computes distances without filtering; unknown places sort last', async () => {
    const sellerId = await seller();
    await listingsInOrder(sellerId, [
      { title: 'nowhere known', location_lat: null, location_lng: null },
      { title: 'in Dallas', location_lat: DALLAS.lat, location_lng: DALLAS.lng },
      { title: 'in Austin', location_lat: AUSTIN.lat, location_lng: AUSTIN.lng },
    ]);
    const fromDallas = await list({
      seller_id: sellerId,
      lat: DALLAS.lat,
      lng: DALLAS.lng,
      sort: 'distance',
    });
    expect(titles(fromDallas.items)).toEqual(['in Dallas', 'in Austin', 'nowhere known']);
    expect(fromDallas.items.map((item) => item.distance)).toEqual([0, expect.closeTo(182.3, 0), null]);
    const newest = await list({ seller_id: sellerId, lat: DALLAS.lat, lng: DALLAS.lng });
    expect(titles(newest.items)).toEqual(['in Austin', 'in Dallas', 'nowhere known']);
    expect((await list({ seller_id: sellerId })).items.every((item) => item.distance === null)).toBe(true);
  });
});

describe('GET /api/listings/:id/similar', () => {
  it('same category, a shared gear type, public and unsold, not itself; nearest first; at most 8', async () => {
    // In Alaska, far from every other test's listing (they default to Austin).
    const sellerId = await seller();
    const [source] = await listingsInOrder(sellerId, [
      {
        title: 'source',
        category: 'tackle',
        gear_types: ['Saltwater'],
        location_lat: 61.2181,
        location_lng: -149.9003,
      },
    ]);
    const otherSeller = await seller();
    await listingsInOrder(otherSeller, [
      {
        title: 'near',
        category: 'tackle',
        gear_types: ['Saltwater', 'Freshwater'],
        location_lat: 61.3,
        location_lng: -149.8,
      },
      {
        title: 'far',
        category: 'tackle',
        gear_types: ['Saltwater'],
        location_lat: 64.8378,
        location_lng: -147.7164,
      },
      { title: 'other gear', category: 'tackle', gear_types: ['Fly Fishing'] },
      { title: 'other category', category: 'accessories', gear_types: ['Saltwater'] },
      {
        title: 'sold',
        category: 'tackle',
        gear_types: ['Saltwater'],
        sold: true,
        visible_in_marketplace: false,
      },
      { title: 'hidden', category: 'tackle', gear_types: ['Saltwater'], moderation_status: 'hidden' },
    ]);
    const response = await get(t.app, `/api/listings/${source!.id}/similar`, guest());
    expect(response.statusCode).toBe(200);
    const items = response.json().items as ListingDto[];
    expect(titles(items).slice(0, 2)).toEqual(['near', 'far']);
    expect(titles(items)).not.toContain('source');
    for (const excluded of ['other gear', 'other category', 'sold', 'hidden'])
      expect(titles(items)).not.toContain(excluded);
    expect(items.length).toBeLessThanOrEqual(8);

    await listingsInOrder(
      otherSeller,
      Array.from({ length: 9 }, (_, i) => ({
        title: `more ${i}`,
        category: 'tackle',
        gear_types: ['Saltwater'],
      })),
    );
    const capped = await get(t.app, `/api/listings/${source!.id}/similar`, guest());
    expect(capped.json().items).toHaveLength(8);
  });

  it('answers 404 for a listing the caller may not see', async () => {
    const sellerId = await seller();
    const [hidden] = await listingsInOrder(sellerId, [{ moderation_status: 'hidden' }]);
    for (const id of [hidden!.id, 'nope']) {
      const response = await get(t.app, `/api/listings/${id}/similar`, guest());
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(M.productNotFound);
    }
  });
});
