import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.js';
import { databaseUrlFor, testEngine } from '../../../test/test-engine.js';
import {
  createPglite,
  databaseFromPglite,
  databaseFromPool,
  type DatabaseHandle,
  type Executor,
} from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './job-queue.js';

/**
 * The job queue over a real database (PGlite, or PostgreSQL when the suite runs on it): effects
 * are rows of a scratch table made for this file, so each assertion reads what a job really did.
 */
let database: DatabaseHandle;
const effects = `job_effects_${randomBytes(4).toString('hex')}`;
const effectsTable = sql.identifier(effects);
const queues: JobQueue[] = [];

interface LogEntry {
  level: 'warn' | 'error';
  message: string;
  context: unknown;
}
let logged: LogEntry[] = [];
const logger = {
  warn: (context: unknown, message?: string) =>
    void logged.push({ level: 'warn', context, message: message ?? '' }),
  error: (context: unknown, message?: string) =>
    void logged.push({ level: 'error', context, message: message ?? '' }),
} as unknown as JobQueueOptions['logger'];

/** A queue over `handle` (the file's database by default), stopped after each test. */
function queueOver(handle: DatabaseHandle = database, options: Partial<JobQueueOptions> = {}): JobQueue {
  const queue = createJobQueue(handle, { logger, ...options });
  queues.push(queue);
  return queue;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Writes an effect row: what a handler did, on its transaction. */
async function recordEffect(executor: Executor, jobKey: string, by = 'main'): Promise<void> {
  await executor.execute(sql`insert into ${effectsTable} (job_key, by) values (${jobKey}, ${by})`);
}

async function effectsOf(handle: DatabaseHandle = database): Promise<{ job_key: string; by: string }[]> {
  return rowsOf<{ job_key: string; by: string }>(
    await handle.db.execute(sql`select job_key, by from ${effectsTable} order by id`),
  );
}

async function jobRows(name: string) {
  return database.db.select().from(jobs).where(eq(jobs.name, name)).orderBy(jobs.key);
}

const SECOND = 1000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`create table ${effectsTable} (id serial primary key, job_key text not null, by text not null)`,
  );
});

afterAll(async () => {
  await database.db.execute(sql`drop table if exists ${effectsTable}`);
  await database.close();
});

beforeEach(async () => {
  logged = [];
  await database.db.delete(jobs);
  await database.db.execute(sql`delete from ${effectsTable}`);
});

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});

