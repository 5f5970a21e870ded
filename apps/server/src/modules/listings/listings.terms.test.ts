import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TERMS,
  LISTING_TERMS_MESSAGES as TERMS,
  ListingDto,
  ListingListDto,
  SHIPPING_PRICE_MAX,
  SHIPS_FROM_MAX,
} from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  errorOf,
  get,
  guest,
  post,
  put,
  signedInMember,
  type Member,
} from '../../../test/factories.js';
import { tackleBody } from './listings.test-helpers.js';

// A listing's terms: written by create and edit, read back everywhere, filtered by the search.
const t = useTestApp();
let seller: Member;

beforeAll(async () => {
  seller = await signedInMember(t.app, t.database.db);
});

const FULL_TERMS = {
  handover: 'both',
  shipping_price: 12.5,
  ships_from: 'Round Rock, TX',
  handling_days: 3,
  accepts_offers: false,
  returns_accepted: true,
  return_window_days: 30,
};

async function create(body: Record<string, unknown>): Promise<ListingDto> {
  const response = await post(t.app, '/api/listings', body, seller);
  expect(response.statusCode, response.body).toBe(201);
  return ListingDto.parse(response.json());
}

async function search(query: Record<string, string>) {
  const response = await get(t.app, `/api/listings?${new URLSearchParams(query)}`, guest());
  expect(response.statusCode, response.body).toBe(200);
  return ListingListDto.parse(response.json());
}

describe('listing terms: create, read, edit', () => {
  it('a listing created with terms reads them back on its page and in the search', async () => {
    const created = await create(tackleBody(FULL_TERMS));
    expect(created).toMatchObject(FULL_TERMS);
    const detail = await get(t.app, `/api/listings/${created.id}`, guest());
    expect(ListingDto.parse(detail.json())).toMatchObject(FULL_TERMS);
    const listed = await search({ seller_id: seller.id, handover: 'shipping' });
    expect(listed.items.find((item) => item.id === created.id)).toMatchObject(FULL_TERMS);
  });

  it('a listing created without terms is for local pickup, open to offers, without returns', async () => {
    const created = await create(tackleBody());
    expect(created).toMatchObject(DEFAULT_TERMS);
  });

  it('shipping details are dropped for pickup only; shipping defaults its place and handling time', async () => {
    const pickup = await create(
      tackleBody({ handover: 'pickup', shipping_price: 5, ships_from: 'Waco', handling_days: 1 }),
    );
    expect(pickup).toMatchObject({
      handover: 'pickup',
      shipping_price: null,
      ships_from: null,
      handling_days: null,
    });
    const shipped = await create(tackleBody({ handover: 'shipping', shipping_price: 0 }));
    expect(shipped).toMatchObject({ shipping_price: 0, ships_from: 'Austin, TX', handling_days: 2 });
  });

  it('an edit changes the terms, and back to pickup only clears the shipping details', async () => {
    const created = await create(tackleBody());
    const edited = await put(t.app, `/api/listings/${created.id}`, tackleBody(FULL_TERMS), seller);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject(FULL_TERMS);
    const back = await put(t.app, `/api/listings/${created.id}`, tackleBody({ handover: 'pickup' }), seller);
    expect(back.statusCode, back.body).toBe(200);
    expect(ListingDto.parse(back.json())).toMatchObject(DEFAULT_TERMS);
    const detail = await get(t.app, `/api/listings/${created.id}`, guest());
    expect(ListingDto.parse(detail.json())).toMatchObject(DEFAULT_TERMS);
  });

  const shipping = { handover: 'shipping', shipping_price: 5 };
  it.each([
    ['handover', { handover: 'drone' }, TERMS.handoverInvalid],
    ['handover', { handover: 7 }, TERMS.handoverInvalid],
    ['shipping_price', { handover: 'shipping' }, TERMS.shippingPriceInvalid],
    ['shipping_price', { ...shipping, shipping_price: -1 }, TERMS.shippingPriceInvalid],
    ['shipping_price', { ...shipping, shipping_price: '5' }, TERMS.shippingPriceInvalid],
    ['shipping_price', { ...shipping, shipping_price: 0.001 }, TERMS.shippingPriceInvalid],
    ['shipping_price', { ...shipping, shipping_price: SHIPPING_PRICE_MAX + 1 }, TERMS.shippingPriceTooHigh],
    ['handling_days', { ...shipping, handling_days: 4 }, TERMS.handlingDaysInvalid],
    ['handling_days', { ...shipping, handling_days: 'soon' }, TERMS.handlingDaysInvalid],
    ['ships_from', { ...shipping, ships_from: 'x'.repeat(SHIPS_FROM_MAX + 1) }, TERMS.shipsFromTooLong],
    ['return_window_days', { returns_accepted: true }, TERMS.returnWindowInvalid],
    ['return_window_days', { returns_accepted: true, return_window_days: 60 }, TERMS.returnWindowInvalid],
    ['ships_from', { ...shipping, ships_from: 42 }, TERMS.shipsFromInvalid],
    ['accepts_offers', { accepts_offers: 'yes' }, TERMS.acceptsOffersInvalid],
    ['returns_accepted', { returns_accepted: 1 }, TERMS.returnsAcceptedInvalid],
  ])('an invalid %s answers 400 naming it (%j)', async (field, terms, message) => {
    for (const send of [
      (body: unknown) => post(t.app, '/api/listings', body, seller),
      async (body: unknown) => {
        const { id } = await buildListing(t.database.db, seller.id);
        return put(t.app, `/api/listings/${id}`, body, seller);
      },
    ]) {
      const response = await send(tackleBody(terms));
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        issues: [{ path: field, message }],
      });
    }
  });
});

