import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { createDatabaseRateLimiter } from './database-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';

let database: DatabaseHandle;
let limiter: RateLimiter;
beforeAll(async () => {
  database = await openTestDatabase();
  limiter = createDatabaseRateLimiter(database.db);
});
afterAll(async () => {
  await limiter.close();
  await database.close();
});

describe('database rate limiter', () => {
  it('allows up to the limit in a window, then blocks with the time left', async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    expect(await limiter.consume('k1', rule)).toMatchObject({ allowed: true, count: 1 });
    expect(await limiter.consume('k1', rule)).toMatchObject({ allowed: true, count: 2 });
    const blocked = await limiter.consume('k1', rule);
    expect(blocked).toMatchObject({ allowed: false, count: 3 });
    expect(blocked.retryAfterMs).toBeGreaterThan(50_000);
    expect(blocked.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(await limiter.consume('k2', rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('starts a new window once the old one has passed', async () => {
    const rule = { limit: 1, windowMs: 300 };
    expect((await limiter.consume('k3', rule)).allowed).toBe(true);
    expect((await limiter.consume('k3', rule)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await limiter.consume('k3', rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('reset clears a key', async () => {
    const rule = { limit: 1, windowMs: 60_000 };
    await limiter.consume('k4', rule);
    await limiter.reset('k4');
    expect((await limiter.consume('k4', rule)).allowed).toBe(true);
  });
});
