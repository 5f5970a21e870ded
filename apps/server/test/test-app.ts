import { afterAll, beforeAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { createRedisBus, type EventBus } from '../src/platform/bus/event-bus.js';
import { createOutboxMailer } from '../src/platform/mail/outbox-mailer.js';
import type { Mailer } from '../src/platform/mail/mailer.js';
import { createDatabaseRateLimiter } from '../src/platform/rate-limit/database-rate-limiter.js';
import type { RateLimiter } from '../src/platform/rate-limit/rate-limiter.js';
import { createRedisRateLimiter } from '../src/platform/rate-limit/redis-rate-limiter.js';
import { createLocalFileStorage, type FileStorage } from '../src/platform/storage/file-storage.js';
import { openTestDatabase } from './test-database.js';

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-signing-0123456789';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  rateLimiter: RateLimiter;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Share an already open database (several instances over one database). */
  database?: DatabaseHandle;
  env?: Record<string, string>;
  mailer?: Mailer;
  /** Use Redis for rate limits (needs REDIS_URL); keys get a prefix of their own. */
  redisPrefix?: string;
  /**
   * Fan realtime events out through Redis pub/sub on this key prefix (needs REDIS_URL):
   * instances given the same prefix deliver to each other's sockets.
   */
  redisBus?: string;
  /** Store files here instead of a folder of this instance's own (several instances, one bucket). */
  storage?: FileStorage;
  /** Share this realtime bus (several instances in one process without Redis); the caller closes it. */
  bus?: EventBus;
  /** How often the realtime hub reads its sockets' sessions again (default 30 s). */
  realtimeSessionCheckMs?: number;
  /** How often the realtime hub pings each socket (default PRESENCE.heartbeatMs, 30 s). */
  realtimeHeartbeatMs?: number;
  /** The Redis client the API's per-address limit counts in (memory when not given). */
  apiRateRedis?: Redis;
}

/** Builds the real app in-process over a real database (a template copy unless one is given). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openTestDatabase());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'castline-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...options.env,
  });
  const logger = pino({ level: 'silent' });
  let redis: Redis | undefined;
  if (options.redisPrefix || options.redisBus) {
    if (!process.env.REDIS_URL) throw new Error('redisPrefix and redisBus need REDIS_URL');
    redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  }
  const rateLimiter =
    redis && options.redisPrefix
      ? createRedisRateLimiter(redis, options.redisPrefix)
      : createDatabaseRateLimiter(database);
  let bus: EventBus | undefined;
  if (redis && options.redisBus) bus = await createRedisBus(redis, options.redisBus);
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer ?? createOutboxMailer(database.db, logger),
    rateLimiter,
    storage: options.storage ?? createLocalFileStorage(path.join(dataDir, 'files')),
    authSecret: TEST_AUTH_SECRET,
    logger,
    ...(bus ? { bus } : options.bus ? { bus: options.bus } : {}),
    ...(options.realtimeSessionCheckMs ? { realtimeSessionCheckMs: options.realtimeSessionCheckMs } : {}),
    ...(options.realtimeHeartbeatMs ? { realtimeHeartbeatMs: options.realtimeHeartbeatMs } : {}),
    ...(options.apiRateRedis ? { redis: options.apiRateRedis } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    rateLimiter,
    close: async () => {
      await app.close();
      await rateLimiter.close();
      if (bus) await bus.close();
      if (redis) await redis.quit();
      if (ownsDatabase) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers a test app for the current file (built before its tests, closed after them) and
 * returns it; its fields are readable once the tests run.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const ready = (): TestApp => {
    if (!current) throw new Error('the test app is used before beforeAll built it');
    return current;
  };
  return {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    get config() {
      return ready().config;
    },
    get rateLimiter() {
      return ready().rateLimiter;
    },
    close: () => ready().close(),
  };
}
