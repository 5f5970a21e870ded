import { beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as M } from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  errorOf,
  guest,
  post,
  put,
  signedInMember,
  type Member,
} from '../../../test/factories.js';
import { REEL_DETAILS, ROD_DETAILS, tackleBody } from './listings.test-helpers.js';

const t = useTestApp();
let seller: Member;

beforeAll(async () => {
  seller = await signedInMember(t.app, t.database.db);
});

async function create(body: unknown) {
  return post(t.app, '/api/listings', body, seller);
}

/** Posts the body and answers the 400's message and issues. */
async function rejection(body: unknown) {
  const response = await create(body);
  expect(response.statusCode).toBe(400);
  const error = errorOf(response);
  expect(error.code).toBe('VALIDATION_FAILED');
  return error;
}

function without(body: Record<string, unknown>, field: string) {
  const copy = { ...body };
  delete copy[field];
  return copy;
}

describe('POST /api/listings validation (spec 000 §5)', () => {
  it.each([
    ['title', M.titleRequired],
    ['description', M.descriptionRequired],
    ['category', M.categoryRequired],
    ['gear_types', M.gearTypesRequired],
    ['price', M.priceInvalid],
    ['location', M.locationRequired],
    ['images', M.imagesRequired],
  ])('a missing %s answers %j', async (field, message) => {
    const error = await rejection(without(tackleBody(), field));
    expect(error.message).toBe(message);
    expect(error.issues).toEqual([{ path: field, message }]);
  });

  it.each([
    ['title', '   ', M.titleRequired],
    ['description', '', M.descriptionRequired],
    ['gear_types', [], M.gearTypesRequired],
    ['images', [], M.imagesRequired],
    ['location', '  ', M.locationRequired],
    ['category', 'boats', M.categoryRequired],
  ])('a blank or unknown %s answers %j', async (field, value, message) => {
    const error = await rejection(tackleBody({ [field]: value }));
    expect(error.issues).toEqual([{ path: field, message }]);
  });

  it.each([[0], [-5], ['abc'], [null], ['']])(
    'price %j answers "Please enter a valid price"',
    async (price) => {
      const error = await rejection(tackleBody({ price }));
      expect(error).toEqual({
        code: 'VALIDATION_FAILED',
        message: M.priceInvalid,
        issues: [{ path: 'price', message: M.priceInvalid }],
      });
    },
  );

  it('lists every issue in the spec order; the first one is the message (the toast)', async () => {
    const error = await rejection({});
    expect(error.message).toBe(M.titleRequired);
    expect(error.issues).toEqual([
      { path: 'title', message: M.titleRequired },
      { path: 'description', message: M.descriptionRequired },
      { path: 'category', message: M.categoryRequired },
      { path: 'gear_types', message: M.gearTypesRequired },
      { path: 'price', message: M.priceInvalid },
      { path: 'location', message: M.locationRequired },
      { path: 'images', message: M.imagesRequired },
    ]);

    const later = await rejection(tackleBody({ title: 'Rod', price: 'abc', images: [] }));
    expect(later.message).toBe(M.priceInvalid);
    expect(later.issues?.map((issue) => issue.path)).toEqual(['price', 'images']);
  });

  it.each(['rods', 'combo'])(
    '%s need a rod brand, composition, power rating and length',
    async (category) => {
      const body = tackleBody({ category, ...(category === 'combo' ? REEL_DETAILS : {}) });
      const error = await rejection(body);
      expect(error.message).toBe(M.rodBrandRequired);
      expect(error.issues).toEqual([
        { path: 'rod_brand', message: M.rodBrandRequired },
        { path: 'rod_composition', message: M.rodCompositionRequired },
        { path: 'rod_power_rating', message: M.rodPowerRequired },
        { path: 'rod_length_feet', message: M.rodLengthRequired },
      ]);
    },
  );

  it.each(['reels', 'combo'])('%s need a reel brand, reel type and drag system', async (category) => {
    const body = tackleBody({ category, ...(category === 'combo' ? ROD_DETAILS : {}) });
    const error = await rejection(body);
    expect(error.message).toBe(M.reelBrandRequired);
    expect(error.issues).toEqual([
      { path: 'reel_brand', message: M.reelBrandRequired },
      { path: 'reel_type', message: M.reelTypeRequired },
      { path: 'reel_gear_ratio', message: M.dragSystemRequired },
    ]);
  });

  it('a combo with neither detail lists the rod issues, then the reel issues', async () => {
    const error = await rejection(tackleBody({ category: 'combo' }));
    expect(error.issues?.map((issue) => issue.message)).toEqual([
      M.rodBrandRequired,
      M.rodCompositionRequired,
      M.rodPowerRequired,
      M.rodLengthRequired,
      M.reelBrandRequired,
      M.reelTypeRequired,
      M.dragSystemRequired,
    ]);
  });

  it('a rod length of 0 feet 0 inches answers "Please enter a rod length"; each part has its range', async () => {
    const zero = await rejection(
      tackleBody({ category: 'rods', ...ROD_DETAILS, rod_length_feet: 0, rod_length_inches: 0 }),
    );
    expect(zero.issues).toEqual([{ path: 'rod_length_feet', message: M.rodLengthRequired }]);

    const feet = await rejection(tackleBody({ category: 'rods', ...ROD_DETAILS, rod_length_feet: 21 }));
    expect(feet.issues).toEqual([{ path: 'rod_length_feet', message: M.rodLengthFeetRange }]);

    const inches = await rejection(
      tackleBody({ category: 'rods', ...ROD_DETAILS, rod_length_feet: 6, rod_length_inches: 12 }),
    );
    expect(inches.issues).toEqual([{ path: 'rod_length_inches', message: M.rodLengthInchesRange }]);

    const inchesOnly = await create(
      tackleBody({ category: 'rods', ...ROD_DETAILS, rod_length_feet: 0, rod_length_inches: 11 }),
    );
    expect(inchesOnly.statusCode).toBe(201);
  });

  it('rod and reel details of a tackle listing are not asked for, and dropped if sent', async () => {
    const response = await create(tackleBody({ ...ROD_DETAILS, ...REEL_DETAILS }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      category: 'tackle',
      rod_brand: null,
      rod_length_feet: null,
      reel_brand: null,
      reel_gear_ratio: null,
    });
  });

  it('an unknown rod composition or reel type counts as missing', async () => {
    const error = await rejection(
      tackleBody({
        category: 'combo',
        ...ROD_DETAILS,
        ...REEL_DETAILS,
        rod_composition: 'steel',
        reel_type: 'magic',
      }),
    );
    expect(error.issues).toEqual([
      { path: 'rod_composition', message: M.rodCompositionRequired },
      { path: 'reel_type', message: M.reelTypeRequired },
    ]);
  });

  it('limits: title and description length, price ceiling, photo count and photo origin', async () => {
    expect((await rejection(tackleBody({ title: 'x'.repeat(121) }))).message).toBe(M.titleTooLong);
    expect((await rejection(tackleBody({ description: 'x'.repeat(5001) }))).message).toBe(
      M.descriptionTooLong,
    );
    expect((await rejection(tackleBody({ price: 1_000_001 }))).message).toBe(M.priceTooHigh);
    const eleven = Array.from({ length: 11 }, (_, i) => `/files/product-images/p${i}.webp`);
    expect((await rejection(tackleBody({ images: eleven }))).message).toBe(M.tooManyImages);
    for (const url of [
      'https://elsewhere.example/p.webp',
      '/files/avatars/me.webp',
      '/files/product-images/../x',
    ]) {
      expect((await rejection(tackleBody({ images: [url] }))).message).toBe(M.imageUrlInvalid);
    }
  });

  it('prices above 1 are whole dollars (rounded down); at or below 1 cents count', async () => {
    const whole = await create(tackleBody({ price: 49.99 }));
    expect(whole.json().price).toBe(49);
    const cents = await create(tackleBody({ price: 0.5 }));
    expect(cents.json().price).toBe(0.5);
  });

  it.each([[0.001], [0.005], [1e-320], [0.019], [12.345], [999_999.999], [-0]])(
    'price %j (not whole cents) answers 400 "Please enter a valid price", never 500 or a rounded price',
    async (price) => {
      const error = await rejection(tackleBody({ price }));
      expect(error).toEqual({
        code: 'VALIDATION_FAILED',
        message: M.priceInvalid,
        issues: [{ path: 'price', message: M.priceInvalid }],
      });
    },
  );

  it.each([[true], ['12'], ['0.5'], [[1]], [{ amount: 12 }], ['NaN'], ['Infinity']])(
    'price %j (not a JSON number) answers 400 "Please enter a valid price"',
    async (price) => {
      const error = await rejection(tackleBody({ price }));
      expect(error.issues).toEqual([{ path: 'price', message: M.priceInvalid }]);
    },
  );

  it('a huge price answers "Please enter a price under $1,000,000."', async () => {
    const error = await rejection(tackleBody({ price: 1e308 }));
    expect(error.issues).toEqual([{ path: 'price', message: M.priceTooHigh }]);
  });

  it('whole cents within the range are kept by the spec rule: cents at or below 1, whole dollars above', async () => {
    for (const [price, stored] of [
      [0.01, 0.01],
      [0.99, 0.99],
      [1, 1],
      [1.01, 1],
      [999_999.99, 999_999],
    ] as const) {
      const response = await create(tackleBody({ price }));
      expect(response.statusCode, `${price}: ${response.body}`).toBe(201);
      expect(response.json().price).toBe(stored);
    }
  });

  it('an edit (PUT) refuses the same prices with the same 400', async () => {
    const { id } = await buildListing(t.database.db, seller.id);
    for (const price of [0.001, 1e-320, 0.005, '12', true, [1]]) {
      const response = await put(t.app, `/api/listings/${id}`, tackleBody({ price }), seller);
      expect(response.statusCode, `${JSON.stringify(price)}: ${response.body}`).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION_FAILED',
        message: M.priceInvalid,
        issues: [{ path: 'price', message: M.priceInvalid }],
      });
    }
    const kept = await put(t.app, `/api/listings/${id}`, tackleBody({ price: 0.25 }), seller);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().price).toBe(0.25);
  });

  it('a body that is not an object answers 400, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: '"just text"',
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      remoteAddress: seller.ip,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
  });

  it('a guest is told to log in before any validation', async () => {
    for (const body of [tackleBody(), {}]) {
      const response = await post(t.app, '/api/listings', body, guest());
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({ code: 'UNAUTHENTICATED', message: M.mustBeLoggedIn });
    }
  });
});
