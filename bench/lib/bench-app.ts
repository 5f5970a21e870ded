import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import {
  createPglite,
  databaseFromPglite,
  databaseFromPool,
  type DatabaseHandle,
} from '../../apps/server/src/db/client.js';
import { SESSION_COOKIE_PREFIX } from '../../apps/server/src/http/session.js';
import type { EventBus } from '../../apps/server/src/platform/bus/event-bus.js';
import { createOutboxMailer } from '../../apps/server/src/platform/mail/outbox-mailer.js';
import { createDatabaseRateLimiter } from '../../apps/server/src/platform/rate-limit/database-rate-limiter.js';
import { createLocalFileStorage } from '../../apps/server/src/platform/storage/file-storage.js';
import { freshDatabase } from './fresh-database.js';

/** The secret the bench app signs session cookies with (benchmarks may mint sessions directly). */
export const BENCH_AUTH_SECRET = 'bench-secret-that-is-long-enough-0123456789abcdef';

export interface BenchAppOptions {
  /**
   * Extra environment for the app's configuration (e.g. TRUST_PROXY). On PostgreSQL the pool
   * is sized and timed as the runtime does it: DATABASE_POOL_MAX (default 10) and
   * DATABASE_STATEMENT_TIMEOUT_MS.
   */
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
  const created = await freshDatabase(adminUrl, `castline_${name.replace(/\W/g, '_')}`);
  const pool = appPool(created.url, options);
  const database = databaseFromPool(pool);
  const started = await startOn(database, name, options);
  return {
    ...started,
    /** The app's own connection pool (DATABASE_POOL_MAX connections at most). */
    pool,
    /** The created database, for another instance (startBenchAppOnDatabase). */
    databaseUrl: created.url,
    async stop() {
      await started.stop();
      await created.drop();
    },
  };
}

/**
 * Another instance of the real app, in-process, on the existing database at `databaseUrl` (e.g.
 * the `databaseUrl` of a startBenchAppOnPostgres app), with its own pool and data folder, as a
 * second server behind a load balancer; stop() leaves the database in place.
 */
export async function startBenchAppOnDatabase(
  name: string,
  databaseUrl: string,
  options: BenchAppOptions = {},
) {
  const pool = appPool(databaseUrl, options);
  return { ...(await startOn(databaseFromPool(pool), name, options)), pool };
}

/**
 * The pool the app's runtime opens (src/db/client.ts openDatabase) with the settings of
 * `options.env`: DATABASE_POOL_MAX connections (default 10), DATABASE_STATEMENT_TIMEOUT_MS.
 */
