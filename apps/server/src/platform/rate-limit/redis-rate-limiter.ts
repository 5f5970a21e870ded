import type { Redis } from 'ioredis';
import type { RateLimitRule } from '@castline/shared';
import type { RateLimitResult, RateLimiter } from './rate-limiter.js';

const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/** Redis driver: the key prefix keeps several deployments (or test runs) apart. */
export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  const fullKey = (key: string) => `${prefix}ratelimit:${key}`;
  return {
    kind: 'redis',
    async consume(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      const [count, ttl] = (await redis.eval(CONSUME_SCRIPT, 1, fullKey(key), String(rule.windowMs))) as [
        number,
        number,
      ];
      return { allowed: count <= rule.limit, count, retryAfterMs: Math.max(0, ttl) };
    },
    async reset(key: string) {
      await redis.del(fullKey(key));
    },
    async close() {},
  };
}
