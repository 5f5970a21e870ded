import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@castline/shared';
import type { DatabaseHandle } from '../db/client.js';
import { products } from '../db/schema/index.js';
import { buildListing, buildUser } from '../../test/factories.js';
import { openTestDatabase } from '../../test/test-database.js';
import { testEngine } from '../../test/test-engine.js';
import { registerErrorHandler, RELATED_RECORDS_CHANGED } from './error-handler.js';

/**
 * What the database refuses, raised by the real engine of this pass (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set), reaches the one error handler as a client error: never a 500, never
 * the driver's words (constraint, table or column names, "violates").
 */
let database: DatabaseHandle;
let app: FastifyInstance;
let listingId: string;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Each route runs one statement the database refuses. */
const REFUSED: Record<string, () => Promise<unknown>> = {
  // 23514: a price below a cent rounds to 0.00 in numeric(12,2), under products_price_check.
  '/check': () => database.db.update(products).set({ price: 0.001 }).where(eq(products.id, listingId)),
  // 23503: a buyer who does not exist.
  '/foreign-key': () =>
    database.db.update(products).set({ buyer_id: UNKNOWN_ID }).where(eq(products.id, listingId)),
  // 23502: a listing without a title.
  '/not-null': () =>
    database.db.execute(sql`update ${products} set title = null where ${products.id} = ${listingId}`),
  // 22P02: text that is no uuid.
  '/invalid-text': () =>
    database.db
      .select()
      .from(products)
      .where(sql`${products.id} = ${'not-a-uuid'}`),
  // 22003: more than numeric(12,2) holds.
  '/out-of-range': () => database.db.update(products).set({ price: 1e12 }).where(eq(products.id, listingId)),
  // The same check violation wrapped once more by a caller (the handler walks `.cause`).
  '/wrapped': async () => {
    try {
      await database.db.update(products).set({ price: -1 }).where(eq(products.id, listingId));
    } catch (error) {
      throw new Error('saving the listing failed', { cause: error });
    }
  },
};

/** What an answer must never show: the driver's message, or the schema's names. */
const INTERNALS =
  /violates|constraint|products|price_check|buyer_id|null value|invalid input|out of range|numeric field/i;

beforeAll(async () => {
  database = await openTestDatabase();
  const seller = await buildUser(database.db);
  listingId = (await buildListing(database.db, seller.id, { price: 25 })).id;
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  for (const [url, run] of Object.entries(REFUSED)) {
    app.post(url, async () => {
      await run();
      return { ok: true };
    });
  }
  app.post('/unknown', async () => {
    throw new Error('something else broke');
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe(`the error handler and what the database refuses (${testEngine()})`, () => {
  it.each([
    ['/check', 400, 'VALIDATION_FAILED'],
    ['/not-null', 400, 'VALIDATION_FAILED'],
    ['/invalid-text', 400, 'VALIDATION_FAILED'],
    ['/out-of-range', 400, 'VALIDATION_FAILED'],
    ['/wrapped', 400, 'VALIDATION_FAILED'],
    ['/foreign-key', 409, 'CONFLICT'],
  ] as const)('%s answers %i %s without the driver’s words', async (url, status, code) => {
    const response = await app.inject({ method: 'POST', url });
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as { error: { code: string; message: string } };
    expect(body.error).toEqual({
      code,
      message: status === 400 ? APP_MESSAGES.invalidRequest : RELATED_RECORDS_CHANGED,
    });
    expect(response.body).not.toMatch(INTERNALS);
  });

  it('changes nothing: the refused statements left the listing as it was', async () => {
    const [row] = await database.db.select().from(products).where(eq(products.id, listingId));
    expect(row).toMatchObject({ price: 25, buyer_id: null });
  });

  it('any other error is still a 500 that shows nothing of it', async () => {
    const response = await app.inject({ method: 'POST', url: '/unknown' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: APP_MESSAGES.internal } });
  });
});