export function appPool(connectionString: string, options: BenchAppOptions = {}): pg.Pool {
  const { max, statementTimeoutMs } = loadConfig({ ...options.env }).databasePool;
  const pool = new pg.Pool({
    connectionString,
    max,
    statement_timeout: statementTimeoutMs,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  pool.on('error', endOfDatabase);
  return pool;
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

/**
 * Every bench app pool's error handler (appPool): stop() dropping the database
 * terminates connections the pool is still letting go of (57P01), which is the end of the bench
 * database, not a failure; any other error is.
 */
function endOfDatabase(error: Error & { code?: string }): void {
  if (error.code !== '57P01') throw error;
}

/** A member of a bench app with a live session, as sign-in leaves them. */
export interface BenchMember {
  id: string;
  /** The `cookie` header of a signed-in browser. */
  cookie: string;
}

/**
 * `count` verified members (`<tag>_<n>`, the profile trigger makes their profiles), each with a
 * session written straight to the database as sign-in writes it, in the order of `<n>`.
 */
export async function signedInMembers(
  database: DatabaseHandle,
  count: number,
  tag: string,
): Promise<BenchMember[]> {
  const safeTag = tag.replace(/\W/g, '_');
  await database.db.execute(
    sql.raw(`insert into users (name, email, email_verified)
      select '${safeTag}_' || g, '${safeTag}' || lpad(g::text, 7, '0') || '@bench.test', true
      from generate_series(1, ${Math.floor(count)}) g`),
  );
  const inserted = await database.db.execute(
    sql.raw(`insert into sessions (token, user_id, expires_at)
      select md5(random()::text || id::text) || md5(random()::text), id, now() + interval '1 day'
      from users where email ~ '^${safeTag}[0-9]{7}@bench[.]test$' order by email
      returning token, user_id`),
  );
  const sessions = (inserted as unknown as { rows: { token: string; user_id: string }[] }).rows;
  return sessions.map(({ token, user_id }) => {
    // The cookie better-auth sets: the token, a dot and its HMAC-SHA256 signature (base64).
    const signature = createHmac('sha256', BENCH_AUTH_SECRET).update(token).digest('base64');
    return {
      id: user_id,
      cookie: `${SESSION_COOKIE_PREFIX}.session_token=${encodeURIComponent(`${token}.${signature}`)}`,
    };
  });
}

/** One SQL statement as the app sent it. */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

/**
 * The statements a piece of work made the app run. On PostgreSQL a transaction's BEGIN and
 * COMMIT are statements of their own; PGlite wraps its transactions itself (`transaction`).
 */
export interface CapturedSql {
  statements: SqlStatement[];
  transaction: boolean;
}

/** The database under a bench app: its PGlite instance, or its PostgreSQL pool and database. */
export type BenchDatabase =
  { engine: 'pglite'; client: PGlite } | { engine: 'postgres'; pool: pg.Pool; databaseUrl: string };

type PgQuery = (
  this: pg.Client,
  config: string | pg.QueryConfig,
  values?: unknown,
  callback?: unknown,
) => unknown;

/**
 * Records the SQL statements `work` makes the app run (e.g. one request through `app.inject`),
 * so that they can be replayed without the app. Nothing else may query the database from this
 * process meanwhile (on PostgreSQL every `pg` client is listened to).
 */
export async function captureSql(target: BenchDatabase, work: () => Promise<void>): Promise<CapturedSql> {
  const captured: CapturedSql = { statements: [], transaction: false };
  if (target.engine === 'postgres') {
    const prototype = pg.Client.prototype as unknown as { query: PgQuery };
    const original = prototype.query;
    prototype.query = function (config, values, callback) {
      const text = typeof config === 'string' ? config : config.text;
      const given = Array.isArray(values) ? values : typeof config === 'string' ? undefined : config.values;
      captured.statements.push({ text, values: [...(given ?? [])] });
      return original.call(this, config, values, callback);
    };
    try {
      await work();
    } finally {
      prototype.query = original;
    }
    return captured;
  }
  const { client } = target;
  type Query = PGlite['query'];
  const record = (on: Pick<PGlite, 'query'>) => {
    const original = on.query.bind(on);
    on.query = ((text: string, values?: unknown[], options?: Parameters<Query>[2]) => {
      captured.statements.push({ text, values: [...(values ?? [])] });
      return original(text, values, options);
    }) as Query;
    return () => {
      on.query = original;
    };
  };
  const restoreQuery = record(client);
  const originalTransaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    originalTransaction(async (tx) => {
      captured.transaction = true;
      record(tx);
      return callback(tx);
    })) as PGlite['transaction'];
  try {
    await work();
  } finally {
    restoreQuery();
    client.transaction = originalTransaction;
  }
  return captured;
}

/** Anything that runs a statement: a `pg` client, a PGlite instance or one of its transactions. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Replays captured statements on one connection; answers each statement's rows. */
export async function replaySql(on: Queryable | PGlite, captured: CapturedSql): Promise<unknown[][]> {
  const runAll = async (target: Queryable) => {
    const results: unknown[][] = [];
    for (const { text, values } of captured.statements) results.push((await target.query(text, values)).rows);
    return results;
  };
  if (captured.transaction && 'transaction' in on) return on.transaction((tx) => runAll(tx));
  return runAll(on);
}

/** A bare client of a bench app's database (see bareSqlClient). */
export interface BareSqlClient {
  /** Runs one SQL text (e.g. loading data); answers its rows. */
  query(text: string): Promise<{ rows: unknown[] }>;
  /** Replays captured statements; answers each statement's rows. */
  replay(captured: CapturedSql): Promise<unknown[][]>;
  close(): Promise<void>;
}

/**
 * A bare client of the bench app's database, outside the app: a `pg` client of its own on
 * PostgreSQL (no statement timeout), the same instance on PGlite (which has one connection).
 */
export async function bareSqlClient(target: BenchDatabase): Promise<BareSqlClient> {
  if (target.engine === 'pglite') {
    const { client } = target;
    return {
      query: (text) => client.query(text),
      replay: (captured) => replaySql(client, captured),
      close: async () => {},
    };
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  return {
    query: (text) => client.query(text),
    replay: (captured) => replaySql(client, captured),
    close: () => client.end(),
  };
}
