/**
 * Load: mixed traffic at 400 requests a second for 60 s against the app (on PostgreSQL when a server is
 * given, else embedded PGlite), over 20,000 generated listings and 50 signed-in members:
 * browsing (home rows, the newest page), searching (text, category and price, radius), listing
 * detail, messages and likes. The requests are sent open-loop from a child process, each at its
 * scheduled time whether or not earlier ones have answered, as independent visitors do.
 *
 * The measured minute follows 10 s of the same traffic (connections opened, caches and JIT warm).
 * Budgets: no 5xx; p99 at most 100 ms over every request (and per kind); the server's heap after
 * the minute within 32 MB of its heap before it (memory flat, not growing with traffic).
 *
 * On PostgreSQL the server is the built server (apps/server/src/main.ts, bundled as for
 * production) in a process of its own, as it runs when deployed: its heap and event loop are its
 * own, not shared with the bench and what earlier suites left in it (the frontend suite runs
 * Lighthouse in this process). Its heap is read inside it through Node's inspector, after two
 * full collections. On embedded PGlite, whose database only its own process can open, the real
 * app runs in this process and its heap is read here. The row's note says which.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_AUTH_SECRET, signedInMembers, startBenchApp, type BenchMember } from '../lib/bench-app.js';
import { builtServerOnFreshDatabase, inspectedInstance } from '../lib/fault-servers.js';
import { loadListings, publicListingIds, type SqlRunner } from '../lib/listings-data.js';
import { MIX, mixedRequest, type MixedKind } from '../lib/mixed-load.js';
import { forkLoadGenerator, isLoadGenerator, serveLoadJobs } from '../lib/load-generator.js';
import type { BenchRow, Budget, Suite } from '../lib/report.js';
import { summarize } from '../lib/stats.js';
import type { DatabaseHandle } from '../../apps/server/src/db/client.js';

const LISTINGS = 20_000;
const MEMBERS = 50;
const RATE = 400;
const DURATION_MS = 60_000;
/** Traffic of the same mix and rate before the measured minute (connections, caches, JIT). */
const WARMUP_MS = 10_000;
/** The same traffic again after the heap is read, until the measured minute (see `run`). */
const RESETTLE_MS = 5_000;
const P99_BUDGET_MS = 100;
const HEAP_GROWTH_BUDGET_MB = 32;

type Kind = MixedKind;

interface Request {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  cookie?: string;
  body?: unknown;
}

interface LoadJob {
  origin: string;
  requests: Request[];
  rate: number;
}

interface LoadResult {
  samples: Record<Kind, number[]>;
  statuses: Record<string, number>;
  failures: number;
  elapsedMs: number;
  firstServerError?: string;
}

