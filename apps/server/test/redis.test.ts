import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '@castline/shared';
import { createRedisRateLimiter } from '../src/platform/rate-limit/redis-rate-limiter.js';
import { createTestApp, type TestApp } from './test-app.js';
import { buildUser, post, uniqueIp } from './factories.js';

/** Runs only when REDIS_URL is set (vitest.config.ts includes this file then); keys use a prefix of the run's own. */
const prefix = `castline-test:${process.pid}:${randomBytes(3).toString('hex')}:`;
let redis: Redis;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  redis = new Redis(process.env.REDIS_URL!, { lazyConnect: true });
  await redis.connect();
  a = await createTestApp({ redisPrefix: prefix });
  b = await createTestApp({ database: a.database, redisPrefix: prefix });
});

afterAll(async () => {
  await b.close();
  await a.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('Redis rate limiter', () => {
  it('counts in a fixed window and blocks past the limit', async () => {
    const limiter = createRedisRateLimiter(redis, prefix);
    const rule = { limit: 2, windowMs: 60_000 };
    expect(await limiter.consume('unit', rule)).toMatchObject({ allowed: true, count: 1 });
    expect(await limiter.consume('unit', rule)).toMatchObject({ allowed: true, count: 2 });
    const blocked = await limiter.consume('unit', rule);
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterMs).toBeGreaterThan(50_000);
    expect(await redis.exists(`${prefix}ratelimit:unit`)).toBe(1);
    await limiter.reset('unit');
    expect((await limiter.consume('unit', rule)).count).toBe(1);
  });

  it('holds sign-in limits across two instances sharing Redis', async () => {
    const user = await buildUser(a.database.db);
    const ip = uniqueIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.account.limit; i += 1) {
      await post(
        (i % 2 === 0 ? a : b).app,
        '/api/auth/sign-in',
        { email: user.email, password: 'wrong-password' },
        { ip },
      );
    }
    const blocked = await post(
      b.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
  });
});
