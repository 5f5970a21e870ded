import type { RateLimitRule } from '@castline/shared';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

/** Fixed-window counters shared by every instance: database (default) or Redis. */
export interface RateLimiter {
  readonly kind: 'database' | 'redis';
  consume(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