describe('job queue', () => {
  it('runs a due job once, with its payload, and removes its row', async () => {
    const queue = queueOver();
    const seen: unknown[] = [];
    queue.register('test.due', async (tx, payload, job) => {
      seen.push({ payload, job: { name: job.name, key: job.key, attempts: job.attempts } });
      await recordEffect(tx, job.key);
    });
    const now = new Date();
    await queue.enqueue(database.db, {
      name: 'test.due',
      key: 'a',
      runAt: at(now, -SECOND),
      payload: { orderId: 7 },
    });

    expect(await queue.runDue(now)).toBe(1);
    expect(await effectsOf()).toEqual([{ job_key: 'a', by: 'main' }]);
    expect(seen).toEqual([{ payload: { orderId: 7 }, job: { name: 'test.due', key: 'a', attempts: 0 } }]);
    expect(await jobRows('test.due')).toEqual([]);

    // Nothing left: a second run does nothing.
    expect(await queue.runDue(at(now, 60 * SECOND))).toBe(0);
    expect(await effectsOf()).toHaveLength(1);
  });

  it('leaves a job for later until its time comes', async () => {
    const queue = queueOver();
    queue.register('test.later', async (tx, _payload, job) => recordEffect(tx, job.key));
    const now = new Date();
    const runAt = at(now, 14 * 24 * 3600 * SECOND);
    await queue.enqueue(database.db, { name: 'test.later', key: 'order-1', runAt });

    expect(await queue.runDue(now)).toBe(0);
    expect(await queue.runDue(at(runAt, -1))).toBe(0);
    expect(await effectsOf()).toEqual([]);
    expect(await queue.counts(now)).toEqual({ due: 0, scheduled: 1, failed: 0 });

    expect(await queue.runDue(runAt)).toBe(1);
    expect(await effectsOf()).toEqual([{ job_key: 'order-1', by: 'main' }]);
    expect(await queue.counts(runAt)).toEqual({ due: 0, scheduled: 0, failed: 0 });
  });

  it('reschedules a job enqueued again with the same name and key: one row, the new time and payload', async () => {
    const queue = queueOver();
    const payloads: unknown[] = [];
    queue.register('test.resched', async (tx, payload, job) => {
      payloads.push(payload);
      await recordEffect(tx, job.key);
    });
    const now = new Date();
    await queue.enqueue(database.db, {
      name: 'test.resched',
      key: 'k',
      runAt: at(now, SECOND),
      payload: { v: 1 },
    });
    await queue.enqueue(database.db, {
      name: 'test.resched',
      key: 'k',
      runAt: at(now, 10 * SECOND),
      payload: { v: 2 },
    });
    // Another key is another job.
    await queue.enqueue(database.db, { name: 'test.resched', key: 'other', runAt: at(now, 20 * SECOND) });

    const rows = await jobRows('test.resched');
    expect(rows.map((row) => row.key)).toEqual(['k', 'other']);
    expect(rows[0]).toMatchObject({ run_at: at(now, 10 * SECOND), payload: { v: 2 }, attempts: 0 });

    expect(await queue.runDue(at(now, SECOND))).toBe(0);
    expect(await queue.runDue(at(now, 10 * SECOND))).toBe(1);
    expect(payloads).toEqual([{ v: 2 }]);
    expect(await effectsOf()).toEqual([{ job_key: 'k', by: 'main' }]);
  });

  it('cancels a job: it never runs', async () => {
    const queue = queueOver();
    queue.register('test.cancel', async (tx, _payload, job) => recordEffect(tx, job.key));
    const now = new Date();
    await queue.enqueue(database.db, { name: 'test.cancel', key: 'gone', runAt: at(now, -SECOND) });
    await queue.enqueue(database.db, { name: 'test.cancel', key: 'kept', runAt: at(now, -SECOND) });
    await queue.cancel(database.db, 'test.cancel', 'gone');

    expect(await queue.runDue(now)).toBe(1);
    expect(await effectsOf()).toEqual([{ job_key: 'kept', by: 'main' }]);
  });

  it('rolls back a failing handler, keeps the job with one more attempt and a later run, then marks it failed', async () => {
    const queue = queueOver(database, { maxAttempts: 3 });
    const attemptsSeen: number[] = [];
    queue.register('test.fail', async (tx, _payload, job) => {
      attemptsSeen.push(job.attempts);
      await recordEffect(tx, job.key);
      throw new Error(`carrier unreachable ${'x'.repeat(1000)}`);
    });
    const start = new Date();
    await queue.enqueue(database.db, { name: 'test.fail', key: 'f', runAt: start });

    // First failure: the handler's write is undone; retried after 30 s.
    expect(await queue.runDue(start)).toBe(1);
    expect(await effectsOf()).toEqual([]);
    let [row] = await jobRows('test.fail');
    expect(row).toMatchObject({ attempts: 1, run_at: at(start, 30 * SECOND), failed_at: null });
    expect(row!.last_error).toMatch(/^Error: carrier unreachable x+/);
    expect(row!.last_error!.length).toBeLessThanOrEqual(500);
    expect(logged.map((entry) => entry.level)).toEqual(['warn']);

    // Not due again before its new time.
    expect(await queue.runDue(at(start, 29 * SECOND))).toBe(0);

    // Second failure: the wait doubles.
    const second = at(start, 30 * SECOND);
    expect(await queue.runDue(second)).toBe(1);
    [row] = await jobRows('test.fail');
    expect(row).toMatchObject({ attempts: 2, run_at: at(second, 60 * SECOND), failed_at: null });

    // Third and last allowed attempt: failed, kept for staff, never run again.
    const third = at(second, 60 * SECOND);
    expect(await queue.runDue(third)).toBe(1);
    [row] = await jobRows('test.fail');
    expect(row).toMatchObject({ attempts: 3, failed_at: third });
    expect(logged.map((entry) => entry.level)).toEqual(['warn', 'warn', 'error']);
    expect(await queue.runDue(at(third, 24 * 3600 * SECOND))).toBe(0);
    expect(attemptsSeen).toEqual([0, 1, 2]);
    expect(await effectsOf()).toEqual([]);
    expect(await queue.counts(at(third, SECOND))).toEqual({ due: 0, scheduled: 0, failed: 1 });

    // Enqueued anew, it starts over.
    await queue.enqueue(database.db, { name: 'test.fail', key: 'f', runAt: third });
    [row] = await jobRows('test.fail');
    expect(row).toMatchObject({ attempts: 0, failed_at: null, last_error: null, run_at: third });
  });

  it('keeps a job with the write that asked for it: both roll back together, or commit together', async () => {
    const queue = queueOver();
    queue.register('test.tx', async (tx, _payload, job) => recordEffect(tx, `ran:${job.key}`));
    const now = new Date();

    await expect(
      database.db.transaction(async (tx) => {
        await recordEffect(tx, 'write-1');
        await queue.enqueue(tx, { name: 'test.tx', key: 'rolled-back', runAt: at(now, -SECOND) });
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    expect(await jobRows('test.tx')).toEqual([]);
    expect(await effectsOf()).toEqual([]);
    expect(await queue.runDue(now)).toBe(0);

    await database.db.transaction(async (tx) => {
      await recordEffect(tx, 'write-2');
      await queue.enqueue(tx, { name: 'test.tx', key: 'committed', runAt: at(now, -SECOND) });
    });
    expect((await jobRows('test.tx')).map((row) => row.key)).toEqual(['committed']);
    expect(await queue.runDue(now)).toBe(1);
    expect((await effectsOf()).map((effect) => effect.job_key)).toEqual(['write-2', 'ran:committed']);
  });

  it('leaves jobs whose name has no handler untouched', async () => {
    const queue = queueOver();
    queue.register('test.known', async (tx, _payload, job) => recordEffect(tx, job.key));
    const now = new Date();
    await queue.enqueue(database.db, { name: 'test.unknown', key: 'u', runAt: at(now, -60 * SECOND) });
    await queue.enqueue(database.db, { name: 'test.known', key: 'k', runAt: at(now, -SECOND) });

    expect(await queue.runDue(now)).toBe(1);
    expect(await effectsOf()).toEqual([{ job_key: 'k', by: 'main' }]);
    const [unknown] = await jobRows('test.unknown');
    expect(unknown).toMatchObject({
      attempts: 0,
      failed_at: null,
      last_error: null,
      run_at: at(now, -60 * SECOND),
    });
    expect(await queue.counts(now)).toEqual({ due: 1, scheduled: 0, failed: 0 });
  });

  it('runs the after-commit work once the job has committed, and logs its failure without running the job again', async () => {
    const queue = queueOver();
    let visibleAfterCommit: number | undefined;
    queue.register('test.after', async (tx, _payload, job) => {
      await recordEffect(tx, job.key);
      return async () => {
        // Read outside the job's transaction: on PostgreSQL another connection of the pool.
        visibleAfterCommit = (await effectsOf()).length;
        if (job.key === 'boom') throw new Error('push failed');
      };
    });
    const now = new Date();
    await queue.enqueue(database.db, { name: 'test.after', key: 'ok', runAt: at(now, -2 * SECOND) });
    expect(await queue.runDue(now)).toBe(1);
    expect(visibleAfterCommit).toBe(1);

    await queue.enqueue(database.db, { name: 'test.after', key: 'boom', runAt: at(now, -SECOND) });
    expect(await queue.runDue(now)).toBe(1);
    expect(visibleAfterCommit).toBe(2);
    expect(logged).toEqual([expect.objectContaining({ level: 'error' })]);
    expect(await jobRows('test.after')).toEqual([]);
    expect(await queue.runDue(at(now, 3600 * SECOND))).toBe(0);
    expect(await effectsOf()).toHaveLength(2);
  });

  it('refuses a second handler for one name', () => {
    const queue = queueOver();
    queue.register('test.twice', async () => undefined);
    expect(() => queue.register('test.twice', async () => undefined)).toThrow(/already has a handler/);
  });

  it('runs at most batchSize jobs per call', async () => {
    const queue = queueOver(database, { batchSize: 3 });
    queue.register('test.batch', async (tx, _payload, job) => recordEffect(tx, job.key));
    const now = new Date();
    for (let i = 0; i < 5; i += 1) {
      await queue.enqueue(database.db, {
        name: 'test.batch',
        key: `b${i}`,
        runAt: at(now, -(10 - i) * SECOND),
      });
    }
    expect(await queue.runDue(now)).toBe(3);
    // Oldest first.
    expect((await effectsOf()).map((effect) => effect.job_key)).toEqual(['b0', 'b1', 'b2']);
    expect(await queue.runDue(now)).toBe(2);
    expect(await effectsOf()).toHaveLength(5);
  });

  it('polls once started, and stop() waits for the job in flight and ends polling', async () => {
    const queue = queueOver(database, { pollIntervalMs: 20 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    queue.register('test.poll', async (tx, _payload, job) => {
      started += 1;
      if (job.key === 'held') await held;
      await recordEffect(tx, job.key);
    });
    await queue.enqueue(database.db, {
      name: 'test.poll',
      key: 'held',
      runAt: new Date(Date.now() - SECOND),
    });
    queue.start();
    await expect.poll(() => started).toBe(1);

    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await effectsOf()).toEqual([{ job_key: 'held', by: 'main' }]);

    // Stopped: a due job waits.
    await queue.enqueue(database.db, {
      name: 'test.poll',
      key: 'after-stop',
      runAt: new Date(Date.now() - SECOND),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toBe(1);
    expect(await jobRows('test.poll')).toHaveLength(1);
  });
});

/** Another handle on the file's PostgreSQL database: a second instance's pool. */
async function openAnotherPostgresHandle(): Promise<DatabaseHandle> {
  const [row] = rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`));
  const pool = new pg.Pool({
    connectionString: databaseUrlFor(process.env.TEST_DATABASE_URL!, row!.name),
    max: 4,
  });
  return databaseFromPool(pool);
}

describe('job queue across instances and restarts', () => {
  it('two instances running due jobs at the same moment run each job exactly once', async () => {
    const JOBS = 20;
    // On PostgreSQL each queue has its own pool, as two instances would; PGlite belongs to one
    // process, so there the two queues share it (and its one connection).
    const postgres = testEngine() === 'postgres';
    const other = postgres ? await openAnotherPostgresHandle() : database;
    try {
      const first = queueOver(database);
      const second = queueOver(other);
      for (const [queue, by, handle] of [
        [first, 'first', database],
        [second, 'second', other],
      ] as const) {
        queue.register('test.race', async (tx, _payload, job) => {
          await recordEffect(tx, job.key, by);
          // Long enough for the other instance to be claiming meanwhile.
          if (handle.engine === 'postgres') await tx.execute(sql`select pg_sleep(0.02)`);
        });
      }
      const now = new Date();
      for (let i = 0; i < JOBS; i += 1) {
        await first.enqueue(database.db, { name: 'test.race', key: `r${i}`, runAt: at(now, -SECOND) });
      }
      // Both pools connected before the race.
      await Promise.all([database.ping(), other.ping()]);

      const [ranByFirst, ranBySecond] = await Promise.all([first.runDue(now), second.runDue(now)]);

      const done = await effectsOf();
      expect(done).toHaveLength(JOBS);
      expect(new Set(done.map((effect) => effect.job_key)).size).toBe(JOBS);
      expect(ranByFirst + ranBySecond).toBe(JOBS);
      if (postgres) {
        // Both really took part.
        expect(ranByFirst).toBeGreaterThan(0);
        expect(ranBySecond).toBeGreaterThan(0);
        expect(new Set(done.map((effect) => effect.by))).toEqual(new Set(['first', 'second']));
      }
      expect(await jobRows('test.race')).toEqual([]);
    } finally {
      if (other !== database) await other.close();
    }
  });

  it('keeps jobs across a restart: enqueued by one instance, run by the next', async () => {
    const now = new Date();
    if (testEngine() === 'postgres') {
      const before = await openAnotherPostgresHandle();
      await queueOver(before).enqueue(before.db, {
        name: 'test.restart',
        key: 'survivor',
        runAt: at(now, -SECOND),
        payload: { note: 'kept' },
      });
      await before.close();

      const after = await openAnotherPostgresHandle();
      try {
        const queue = queueOver(after);
        const payloads: unknown[] = [];
        queue.register('test.restart', async (tx, payload, job) => {
          payloads.push(payload);
          await recordEffect(tx, job.key);
        });
        expect(await queue.runDue(now)).toBe(1);
        expect(payloads).toEqual([{ note: 'kept' }]);
        expect(await effectsOf(after)).toEqual([{ job_key: 'survivor', by: 'main' }]);
        expect(await queue.counts(now)).toEqual({ due: 0, scheduled: 0, failed: 0 });
      } finally {
        await stopQueues();
        await after.close();
      }
      return;
    }

    // PGlite: a database in a folder, closed and opened again as the server does on restart.
    const dir = await mkdtemp(path.join(tmpdir(), 'castline-jobs-'));
    try {
      const dump = await readFile(inject('databaseTemplate'));
      const before = databaseFromPglite(await createPglite({ dataDir: dir, loadDataDir: new Blob([dump]) }));
      try {
        await before.db.execute(
          sql`create table ${effectsTable} (id serial primary key, job_key text not null, by text not null)`,
        );
        await queueOver(before).enqueue(before.db, {
          name: 'test.restart',
          key: 'survivor',
          runAt: at(now, -SECOND),
          payload: { note: 'kept' },
        });
      } finally {
        await before.close();
      }

      const after = databaseFromPglite(await createPglite({ dataDir: dir }));
      try {
        const queue = queueOver(after);
        const payloads: unknown[] = [];
        queue.register('test.restart', async (tx, payload, job) => {
          payloads.push(payload);
          await recordEffect(tx, job.key);
        });
        expect(await queue.runDue(now)).toBe(1);
        expect(payloads).toEqual([{ note: 'kept' }]);
        expect(await effectsOf(after)).toEqual([{ job_key: 'survivor', by: 'main' }]);
        expect(await queue.counts(now)).toEqual({ due: 0, scheduled: 0, failed: 0 });
      } finally {
        await stopQueues();
        await after.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** Stops the queues of a test before their database closes (afterEach would be too late). */
async function stopQueues(): Promise<void> {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
}