/** The load generator: every request at its scheduled time (open loop), each from its own address. */
async function runLoad(job: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const samples: LoadResult['samples'] = { browse: [], search: [], detail: [], message: [], like: [] };
  const statuses: Record<string, number> = {};
  let failures = 0;
  let firstServerError: string | undefined;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (const [index, request] of job.requests.entries()) {
    const due = started + (index * 1000) / job.rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(
      new Promise<void>((resolve) => {
        const sent = performance.now();
        const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
        const outgoing = http.request(
          `${job.origin}${request.path}`,
          {
            method: request.method,
            agent,
            headers: {
              'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
              ...(request.cookie ? { cookie: request.cookie } : {}),
              ...(payload ? { 'content-type': 'application/json' } : {}),
            },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => {
              if (response.statusCode! >= 500 && body.length < 300) body += chunk.toString();
            });
            response.on('end', () => {
              const status = String(response.statusCode);
              statuses[status] = (statuses[status] ?? 0) + 1;
              if (response.statusCode! >= 500)
                firstServerError ??= `${request.method} ${request.path} → ${status} ${body}`;
              samples[request.kind].push(performance.now() - sent);
              resolve();
            });
          },
        );
        outgoing.on('error', () => {
          failures += 1;
          resolve();
        });
        outgoing.end(payload);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return {
    samples,
    statuses,
    failures,
    elapsedMs: performance.now() - started,
    ...(firstServerError ? { firstServerError } : {}),
  };
}

if (isLoadGenerator(import.meta.url)) serveLoadJobs(runLoad);

/** The traffic: RATE × `durationMs` requests in the MIX, over real listings and members. */
function plan(listingIds: string[], members: BenchMember[], durationMs: number, offset = 0): Request[] {
  const total = (RATE * durationMs) / 1000;
  const requests: Request[] = [];
  for (let n = 0; n < total; n += 1) {
    const i = n + offset;
    const { kind, method, path, signedIn } = mixedRequest(i, listingIds);
    const member = members[i % members.length]!;
    const cookie = signedIn ? { cookie: member.cookie } : {};
    if (kind === 'message') {
      const to = members[(i + 1) % members.length]!;
      const body = { recipient_id: to.id, content: `Is it still available? (${i})`, client_id: randomUUID() };
      requests.push({ kind, method, path, ...cookie, body });
    } else {
      requests.push({ kind, method, path, ...cookie });
    }
  }
  return requests;
}

/** The server under load: where it listens, its database, and its heap after collection. */
interface LoadTarget {
  label: 'PostgreSQL' | 'PGlite';
  /** Where the server runs, for the row's note. */
  where: string;
  origin: string;
  /** A client of the server's database, for the listings (loadListings). */
  runner: SqlRunner;
  database: DatabaseHandle;
  /** The server's heap in MB after full collections. */
  heapMb(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The built server in a process of its own on a fresh database of the PostgreSQL server at
 * `adminUrl` (migrated by this process first), with its inspector on a private port; no Redis,
 * one instance, as the in-process app was.
 */
async function startServerProcess(adminUrl: string): Promise<LoadTarget> {
  const cleanup: (() => Promise<unknown>)[] = [];
  const undo = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  };
  try {
    const { dir, entry, databaseUrl, pool, database } = await builtServerOnFreshDatabase(
      'load',
      adminUrl,
      cleanup,
    );

    const exits: string[] = [];
    const { inspector, port } = await inspectedInstance({
      name: 'load',
      entry,
      dir,
      databaseUrl,
      redisUrl: '',
      keyPrefix: '',
      authSecret: BENCH_AUTH_SECRET,
      onUnaskedExit: (exit) => exits.push(`exited (${exit.signal ?? exit.code}): ${exit.cause}`),
      cleanup,
    });
    return {
      label: 'PostgreSQL',
      where: 'the built server in a process of its own',
      origin: `http://127.0.0.1:${port}`,
      runner: pool,
      database,
      async heapMb() {
        if (exits.length) throw new Error(`the server under load ${exits.join('; ')}`);
        return (await inspector.collectedMemory()).heapUsed / 1024 / 1024;
      },
      stop: undo,
    };
  } catch (error) {
    await undo();
    throw error;
  }
}

/** The real app in this process on embedded PGlite (only this process can open its database). */
async function startInProcess(): Promise<LoadTarget> {
  const started = await startBenchApp('bench-load', { env: { TRUST_PROXY: 'true', NODE_ENV: 'production' } });
  try {
    const origin = await started.app.listen({ host: '127.0.0.1', port: 0 });
    return {
      label: 'PGlite',
      where: 'the app in the bench’s process',
      origin,
      runner: started.client,
      database: started.database,
      // After garbage collection where the runtime allows it (node --expose-gc).
      async heapMb() {
        (globalThis as { gc?: () => void }).gc?.();
        return process.memoryUsage().heapUsed / 1024 / 1024;
      },
      stop: started.stop,
    };
  } catch (error) {
    await started.stop();
    throw error;
  }
}

export const run: Suite = async (options) => {
  const target = options.databaseUrl ? await startServerProcess(options.databaseUrl) : await startInProcess();
  const { label } = target;
  const load = await forkLoadGenerator<LoadJob, LoadResult>(import.meta.url);
  try {
    await loadListings(target.runner, {
      listings: LISTINGS,
      rebuildIndexes: true,
      log: (line) => options.log(`load: ${line}`),
    });
    const listingIds = await publicListingIds(target.runner, 500);
    const members = await signedInMembers(target.database, MEMBERS, 'load');
    const { origin } = target;

    options.log(`load: warming up, ${RATE} requests a second for ${WARMUP_MS / 1000} s (${label})`);
    await load.ask({ origin, requests: plan(listingIds, members, WARMUP_MS, 1_000_000), rate: RATE });
    const heapAfterWarmup = await target.heapMb();
    // Reading the heap collects it twice, and the runtime then shrinks its heap and drops compiled
    // code as if memory were short: the next seconds ran slow (403 of the 515 answers over 100 ms
    // in one minute came in its first 2.75 s). The server takes the same traffic again before the
    // measured minute starts.
    await load.ask({ origin, requests: plan(listingIds, members, RESETTLE_MS, 2_000_000), rate: RATE });
    options.log(`load: ${RATE} requests a second for ${DURATION_MS / 1000} s (${label})`);
    const result = await load.ask({ origin, requests: plan(listingIds, members, DURATION_MS), rate: RATE });
    await sleep(500);
    const heapGrowth = (await target.heapMb()) - heapAfterWarmup;

    const all = Object.values(result.samples).flat();
    const serverErrors = Object.entries(result.statuses)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    const statusText = Object.entries(result.statuses)
      .map(([status, count]) => `${status} × ${count}`)
      .join(', ');
    const suite = `load (${label}, ${LISTINGS.toLocaleString('en-US')} listings, ${RATE}/s for ${DURATION_MS / 1000} s)`;
    const budgets: Budget[] = [
      { metric: 'p99', kind: 'max', limit: P99_BUDGET_MS },
      { metric: 'metrics.serverErrors', kind: 'max', limit: 0 },
    ];
    const rows: BenchRow[] = [
      {
        suite,
        name: 'mixed traffic: browse, search, detail, message, like',
        timings: summarize(all, result.elapsedMs),
        metrics: { serverErrors, failures: result.failures, heapGrowthMb: heapGrowth },
        budgets: [
          ...budgets,
          { metric: 'metrics.failures', kind: 'max', limit: 0 },
          { metric: 'metrics.heapGrowthMb', kind: 'max', limit: HEAP_GROWTH_BUDGET_MB },
        ],
        note: `answers: ${statusText}; connection failures ${result.failures}; server heap ${heapGrowth >= 0 ? '+' : ''}${heapGrowth.toFixed(1)} MB from the heap read to the end of the minute; after ${WARMUP_MS / 1000} s of the same traffic, the heap read, then ${RESETTLE_MS / 1000} s more; ${target.where}, requests from a child process${result.firstServerError ? `; first 5xx: ${result.firstServerError}` : ''}`,
      },
      ...MIX.map(([kind]): BenchRow => ({
        suite,
        name: kind,
        timings: summarize(result.samples[kind], result.elapsedMs),
        budgets: [{ metric: 'p99', kind: 'max', limit: P99_BUDGET_MS }],
        note: `${result.samples[kind].length} requests`,
      })),
    ];
    return rows;
  } finally {
    await load.stop();
    await target.stop();
  }
};
