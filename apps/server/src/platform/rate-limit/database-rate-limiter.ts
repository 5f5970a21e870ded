import { eq, lt, sql } from 'drizzle-orm';
import type { RateLimitRule } from '@castline/shared';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';
import type { RateLimitResult, RateLimiter } from './rate-limiter.js';

const CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * Rate limits counted in the database, so every instance over it shares them. `database` may be
 * the whole handle: then expired counters are cleaned by one instance at a time.
 */
export function createDatabaseRateLimiter(database: Database | DatabaseHandle): RateLimiter {
  const handle = 'exclusive' in database ? database : null;
  const db = handle ? handle.db : (database as Database);
  const removeExpired = async () => {
    await db.delete(rateLimits).where(lt(rateLimits.reset_at, sql`now()`));
  };
  const cleanup = setInterval(() => {
    void (handle ? handle.exclusive('rate-limit-cleanup', removeExpired) : removeExpired()).catch(
      () => undefined,
    );
  }, CLEANUP_EVERY_MS);
  cleanup.unref();

  return {
    kind: 'database',
    async consume(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      const resetAt = sql`now() + make_interval(secs => ${rule.windowMs / 1000})`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, reset_at: resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.reset_at} <= now() then 1 else ${rateLimits.count} + 1 end`,
            reset_at: sql`case when ${rateLimits.reset_at} <= now() then excluded.reset_at else ${rateLimits.reset_at} end`,
          },
        })
        .returning({
          count: rateLimits.count,
          retryAfterMs: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.reset_at} - now())) * 1000))::int`,
        });
      const count = row?.count ?? 1;
      return {
        allowed: count <= rule.limit,
        count,
        retryAfterMs: Number(row?.retryAfterMs ?? rule.windowMs),
      };
    },
    async reset(key: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    async close() {
      clearInterval(cleanup);
    },
  };
}
