import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { get, guest } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';

// A Redis that cannot be reached (a restart, a network split): every command fails at once.
const unreachable = new Redis('redis://127.0.0.1:9', {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
const t = useTestApp({ apiRateRedis: unreachable });

afterAll(() => {
  unreachable.disconnect();
});

describe('the API limit per address while Redis is away', () => {
  it('lets requests through instead of failing them', async () => {
    const health = await get(t.app, '/api/health', guest());
    expect(health.statusCode).toBe(200);
    const listings = await get(t.app, '/api/listings', guest());
    expect(listings.statusCode).toBe(200);
  });
});
