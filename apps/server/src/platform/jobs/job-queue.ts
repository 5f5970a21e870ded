import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Executor, Transaction } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import type { AfterCommit } from '../events/domain-events.js';

/**
 * The durable job queue (decision 0018): work due at a time, kept in the `jobs` table so that it
 * survives restarts, and run once across instances.
 *
 * - A job is `(name, key)`: enqueueing the same pair again reschedules it (new time, new payload,
 *   attempts forgotten) instead of adding a second one. Enqueue on the writer's transaction and the
 *   job commits or rolls back with the write that asks for it.
 * - `runDue` claims one due job at a time with `FOR UPDATE SKIP LOCKED`, runs its handler on that
 *   same transaction, deletes the row and commits: the handler's writes and the job's removal commit
 *   together, and an instance never sees a job another instance is running.
 * - A handler that throws leaves nothing of its writes (they run in a savepoint); the job stays,
 *   its attempts counted, its error kept and its next run put off (30 s, doubling, at most an hour).
 *   Its last allowed attempt marks it failed (`failed_at`): it is kept for staff and never run again
 *   unless enqueued anew.
 */

/** What a handler is told about the job it runs. `attempts` counts the earlier, failed runs. */
export interface JobInfo {
  id: string;
  name: string;
  key: string;
  attempts: number;
}

/**
 * Does a job's work on `tx`, the transaction that claimed the job and deletes it. Returns work for
 * after the commit (realtime pushes, mail), whose errors are logged and never retried.
 */
export type JobHandler = (
  tx: Transaction,
  payload: Record<string, unknown>,
  job: JobInfo,
) => Promise<AfterCommit | void>;

export interface EnqueueJob {
  name: string;
  /** Unique per name: the job's identity (an order's id, say). */
  key: string;
  runAt: Date;
  payload?: Record<string, unknown>;
}

export interface JobCounts {
  /** Waiting and due now (a backlog when it stays above zero). */
  due: number;
  /** Waiting for a later time. */
  scheduled: number;
  /** Failed their last allowed attempt; kept for staff. */
  failed: number;
}

export interface JobQueue {
  /** Adds the job, or reschedules the one of the same name and key (fresh attempts). */
  enqueue(executor: Executor, job: EnqueueJob): Promise<void>;
  /** Removes the job of that name and key, if any (a job running now finishes first). */
  cancel(executor: Executor, name: string, key: string): Promise<void>;
  /** The handler of jobs of this name; a name has one handler. */
  register(name: string, handler: JobHandler): void;
  /**
   * Runs the jobs due at `now` whose names have a handler, one transaction each, at most
   * `batchSize` of them. Returns how many were run (succeeded or failed).
   */
  runDue(now?: Date): Promise<number>;
  /** Polls every `pollIntervalMs` (the timer does not keep the process alive). */
  start(): void;
  /** Stops polling and waits for the run in progress (which ends after its current job). */
  stop(): Promise<void>;
  counts(now?: Date): Promise<JobCounts>;
}

export interface JobQueueOptions {
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** How often `start()` polls (default 5 s). */
  pollIntervalMs?: number | undefined;
  /** Runs a job gets before it is marked failed (default 8). */
  maxAttempts?: number | undefined;
  /** Jobs one `runDue` runs at most (default 50); the next poll takes the rest. */
  batchSize?: number | undefined;
}

export const JOB_POLL_INTERVAL_MS = 5_000;
export const JOB_MAX_ATTEMPTS = 8;
export const JOB_BATCH_SIZE = 50;
/** The wait after a first failure; it doubles with each further one, up to `JOB_RETRY_MAX_MS`. */
export const JOB_RETRY_BASE_MS = 30_000;
export const JOB_RETRY_MAX_MS = 60 * 60_000;
/** The longest error text kept on a job. */
export const JOB_ERROR_MAX_LENGTH = 500;

/** The wait before the next run of a job that has failed `failures` times (1, 2, …). */
export function retryDelayMs(failures: number): number {
  return Math.min(JOB_RETRY_MAX_MS, JOB_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

/** An error as text fit for the `last_error` column (PostgreSQL text holds no U+0000). */
function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/\u0000/g, '');
  return clean.length > JOB_ERROR_MAX_LENGTH ? `${clean.slice(0, JOB_ERROR_MAX_LENGTH - 1)}…` : clean;
}

interface ClaimedJob extends JobInfo {
  payload: Record<string, unknown>;
}

type Outcome = { kind: 'none' } | { kind: 'done'; afterCommit: AfterCommit | void } | { kind: 'failed' };

