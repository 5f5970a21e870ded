import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { resolveAuthSecret } from './platform/auth-secret.js';
import type { Mailer } from './platform/mail/mailer.js';
import { createOutboxMailer } from './platform/mail/outbox-mailer.js';
import { createSmtpMailer } from './platform/mail/smtp-mailer.js';
import { createDatabaseRateLimiter } from './platform/rate-limit/database-rate-limiter.js';
import type { RateLimiter } from './platform/rate-limit/rate-limiter.js';
import { createRedisRateLimiter } from './platform/rate-limit/redis-rate-limiter.js';
import { createFileStorage } from './platform/storage/file-storage.js';
import { createRedisBus, type EventBus } from './platform/bus/event-bus.js';
import { seedDemoData, type SeedReport } from './seed/demo-seed.js';

export interface Runtime {
  app: FastifyInstance;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  seed: SeedReport | null;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /**
   * Awaited after the database is migrated and seeded, before the app is built: `npm start` builds
   * the web app meanwhile, which the app serves (scripts/start.mjs).
   */
  webBuilt?: Promise<void>;
}

/** Opens every engine the config names, migrates, seeds an empty database and builds the app. */
export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const logger: FastifyBaseLogger = pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: config.databasePool,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection ended'),
  });
  let redis: Redis | undefined;
  let apiRateRedis: Redis | undefined;
  let mailer: Mailer | undefined;
  let rateLimiter: RateLimiter | undefined;
  let bus: EventBus | undefined;
  const closeEngines = async () => {
    await bus?.close();
    await rateLimiter?.close();
    await mailer?.close();
    apiRateRedis?.disconnect();
    if (redis) await redis.quit().catch(() => redis?.disconnect());
    await database.close();
  };
  try {
    await database.migrate();
    if (config.redisUrl) {
      // Loaded only when Redis is configured: the embedded defaults start without the client.
      const { Redis: RedisClient } = await import('ioredis');
      redis = new RedisClient(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      await redis.connect();
      // The API's per-address limit has a connection of its own that fails at once while Redis
      // is away (no queue, no retries), so that requests go through without the limit instead
      // of waiting for Redis.
      apiRateRedis = redis.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 0 });
      await apiRateRedis.connect();
    }
    // Local folder DATA_DIR/files or an S3-compatible bucket (STORAGE_DRIVER).
    const storage = createFileStorage(config.storage, config.dataDir);
    const authSecret = await resolveAuthSecret(database.db, config.authSecret);
    rateLimiter = redis
      ? createRedisRateLimiter(redis, config.redisKeyPrefix)
      : createDatabaseRateLimiter(database);
    mailer = config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(database.db, logger);
    const seed = config.seedDemo ? await seedDemoData(database.db, storage, logger) : null;
    if (redis) {
      bus = await createRedisBus(redis, config.redisKeyPrefix, (error) =>
        logger.warn({ err: error }, 'realtime bus error'),
      );
    }
    await options.webBuilt;
    const app = await buildApp({
      config,
      database,
      mailer,
      rateLimiter,
      storage,
      authSecret,
      redis: apiRateRedis,
      bus,
      logger,
    });
    return {
      app,
      database,
      logger,
      seed,
      close: async () => {
        await app.close();
        await closeEngines();
      },
    };
  } catch (error) {
    await closeEngines();
    throw error;
  }
}
