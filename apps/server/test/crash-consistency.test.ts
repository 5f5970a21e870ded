/**
 * Crash consistency: the real server (src/main.ts, its own process) takes 1,000 concurrent
 * writes (messages with client ids, new listings, like toggles, offers) and is killed with
 * SIGKILL while they are in flight. It is started again on the same data, and every write it
 * had acknowledged with a 2xx must be there exactly once, and every counter must match its
 * rows. On the embedded database (PGlite, in the killed process) and, in the PostgreSQL pass,
 * on PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFromPool, openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { buildListing, buildUser } from './factories.js';
import { recordFigure } from './figures.js';
import { databaseUrlFor, testEngine } from './test-engine.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WRITES = 1_000;
const IN_FLIGHT = 40;
/** The server is killed once this many writes have been acknowledged. */
const KILL_AFTER = 350;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Where the server keeps its data: a PGlite folder, or a PostgreSQL database of its own. */
async function freshStore(): Promise<{ env: Record<string, string>; open: () => Promise<DatabaseHandle> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'castline-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (testEngine() === 'pglite') {
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ databaseUrl: undefined, dataDir }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `castline_crash_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = databaseUrlFor(adminUrl, name);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: async () => databaseFromPool(new pg.Pool({ connectionString: url, max: 2 })),
  };
}

/** Starts src/main.ts on the store; resolves with its origin once it listens. */
function startServer(env: Record<string, string>): Promise<{ origin: string; child: ChildProcess }> {
  const { DATABASE_URL: _inherited, ...parent } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...parent,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      AUTH_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
      WEB_DIST_DIR: path.join(env.DATA_DIR!, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ origin: match[1]!, child });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

let address = 0;
async function call(origin: string, method: string, url: string, cookie: string | null, body?: unknown) {
  address += 1;
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      // Many clients behind a proxy: the per-address API limit stays out of the way.
      'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  };
}

async function signIn(origin: string, email: string, password: string): Promise<string> {
  address += 1;
  const response = await fetch(`${origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.200.0.${address & 255}` },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const rows = async <T>(db: DatabaseHandle['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

describe(`crash consistency (${testEngine()})`, () => {
  it('keeps every acknowledged write exactly once, and every counter true, through a SIGKILL', async () => {
    const store = await freshStore();

    // The members and the listings the writes act on, written before the server starts.
    const prepared = await store.open();
    await prepared.migrate();
    const buyer = await buildUser(prepared.db);
    const seller = await buildUser(prepared.db);
    const forSale = [];
    for (let i = 0; i < 30; i += 1) forSale.push(await buildListing(prepared.db, seller.id, { price: 200 }));
    await prepared.close();

    const first = await startServer(store.env);
    let killed = false;
    const acknowledged = { messages: [] as string[], listings: [] as string[], offers: [] as string[] };
    let likes = 0;
    let attempted = 0;
    let failed = 0;
    try {
      const buyerCookie = await signIn(first.origin, buyer.email, buyer.password);
      const sellerCookie = await signIn(first.origin, seller.email, seller.password);

      const writes: (() => Promise<void>)[] = [];
      for (let i = 0; i < WRITES; i += 1) {
        const kind = i % 10;
        if (kind < 4) {
          const clientId = randomUUID();
          writes.push(async () => {
            const response = await call(first.origin, 'POST', '/api/messages', buyerCookie, {
              recipient_id: seller.id,
              content: `Still for sale? #${i}`,
              client_id: clientId,
            });
            if (response.status < 300) acknowledged.messages.push(clientId);
          });
        } else if (kind < 6) {
          writes.push(async () => {
            const response = await call(first.origin, 'POST', '/api/listings', sellerCookie, {
              title: `Crash-test tackle box ${i}`,
              description: 'Two trays, all latches work.',
              price: 40 + (i % 50),
              condition: 'good',
              category: 'tackle',
              gear_types: ['Freshwater'],
              images: ['/files/product-images/tackle-box.webp'],
              location: 'Austin, TX',
              location_coordinates: { lat: 30.2672, lng: -97.7431 },
            });
            if (response.status < 300) acknowledged.listings.push(String(response.body.id));
          });
        } else if (kind < 9) {
          const listing = forSale[i % forSale.length]!;
          const cookie = i % 2 === 0 ? buyerCookie : sellerCookie;
          writes.push(async () => {
            const response = await call(first.origin, 'POST', `/api/listings/${listing.id}/like`, cookie);
            if (response.status < 300) likes += 1;
          });
        } else {
          const listing = forSale[((i / 10) % forSale.length) | 0]!;
          writes.push(async () => {
            const response = await call(
              first.origin,
              'POST',
              `/api/listings/${listing.id}/offers`,
              buyerCookie,
              {
                amount: 50 + (i % 100),
              },
            );
            if (response.status < 300)
              acknowledged.offers.push(
                String((response.body.offer as { id?: string })?.id ?? response.body.id),
              );
          });
        }
      }

      const total = () =>
        acknowledged.messages.length + acknowledged.listings.length + acknowledged.offers.length + likes;
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < writes.length) {
            const write = writes[next++]!;
            attempted += 1;
            try {
              await write();
            } catch {
              failed += 1; // the connection died with the server: never acknowledged
            }
            if (!killed && total() >= KILL_AFTER) {
              killed = true;
              first.child.kill('SIGKILL');
            }
          }
        }),
      );
    } finally {
      if (!killed) first.child.kill('SIGKILL');
      await stopped(first.child);
    }
    expect(killed).toBe(true);
    expect(failed).toBeGreaterThan(0);

    // Started again on the same data: it recovers and answers.
    const second = await startServer(store.env);
    const health = await call(second.origin, 'GET', '/api/health', null);
    expect(health.status).toBe(200);
    second.child.kill('SIGTERM');
    await stopped(second.child);

    const check = await store.open();
    try {
      const db = check.db;
      const messageRows = await rows<{ client_id: string; copies: number }>(
        db,
        sql`select client_id::text, count(*)::int as copies from messages where client_id is not null group by client_id`,
      );
      const copies = new Map(messageRows.map((row) => [row.client_id, row.copies]));
      for (const clientId of acknowledged.messages) expect(copies.get(clientId), clientId).toBe(1);
      expect([...copies.values()].every((count) => count === 1)).toBe(true);

      const listingIds = new Set(
        (await rows<{ id: string }>(db, sql`select id::text from products`)).map((row) => row.id),
      );
      for (const id of acknowledged.listings) expect(listingIds.has(id), id).toBe(true);
      const offerIds = new Set(
        (await rows<{ id: string }>(db, sql`select id::text from offers`)).map((row) => row.id),
      );
      for (const id of acknowledged.offers) expect(offerIds.has(id), id).toBe(true);

      // Counters against their rows.
      const drift = await rows<{ id: string }>(
        db,
        sql`select p.id::text from products p where p.likes_count <> (select count(*) from product_likes l where l.product_id = p.id)`,
      );
      expect(drift).toEqual([]);
      const [counts] = await rows<{ counted: number; actual: number }>(
        db,
        sql`select (select coalesce(sum(listings), 0)::int from listing_public_counts) as counted,
                   (select count(*)::int from products where deleted = false and visible_in_marketplace = true
                      and moderation_status in ('active', 'pending') and sold = false) as actual`,
      );
      expect(counts!.counted).toBe(counts!.actual);
      const [sellerCount] = await rows<{ counted: number; actual: number }>(
        db,
        sql`select products_count as counted, (select count(*)::int from products where seller_id = ${seller.id} and deleted = false) as actual from profiles where id = ${seller.id}`,
      );
      expect(sellerCount!.counted).toBe(sellerCount!.actual);

      const checked =
        acknowledged.messages.length + acknowledged.listings.length + acknowledged.offers.length;
      recordFigure(
        `crash consistency (${testEngine()})`,
        `SIGKILL during ${attempted} concurrent writes: ${checked + likes} acknowledged (${acknowledged.messages.length} messages, ${acknowledged.listings.length} listings, ${acknowledged.offers.length} offers, ${likes} likes), ${failed} cut off; every acknowledged write found once, counters match`,
      );
      expect(checked).toBeGreaterThan(100);
    } finally {
      await check.close();
    }
  }, 180_000);
});