describe('listing terms: search', () => {
  it('handover and free shipping filter exactly the matching listings, with the total', async () => {
    const own = await signedInMember(t.app, t.database.db);
    const ids: Record<string, string> = {};
    for (const [name, terms] of Object.entries({
      pickup: {},
      shippingFree: { handover: 'shipping', shipping_price: 0 },
      shippingPaid: { handover: 'shipping', shipping_price: 8 },
      bothFree: { handover: 'both', shipping_price: 0 },
      bothPaid: { handover: 'both', shipping_price: 15 },
    })) {
      const response = await post(t.app, '/api/listings', tackleBody({ title: name, ...terms }), own);
      expect(response.statusCode, response.body).toBe(201);
      ids[name] = (response.json() as { id: string }).id;
    }
    const found = async (query: Record<string, string>) => {
      const page = await search({ seller_id: own.id, ...query });
      expect(page.total).toBe(page.items.length);
      return page.items.map((item) => item.title).sort();
    };
    expect(await found({})).toHaveLength(5);
    expect(await found({ handover: 'pickup' })).toEqual(['bothFree', 'bothPaid', 'pickup']);
    expect(await found({ handover: 'shipping' })).toEqual([
      'bothFree',
      'bothPaid',
      'shippingFree',
      'shippingPaid',
    ]);
    expect(await found({ free_shipping: 'true' })).toEqual(['bothFree', 'shippingFree']);
    expect(await found({ handover: 'pickup', free_shipping: 'true' })).toEqual(['bothFree']);
    expect(await found({ free_shipping: 'false' })).toHaveLength(5);

    for (const query of ['handover=both', 'handover=drone', 'free_shipping=yes']) {
      const response = await get(t.app, `/api/listings?${query}`, guest());
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('the whole marketplace: totals of a terms filter count only the matching public listings', async () => {
    const sellerId = (await signedInMember(t.app, t.database.db)).id;
    await buildListing(t.database.db, sellerId, {
      handover: 'shipping',
      shipping_price: 0,
      handling_days: 1,
    });
    await buildListing(t.database.db, sellerId, { handover: 'both', shipping_price: 4, handling_days: 1 });
    await buildListing(t.database.db, sellerId);
    const count = async (where: string) => {
      const result = (await t.database.db.execute(
        sql.raw(
          `select count(*)::int as count from products where deleted = false and visible_in_marketplace and moderation_status in ('active','pending') and sold = false and ${where}`,
        ),
      )) as unknown as { rows: { count: number }[] };
      return result.rows[0]!.count;
    };
    const cases: [Record<string, string>, string][] = [
      [{ handover: 'pickup' }, `handover in ('pickup', 'both')`],
      [{ handover: 'shipping' }, `handover in ('shipping', 'both')`],
      [{ free_shipping: 'true' }, `handover <> 'pickup' and shipping_price = 0`],
      [
        { category: 'tackle', free_shipping: 'true' },
        `category = 'tackle' and handover <> 'pickup' and shipping_price = 0`,
      ],
      [{}, 'true'],
    ];
    for (const [query, where] of cases) {
      const page = await search(query);
      expect(page.total, JSON.stringify(query)).toBe(await count(where));
    }
    expect((await search({ free_shipping: 'true' })).total).toBeLessThan((await search({})).total);
  });
});

describe('listing terms: documentation', () => {
  it('documents the terms of the listing body and the search filters', async () => {
    const response = await get(t.app, '/api/docs/json');
    expect(response.statusCode).toBe(200);
    type Schema = { properties?: Record<string, Record<string, unknown>> };
    const doc = response.json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: Schema }> };
            parameters?: { name: string; schema: Record<string, unknown> }[];
          }
        >
      >;
    };
    const body = doc.paths['/api/listings']!.post!.requestBody!.content['application/json']!.schema;
    expect(body.properties?.handover).toMatchObject({
      enum: ['pickup', 'shipping', 'both'],
      default: 'pickup',
    });
    expect(body.properties?.shipping_price).toMatchObject({ multipleOf: 0.01 });
    expect(Object.keys(body.properties ?? {})).toEqual(
      expect.arrayContaining([
        'ships_from',
        'handling_days',
        'accepts_offers',
        'returns_accepted',
        'return_window_days',
      ]),
    );
    const params = doc.paths['/api/listings']!.get!.parameters!.map((parameter) => parameter.name);
    expect(params).toEqual(expect.arrayContaining(['handover', 'free_shipping']));
  });
});
