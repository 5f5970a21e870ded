import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@castline/shared';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { registerErrorHandler, STATEMENT_TIMEOUT_RETRY_AFTER_S } from '../src/http/error-handler.js';
import { buildListing, buildUser, get, signIn } from './factories.js';
import { createTestApp } from './test-app.js';

/**
 * The PostgreSQL pool as an instance opens it from its settings (DATABASE_POOL_MAX,
 * DATABASE_STATEMENT_TIMEOUT_MS). Runs on the PostgreSQL pass only: PGlite has no pool.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL,
    dataDir: '/nonexistent',
    pool: { max: 3, statementTimeoutMs: 300 },
  });
});

afterAll(async () => {
  await database.close();
});

describe('PostgreSQL pool settings', () => {
  it('cancels a statement that runs past the timeout, and the connection serves the next one', async () => {
    const started = Date.now();
    await expect(database.db.execute('select pg_sleep(5)')).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '57014' }),
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    const { rows } = (await database.db.execute('select 1 as ok')) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ ok: 1 }]);
  });

  it('answers a request whose statement timed out with 503 and when to ask again, not a server error', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/slow', async () => database.db.execute('select pg_sleep(5)'));
    try {
      const response = await app.inject({ method: 'GET', url: '/slow' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(STATEMENT_TIMEOUT_RETRY_AFTER_S));
      expect(response.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: AUTH_MESSAGES.serviceUnavailable },
      });
    } finally {
      await app.close();
    }
  });

  it('sets the timeout on every pooled connection', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(async () => {
        const { rows } = (await database.db.execute(
          "select current_setting('statement_timeout') as timeout, pg_backend_pid() as pid",
        )) as unknown as { rows: { timeout: string; pid: number }[] };
        return rows[0]!;
      }),
    );
    expect(new Set(answers.map((answer) => answer.timeout))).toEqual(new Set(['300ms']));
    // Five statements at once share the pool's three connections.
    expect(new Set(answers.map((answer) => answer.pid)).size).toBeLessThanOrEqual(3);
  });
});

describe('prepared statements', () => {
  it('reads a listing and the newest listings through statements each connection prepares once', async () => {
    const t = await createTestApp();
    try {
      const seller = await buildUser(t.database.db);
      const listing = await buildListing(t.database.db, seller.id, { title: 'Daiwa BG 3000 reel' });
      const member = await buildUser(t.database.db);
      const cookie = await signIn(t.app, member.email, member.password);
      for (const caller of [{}, { cookie }]) {
        const detail = await get(t.app, `/api/listings/${listing.id}`, caller);
        expect(detail.statusCode).toBe(200);
        expect(detail.json().title).toBe('Daiwa BG 3000 reel');
        const home = await get(t.app, '/api/listings/home', caller);
        expect(home.statusCode).toBe(200);
        expect(JSON.stringify(home.json())).toContain(listing.id);
      }

      // One statement per pooled connection at once: together they see every connection's statements.
      const perConnection = await Promise.all(
        [1, 2, 3, 4, 5].map(async () => {
          const { rows } = (await t.database.db.execute(
            'select name from pg_prepared_statements where not from_sql',
          )) as unknown as { rows: { name: string }[] };
          return rows.map((row) => row.name);
        }),
      );
      const prepared = new Set(perConnection.flat());
      for (const name of [
        'listing_by_id_guest',
        'listing_by_id_member',
        'newest_listings_guest',
        'newest_listings_member',
      ]) {
        expect(prepared, name).toContain(name);
      }
    } finally {
      await t.close();
    }
  });
});
