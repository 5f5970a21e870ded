import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fillPlaceholders, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { holdEmbeddedDatabase } from './embedded-lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseEngine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  engine: DatabaseEngine;
  /** Applies pending migrations (the same SQL set in both modes). */
  migrate(): Promise<void>;
  /** Answers whether the database responds. */
  ping(): Promise<boolean>;
  /**
   * Runs a background job unless another instance over the same database is running it now:
   * on PostgreSQL a session advisory lock named after the job is tried (never waited for), and
   * `undefined` is returned when another instance holds it. PGlite belongs to one process, so
   * the job simply runs.
   */
  exclusive<T>(job: string, work: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

/**
 * PostgreSQL extensions the migrations create (listings search: trigram similarity, radius
 * search). PGlite loads an extension only when it is passed here, so every PGlite instance is
 * opened through `createPglite`.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, cube, earthdistance };

/**
 * The embedded engine's buffer pool, set at every start. With PostgreSQL's own default (128MB,
 * which a new database's postgresql.conf names) each open took 0.35–0.5 s longer here, the
 * WebAssembly build setting the whole pool up first. A page the pool does not hold is one copy
 * away in PGlite's file system (the data folder through the operating system's cache, or memory).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** Opens a PGlite instance with the extensions the migrations need. */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({
    ...options,
    extensions: PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

/** The SQL migrations, next to the source in development and next to the bundle when built. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  return candidates.find((dir) => existsSync(path.join(dir, 'meta'))) ?? candidates[0]!;
}

function ping(db: Database): () => Promise<boolean> {
  return async () => {
    try {
      await db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  };
}

/** Wraps an open PGlite instance (used directly by tests that load a template database). */
export function databaseFromPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    },
    ping: ping(db),
    exclusive: (_job, work) => work(),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

const MIGRATION_LOCK_ID = 7_261_530;
/** The advisory-lock key space of background jobs (the second key is the job name's hash). */
const JOB_LOCK_SPACE = 7_261_531;

export interface PoolOptions {
  /**
   * Told of a connection the database ended (a restart, an administrator): pg drops it from the
   * pool and the next statement opens a new one. Without a listener, pg's 'error' event would
   * end the process.
   */
  onConnectionError?: (error: Error) => void;
}

export function databaseFromPool(pool: pg.Pool, options: PoolOptions = {}): DatabaseHandle {
  const report = options.onConnectionError ?? (() => undefined);
  // An idle connection's end is emitted by the pool; a checked-out one's (a transaction, a job's
  // lock) by its client, and the statement it was running fails on its own.
  pool.on('error', (error) => report(error));
  pool.on('connect', (client) => client.on('error', (error) => report(error)));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      // Several instances may start at once: one migrates while the others wait.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        lock.release();
      }
    },
    ping: ping(db),
    exclusive: async (job, work) => {
      const lock = await pool.connect();
      try {
        const { rows } = await lock.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1, hashtext($2)) as locked',
          [JOB_LOCK_SPACE, job],
        );
        if (!rows[0]?.locked) return undefined;
        try {
          return await work();
        } finally {
          await lock.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_SPACE, job]);
        }
      } finally {
        lock.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL pool settings (defaults: 10 connections, 15 s per statement). */
  pool?: { max: number; statementTimeoutMs: number };
  /** See PoolOptions. */
  onConnectionError?: (error: Error) => void;
}

/** PostgreSQL when a URL is given, otherwise PGlite stored under DATA_DIR/pglite. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { max, statementTimeoutMs } = options.pool ?? { max: 10, statementTimeoutMs: 15_000 };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max,
      // A runaway query is cancelled by the server instead of holding a connection forever.
      statement_timeout: statementTimeoutMs,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
    });
    return databaseFromPool(
      pool,
      options.onConnectionError ? { onConnectionError: options.onConnectionError } : {},
    );
  }
  const dir = embeddedDataFolder(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const release = holdEmbeddedDatabase(dir);
  try {
    const handle = databaseFromPglite(await createPglite({ dataDir: dir }));
    return {
      ...handle,
      close: async () => {
        await handle.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The embedded database's folder under DATA_DIR. */
export function embeddedDataFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** A transaction handle: repositories take `Database | Transaction` so that callers can compose them. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/**
 * A prepared statement for any executor: a prepared statement belongs to the database handle or
 * transaction that built it, so it is built once per executor (and planned once per pooled
 * connection, by its name).
 */
export function preparedPerExecutor<S>(build: (executor: Executor) => S): (executor: Executor) => S {
  const built = new WeakMap<Executor, S>();
  return (executor) => {
    let statement = built.get(executor);
    if (!statement) built.set(executor, (statement = build(executor)));
    return statement;
  };
}

/** A statement's SQL text and its parameters: values, or placeholders bound when it runs. */
export interface CompiledStatement {
  text: string;
  params: unknown[];
}

/** PostgreSQL's `timestamp` and `timestamptz` type ids. */
const TIMESTAMP_TYPES = [1114, 1184];
const keepText = (value: string) => value;
/** pg's parsers, but timestamps left as the server wrote them (see `timestampText`). */
const pgTimestampsAsText = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TIMESTAMP_TYPES.includes(oid)
      ? keepText
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
const pgliteTimestampsAsText = Object.fromEntries(TIMESTAMP_TYPES.map((oid) => [oid, keepText]));

export interface QueryRowsOptions {
  /**
   * Timestamps as the text the database wrote (`2026-11-25 10:00:00.123+00`) instead of `Date`s:
   * for rows that only go out as JSON, `timestampText` turns them into ISO text without making a
   * `Date` of each.
   */
  timestampsAsText?: boolean;
}

/**
 * Runs a compiled statement on the database's own driver, its placeholders bound to `values`,
 * and returns its rows as arrays in select order (values as the driver parsed them). For hot
 * reads whose SQL is built once: no query building and no row mapping by the query builder.
 */
export async function queryRows(
  db: Database,
  statement: CompiledStatement,
  values: Record<string, unknown>,
  options: QueryRowsOptions = {},
): Promise<unknown[][]> {
  const params = fillPlaceholders(statement.params, values);
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof PGlite) {
    return (
      await client.query<unknown[]>(statement.text, params, {
        rowMode: 'array',
        ...(options.timestampsAsText ? { parsers: pgliteTimestampsAsText } : {}),
      })
    ).rows;
  }
  return (
    await client.query<unknown[]>({
      text: statement.text,
      values: params,
      rowMode: 'array',
      ...(options.timestampsAsText ? { types: pgTimestampsAsText } : {}),
    })
  ).rows;
}

/** `2026-11-25 10:00:00.123456+00` (PostgreSQL's ISO output in UTC): date, time, fraction. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d+))?\+00$/;

/**
 * A timestamp from `queryRows(…, { timestampsAsText: true })` as ISO 8601 in UTC with
 * milliseconds, exactly as `Date#toISOString` writes it (fractions past the millisecond are cut,
 * as a `Date` cuts them). Text in another zone or style goes through a `Date`.
 */
export function timestampText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  const parts = UTC_TIMESTAMP.exec(text);
  if (!parts) return new Date(pg.types.getTypeParser(1184)(text) as Date | string).toISOString();
  return `${parts[1]}T${parts[2]}.${(parts[3] ?? '').slice(0, 3).padEnd(3, '0')}Z`;
}
