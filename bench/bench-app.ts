import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import {
  createPglite,
  databaseFromPglite,
  databaseFromPool,
  type DatabaseHandle,
} from '../apps/server/src/db/client.js';
import type { EventBus } from '../apps/server/src/platform/bus/event-bus.js';
import { createOutboxMailer } from '../apps/server/src/platform/mail/outbox-mailer.js';
import { createDatabaseRateLimiter } from '../apps/server/src/platform/rate-limit/database-rate-limiter.js';
import { createLocalFileStorage } from '../apps/server/src/platform/storage/file-storage.js';

/** The secret the bench app signs session cookies with (benchmarks may mint sessions directly). */
export const BENCH_AUTH_SECRET = 'bench-secret-that-is-long-enough-0123456789abcdef';

export interface BenchAppOptions {
  /** Extra environment for the app's configuration (e.g. TRUST_PROXY). */
  env?: Record<string, string>;
  /** Realtime fan-out between instances (e.g. a Redis bus); in-process when not given. */
  bus?: EventBus;
}

/** The real app, in-process, on a fresh migrated PGlite database in a temporary folder. */
export async function startBenchApp(name: string, options: BenchAppOptions = {}) {
  const client = await createPglite();
  const database = databaseFromPglite(client);
  return { ...(await startOn(database, name, options)), client };
}

/**
 * The real app, in-process, on a fresh migrated database created on the PostgreSQL server of
 * `adminUrl` (dropped again by stop()).
 */
export async function startBenchAppOnPostgres(name: string, adminUrl: string, options: BenchAppOptions = {}) {
  const databaseName = `castline_${name.replace(/\W/g, '_')}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const database = databaseFromPool(new pg.Pool({ connectionString: url.toString(), max: 10 }));
  const started = await startOn(database, name, options);
  return {
    ...started,
    async stop() {
      await started.stop();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    },
  };
}

async function startOn(database: DatabaseHandle, name: string, options: BenchAppOptions) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `castline-${name}-`));
  await database.migrate();
  const logger = pino({ level: 'silent' });
  const rateLimiter = createDatabaseRateLimiter(database);
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: dataDir,
      ...options.env,
    }),
    database,
    mailer: createOutboxMailer(database.db, logger),
    rateLimiter,
    storage: createLocalFileStorage(path.join(dataDir, 'files')),
    authSecret: BENCH_AUTH_SECRET,
    logger,
    ...(options.bus ? { bus: options.bus } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async stop() {
      await app.close();
      await rateLimiter.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