export function createJobQueue(database: DatabaseHandle, options: JobQueueOptions): JobQueue {
  const { logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? JOB_POLL_INTERVAL_MS;
  const maxAttempts = options.maxAttempts ?? JOB_MAX_ATTEMPTS;
  const batchSize = options.batchSize ?? JOB_BATCH_SIZE;
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  /** What a failed run leaves on the job: one more attempt, its error, a later run or failure. */
  function failureChanges(job: ClaimedJob, error: unknown, now: Date) {
    const attempts = job.attempts + 1;
    const lastError = errorText(error);
    return attempts >= maxAttempts
      ? { attempts, last_error: lastError, failed_at: now }
      : { attempts, last_error: lastError, run_at: new Date(now.getTime() + retryDelayMs(attempts)) };
  }

  function logFailure(job: ClaimedJob, error: unknown): void {
    const context = {
      err: error,
      job: { id: job.id, name: job.name, key: job.key },
      attempt: job.attempts + 1,
    };
    if (job.attempts + 1 >= maxAttempts) logger.error(context, 'a job failed its last attempt');
    else logger.warn(context, 'a job failed; it will be retried');
  }

  /** Claims the next due job with a handler, runs it and deletes it, all in one transaction. */
  async function runOne(names: string[], now: Date): Promise<Outcome> {
    let claimed: ClaimedJob | undefined;
    let logged = false;
    try {
      return await database.db.transaction(async (tx): Promise<Outcome> => {
        const [row] = await tx
          .select({
            id: jobs.id,
            name: jobs.name,
            key: jobs.key,
            payload: jobs.payload,
            attempts: jobs.attempts,
          })
          .from(jobs)
          .where(and(isNull(jobs.failed_at), lte(jobs.run_at, now), inArray(jobs.name, names)))
          .orderBy(asc(jobs.run_at), asc(jobs.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return { kind: 'none' };
        const job: ClaimedJob = { ...row, payload: (row.payload ?? {}) as Record<string, unknown> };
        claimed = job;
        const handler = handlers.get(job.name)!;
        try {
          // A savepoint: a failing handler's writes are undone while the row stays locked by this
          // transaction, so its failure is recorded before any other instance can claim it again.
          // The row is deleted first, so a handler may enqueue its own (name, key) anew.
          const afterCommit = await tx.transaction(async (work) => {
            await work.delete(jobs).where(eq(jobs.id, job.id));
            return handler(work, job.payload, {
              id: job.id,
              name: job.name,
              key: job.key,
              attempts: job.attempts,
            });
          });
          return { kind: 'done', afterCommit };
        } catch (error) {
          logFailure(job, error);
          logged = true;
          await tx
            .update(jobs)
            .set(failureChanges(job, error, now))
            .where(eq(jobs.id, job.id));
          return { kind: 'failed' };
        }
      });
    } catch (error) {
      // The claim itself failed (the database is away): the caller stops this run.
      if (!claimed) throw error;
      // The transaction failed around the handler (its commit, the failure record): nothing of it
      // committed. Count the attempt on its own, unless the job is gone already.
      const job: ClaimedJob = claimed;
      if (!logged) logFailure(job, error);
      await database.db
        .update(jobs)
        .set(failureChanges(job, error, now))
        .where(and(eq(jobs.id, job.id), isNull(jobs.failed_at)))
        .catch((recordError: unknown) =>
          logger.error(
            { err: recordError, job: { id: job.id, name: job.name } },
            'a job failure could not be recorded',
          ),
        );
      return { kind: 'failed' };
    }
  }

  async function runBatch(now: Date, keepGoing: () => boolean): Promise<number> {
    const names = [...handlers.keys()];
    // No handler, nothing to run: the poll costs no query.
    if (names.length === 0) return 0;
    let ran = 0;
    while (ran < batchSize && keepGoing()) {
      const outcome = await runOne(names, now);
      if (outcome.kind === 'none') break;
      ran += 1;
      if (outcome.kind === 'done' && typeof outcome.afterCommit === 'function') {
        try {
          await outcome.afterCommit();
        } catch (error) {
          // The job's work is committed; what was left for after it is logged, not retried.
          logger.error({ err: error }, 'the after-commit work of a job failed');
        }
      }
    }
    return ran;
  }

  function tick(): void {
    // A run still going (a long batch) makes this tick a no-op.
    if (running) return;
    running = runBatch(new Date(), () => timer !== null)
      .catch((error: unknown) => logger.error({ err: error }, 'running due jobs failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    async enqueue(executor, job) {
      if (!job.name || !job.key) throw new Error('a job needs a name and a key');
      if (!(job.runAt instanceof Date) || Number.isNaN(job.runAt.getTime())) {
        throw new Error(`job ${job.name}/${job.key}: runAt is not a valid date`);
      }
      await executor
        .insert(jobs)
        .values({ name: job.name, key: job.key, run_at: job.runAt, payload: job.payload ?? {} })
        .onConflictDoUpdate({
          target: [jobs.name, jobs.key],
          set: {
            run_at: sql`excluded.run_at`,
            payload: sql`excluded.payload`,
            attempts: 0,
            failed_at: null,
            last_error: null,
          },
        });
    },

    async cancel(executor, name, key) {
      await executor.delete(jobs).where(and(eq(jobs.name, name), eq(jobs.key, key)));
    },

    register(name, handler) {
      if (handlers.has(name)) throw new Error(`job ${name} already has a handler`);
      handlers.set(name, handler);
    },

    runDue(now = new Date()) {
      return runBatch(now, () => true);
    },

    start() {
      if (timer) return;
      timer = setInterval(tick, pollIntervalMs);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },

    async counts(now = new Date()) {
      const tally = (where: ReturnType<typeof and>) =>
        database.db
          .select({ n: count() })
          .from(jobs)
          .where(where)
          .then(([row]) => row?.n ?? 0);
      const [due, scheduled, failed] = await Promise.all([
        tally(and(isNull(jobs.failed_at), lte(jobs.run_at, now))),
        tally(and(isNull(jobs.failed_at), gt(jobs.run_at, now))),
        tally(isNotNull(jobs.failed_at)),
      ]);
      return { due, scheduled, failed };
    },
  };
}
