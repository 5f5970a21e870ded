/**
 * Listing search: GET /api/listings over 100,000 generated listings (and 1,000,000 with
 * `--full`) for text, filter, radius and sort combinations, on PostgreSQL (when a server is
 * given) and on embedded PGlite.
 *
 * Two rows a case:
 * - one at a time: the endpoint's latency over real HTTP, one request after the other, next to
 *   the very same SQL statements the endpoint ran (captured from one request, then replayed)
 *   on a bare `pg` client (PostgreSQL) or the bare PGlite instance;
 * - 50 connections: the endpoint's throughput over 50 keep-alive connections next to a bare
 *   `node:http` handler that runs the same statements on a `pg` pool of the same size (PGlite:
 *   on the same instance) and answers their rows as JSON. App and floor take turns in slices,
 *   so that whatever else the machine does weighs on both alike.
 *
 * The HTTP clients run in a child process (this file with `--load`), so that they do not take
 * the server's CPU. The app trusts X-Forwarded-For and every 100 requests come from another
 * address, so that the per-address API rate limit stays out of the figures (as for many clients
 * behind a proxy).
 *
 * Budgets: on PostgreSQL the endpoint's p95 is at most 30 ms at 100,000 listings and 80 ms at
 * 1,000,000; with 50 connections it serves at least 0.8× the bare handler's requests a second.
 * PGlite is one single-threaded WASM database in the server's own process: its latency
 * budgets are the per-case ones below (heavier cases, typo-tolerant ranking above all, get
 * more), with the same 0.8× floor ratio.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import {
  bareSqlClient,
  captureSql,
  replaySql,
  startBenchApp,
  startBenchAppOnPostgres,
  type BenchDatabase,
  type CapturedSql,
} from '../lib/bench-app.js';
import { loadListings } from '../lib/listings-data.js';
import { ratioToFloor, type BenchRow, type Budget, type Suite, type SuiteOptions } from '../lib/report.js';
import { measure, summarize, type Timings } from '../lib/stats.js';

interface Scenario {
  name: string;
  url: string;
  /** PGlite latency budgets (ms). */
  pglite: { p50: number; p95: number };
}

/*
 * The generated titles are deliberately repetitive (one in eight carries each brand), so a
 * typo-tolerant search for a brand ranks ~12,500 matches per 100,000 listings: the heaviest case.
 */
const SCENARIOS: Scenario[] = [
  { name: 'newest (no filter)', url: '/api/listings', pglite: { p50: 40, p95: 80 } },
  {
    name: 'category + price range',
    url: '/api/listings?category=reels&price=100-400',
    pglite: { p50: 40, p95: 80 },
  },
  {
    name: 'category + condition + gear type, price asc',
    url: '/api/listings?category=rods&condition=good,like%20new&gear_types=Saltwater&sort=price_asc',
    pglite: { p50: 60, p95: 120 },
  },
  {
    name: 'full-text "shimano spinning"',
    url: '/api/listings?q=shimano%20spinning',
    pglite: { p50: 120, p95: 250 },
  },
  { name: 'typo "shimno"', url: '/api/listings?q=shimno', pglite: { p50: 250, p95: 400 } },
  {
    name: '50 miles around Austin, by distance',
    url: '/api/listings?lat=30.2672&lng=-97.7431&radius=50&sort=distance',
    pglite: { p50: 80, p95: 160 },
  },
  {
    name: 'radius + category + price',
    url: '/api/listings?lat=41.8781&lng=-87.6298&radius=100&category=combo&price=50-300',
    pglite: { p50: 80, p95: 160 },
  },
  { name: 'deep page (page 50)', url: '/api/listings?page=50', pglite: { p50: 60, p95: 120 } },
];

const DEFAULT_SIZE = 100_000;
const FULL_SIZE = 1_000_000;
/** Concurrent keep-alive connections of the throughput rows, and the app's pool size. */
const CONNECTIONS = 50;
/** One-at-a-time rows: about this long a side, within these request counts. */
const LATENCY = { durationMs: 1500, minRequests: 20, maxRequests: 200, warmupMs: 300 };
/**
 * Throughput rows: app and floor take turns, `rounds` slices each, every slice after untimed
 * warm-up requests (on PostgreSQL the pools open their 50 connections again). PGlite serves one
 * query at a time, so a slice lasts at least one wave of 50 requests: one round there.
 */
const THROUGHPUT = {
  PostgreSQL: { rounds: 2, sliceMs: 1000, warmupMs: 400 },
  PGlite: { rounds: 1, sliceMs: 1500, warmupMs: 300 },
};
/**
 * A case whose one-at-a-time p50 is above this (ms) is slow enough that a wave of 50 requests
 * outlasts a slice: one round and no warm-up (the one-at-a-time run warmed the caches).
 */
const SLOW_CASE_MS = 100;
/** Requests from one client address before the next (the API allows 600 a minute per address). */
const REQUESTS_PER_ADDRESS = 100;

/**
 * Latency budgets: on PostgreSQL the product's targets (p95 30 ms at 100,000 listings, 80 ms at
 * 1,000,000); on PGlite the per-case budgets at 100,000 listings, and none at 1,000,000 (the
 * embedded database is for small installations; its figures are reported all the same).
 */
function latencyBudgets(engine: Engine['label'], size: number, scenario: Scenario): Budget[] {
  if (engine === 'PostgreSQL') return [{ metric: 'p95', kind: 'max', limit: size <= DEFAULT_SIZE ? 30 : 80 }];
  if (size > DEFAULT_SIZE) return [];
  return [
    { metric: 'p50', kind: 'max', limit: scenario.pglite.p50 },
    { metric: 'p95', kind: 'max', limit: scenario.pglite.p95 },
  ];
}

const count = (n: number) => n.toLocaleString('en-US');

// ---------------------------------------------------------------------------------------------
// The load generator (child process): keep-alive HTTP clients and their latencies.

interface LoadJob {
  origin: string;
  path: string;
  connections: number;
  /** Untimed requests first (connections open, caches warm). */
  warmupMs: number;
  durationMs: number;
  maxRequests: number;
}

interface LoadResult {
  samples: number[];
  elapsedMs: number;
  bytes: number;
  failures: number;
  firstFailure: string | null;
}

type LoadMessage = { ready: true } | { result: LoadResult };

let requestsSent = 0;

/** The client address of the next request: another one every REQUESTS_PER_ADDRESS requests. */
function nextAddress(): string {
  const n = Math.floor(requestsSent / REQUESTS_PER_ADDRESS);
  requestsSent += 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** One GET; resolves with the body's size once it is read, rejects unless 200. */
function get(agent: http.Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { accept: 'application/json', 'x-forwarded-for': nextAddress() } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('error', reject);
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(bytes)
            : reject(new Error(`${url.pathname}: ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
  });
}

async function generateLoad(job: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const url = new URL(job.path, job.origin);
  const result: LoadResult = { samples: [], elapsedMs: 0, bytes: 0, failures: 0, firstFailure: null };
  const loop = async (until: number, timed: boolean) => {
    while (performance.now() < until && (!timed || result.samples.length < job.maxRequests)) {
      const started = performance.now();
      try {
        const bytes = await get(agent, url);
        if (timed) {
          result.samples.push(performance.now() - started);
          result.bytes += bytes;
        }
      } catch (error) {
        result.failures += 1;
        result.firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  try {
    const warm = performance.now() + job.warmupMs;
    await Promise.all(Array.from({ length: job.connections }, () => loop(warm, false)));
    const started = performance.now();
    await Promise.all(Array.from({ length: job.connections }, () => loop(started + job.durationMs, true)));
    result.elapsedMs = performance.now() - started;
    return result;
  } finally {
    agent.destroy();
  }
}

function startLoadGenerator(): void {
  // The benchmark went away (finished or failed): so does its load generator.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (job: LoadJob) => {
    generateLoad(job).then(
      (result) => process.send!({ result } satisfies LoadMessage),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  process.send!({ ready: true } satisfies LoadMessage);
}

/** Forks this file as the load generator; `ask` runs one job there. */
async function forkLoadGenerator() {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--load'], {
    execArgv: ['--import', 'tsx'],
  });
  let failure: ((error: Error) => void) | undefined;
  child.on('exit', (code) => failure?.(new Error(`the load generator stopped (exit ${code})`)));
  await new Promise<void>((resolve, reject) => {
    failure = reject;
    child.once('message', () => resolve());
  });
  return {
    ask(job: LoadJob): Promise<LoadResult> {
      return new Promise((resolve, reject) => {
        failure = reject;
        child.once('message', (message: LoadMessage) => {
          if ('result' in message) resolve(message.result);
        });
        child.send(job);
      });
    },
    async stop(): Promise<void> {
      failure = undefined;
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      const timer = setTimeout(() => child.kill(), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

type LoadGenerator = Awaited<ReturnType<typeof forkLoadGenerator>>;

// ---------------------------------------------------------------------------------------------
// The servers (this process), the floors and the rows.

/** Runs `operation` one at a time for about `durationMs` (within the request bounds). */
async function measureFor(
  operation: () => Promise<unknown>,
  { durationMs, minRequests, maxRequests }: typeof LATENCY,
): Promise<Timings> {
  const started = performance.now();
  for (let i = 0; i < 3; i += 1) await operation();
  const each = (performance.now() - started) / 3;
  const iterations = Math.min(
    maxRequests,
    Math.max(minRequests, Math.round(durationMs / Math.max(each, 0.01))),
  );
  return measure(() => operation().then(() => undefined), { iterations, warmup: 0 });
}

function assertNoFailures(result: LoadResult, what: string): void {
  if (result.failures > 0)
    throw new Error(`${what}: ${result.failures} failed requests (${result.firstFailure})`);
}

/** The bare `node:http` floor: the captured statements of each path, their rows as JSON. */
async function startBareHandler(run: (captured: CapturedSql) => Promise<unknown[][]>) {
  const routes = new Map<string, CapturedSql>();
  const server = http.createServer((request, response) => {
    const captured = routes.get(request.url ?? '');
    if (!captured) {
      response.writeHead(404).end();
      return;
    }
    run(captured).then(
      (results) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(results));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      },
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    routes,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Closes the pool's idle connections (so that app and floor never hold 2 × 50 at once). */
async function closeIdleConnections(pool: pg.Pool | undefined): Promise<void> {
  if (!pool) return;
  const idle = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  for (const client of idle) client.release(true);
}

interface Engine {
  label: 'PostgreSQL' | 'PGlite';
  app: FastifyInstance;
  database: BenchDatabase;
  /** The app's pool (PostgreSQL). */
  appPool?: pg.Pool;
  /** Runs captured statements for the bare handler. */
  floorRun: (captured: CapturedSql) => Promise<unknown[][]>;
  floorPool?: pg.Pool;
  stop(): Promise<void>;
}

async function startPostgres(databaseUrl: string, size: number, log: SuiteOptions['log']): Promise<Engine> {
  const started = await startBenchAppOnPostgres('bench-search', databaseUrl, {
    env: { TRUST_PROXY: 'true', DATABASE_POOL_MAX: String(CONNECTIONS) },
  });
  try {
    const loader = await bareSqlClient({
      engine: 'postgres',
      pool: started.pool,
      databaseUrl: started.databaseUrl,
    });
    try {
      const seconds = await loadListings(loader, {
        listings: size,
        rebuildIndexes: true,
        log: (line) => log(`search (PostgreSQL): ${line}`),
      });
      log(`search (PostgreSQL): ${count(size)} listings ready in ${seconds.toFixed(1)} s`);
    } finally {
      await loader.close();
    }
    const floorPool = new pg.Pool({ connectionString: started.databaseUrl, max: CONNECTIONS });
    return {
      label: 'PostgreSQL',
      app: started.app,
      database: { engine: 'postgres', pool: started.pool, databaseUrl: started.databaseUrl },
      appPool: started.pool,
      floorPool,
      floorRun: async (captured) => {
        const client = await floorPool.connect();
        try {
          return await replaySql(client, captured);
        } finally {
          client.release();
        }
      },
      async stop() {
        await floorPool.end();
        await started.stop();
      },
    };
  } catch (error) {
    await started.stop();
    throw error;
  }
}

async function startPglite(size: number, log: SuiteOptions['log']): Promise<Engine> {
  const started = await startBenchApp('bench-search', { env: { TRUST_PROXY: 'true' } });
  try {
    const seconds = await loadListings(started.client, {
      listings: size,
      rebuildIndexes: true,
      log: (line) => log(`search (PGlite): ${line}`),
    });
    log(`search (PGlite): ${count(size)} listings ready in ${seconds.toFixed(1)} s`);
    return {
      label: 'PGlite',
      app: started.app,
      database: { engine: 'pglite', client: started.client },
      floorRun: (captured) => replaySql(started.client, captured),
      stop: started.stop,
    };
  } catch (error) {
    await started.stop();
    throw error;
  }
}

/** Both rows of every case on one engine and catalogue size. */
async function measureEngine(engine: Engine, size: number, load: LoadGenerator, options: SuiteOptions) {
  const suite = `search (${engine.label}, ${count(size)} listings)`;
  const rows: BenchRow[] = [];
  const appOrigin = await engine.app.listen({ host: '127.0.0.1', port: 0 });
  const bare = await bareSqlClient(engine.database);
  const floor = await startBareHandler(engine.floorRun);
  const floorLabel = engine.label === 'PostgreSQL' ? 'pg' : 'PGlite';
  try {
    for (const scenario of SCENARIOS) {
      options.log(`${suite}: ${scenario.name}`);
      const captured = await captureSql(engine.database, async () => {
        const response = await engine.app.inject({ method: 'GET', url: scenario.url });
        if (response.statusCode !== 200)
          throw new Error(`${scenario.url}: ${response.statusCode} ${response.body}`);
      });
      floor.routes.set(scenario.url, captured);
      const statements = captured.statements.length;

      // One request at a time: the endpoint over HTTP, the same statements on a bare client.
      const single = await load.ask({ origin: appOrigin, path: scenario.url, connections: 1, ...LATENCY });
      assertNoFailures(single, scenario.url);
      const latency = summarize(single.samples, single.elapsedMs);
      const sql = await measureFor(() => bare.replay(captured), LATENCY);
      rows.push({
        suite,
        name: `${scenario.name}, one at a time`,
        timings: latency,
        floor: {
          name: `the same ${statements === 1 ? '1 statement' : `${statements} statements`}, bare ${floorLabel} client`,
          timings: sql,
        },
        floorRatio: ratioToFloor(latency, sql),
        budgets: latencyBudgets(engine.label, size, scenario),
        note: `GET ${scenario.url} over HTTP, one request at a time from a child process (n=${latency.samples}); ${(single.bytes / single.samples.length / 1024).toFixed(1)} KB a response${engine.label === 'PGlite' && size > DEFAULT_SIZE ? '; no latency budget for PGlite at this size' : ''}`,
      });

      // 50 connections: app and bare handler take turns.
      const appSlices: LoadResult[] = [];
      const floorSlices: LoadResult[] = [];
      const slow = latency.p50 > SLOW_CASE_MS;
      const { sliceMs, ...planned } = THROUGHPUT[engine.label];
      const rounds = slow ? 1 : planned.rounds;
      const slice = { connections: CONNECTIONS, warmupMs: slow ? 0 : planned.warmupMs, durationMs: sliceMs };
      for (let round = 0; round < rounds; round += 1) {
        appSlices.push(
          await load.ask({
            origin: appOrigin,
            path: scenario.url,
            maxRequests: Number.MAX_SAFE_INTEGER,
            ...slice,
          }),
        );
        await closeIdleConnections(engine.appPool);
        floorSlices.push(
          await load.ask({
            origin: floor.origin,
            path: scenario.url,
            maxRequests: Number.MAX_SAFE_INTEGER,
            ...slice,
          }),
        );
        await closeIdleConnections(engine.floorPool);
      }
      const combine = (slices: LoadResult[], what: string) => {
        for (const result of slices) assertNoFailures(result, what);
        return summarize(
          slices.flatMap((result) => result.samples),
          slices.reduce((sum, result) => sum + result.elapsedMs, 0),
        );
      };
      const app = combine(appSlices, scenario.url);
      const bareHttp = combine(floorSlices, `bare handler ${scenario.url}`);
      rows.push({
        suite,
        name: `${scenario.name}, ${CONNECTIONS} connections`,
        timings: app,
        floor: {
          name:
            engine.label === 'PostgreSQL'
              ? `bare node:http handler, the same statements on a pg pool of ${CONNECTIONS}`
              : 'bare node:http handler, the same statements on the same PGlite',
          timings: bareHttp,
        },
        floorRatio: ratioToFloor(app, bareHttp),
        budgets: [{ metric: 'floorRatio', kind: 'min', limit: 0.8 }],
        note: `${CONNECTIONS} keep-alive connections from a child process, ${rounds} × ${sliceMs / 1000} s slice${rounds > 1 ? 's' : ''} alternating with the floor${slow ? ' (no warm-up: a slow case)' : ''}${engine.appPool ? `; app pool ${CONNECTIONS} connections (DATABASE_POOL_MAX)` : ''}`,
      });
    }
    return rows;
  } finally {
    await floor.close();
    await bare.close();
  }
}

/** The search rows: every size on PostgreSQL (when given) and PGlite. */
export const run: Suite = async (options) => {
  const sizes = options.full ? [DEFAULT_SIZE, FULL_SIZE] : [DEFAULT_SIZE];
  const rows: BenchRow[] = [];
  if (!options.databaseUrl)
    options.log('search: no PostgreSQL server given: the PostgreSQL rows are skipped');
  const load = await forkLoadGenerator();
  try {
    for (const size of sizes) {
      const starters = [
        ...(options.databaseUrl ? [() => startPostgres(options.databaseUrl!, size, options.log)] : []),
        () => startPglite(size, options.log),
      ];
      for (const start of starters) {
        const engine = await start();
        try {
          rows.push(...(await measureEngine(engine, size, load, options)));
        } finally {
          await engine.stop();
        }
      }
    }
    return rows;
  } finally {
    await load.stop();
  }
};

/** Whether this process is the load generator this file forks. */
function isLoadGenerator(): boolean {
  return process.argv[2] === '--load' && process.argv[1] === fileURLToPath(import.meta.url) && !!process.send;
}

if (isLoadGenerator()) startLoadGenerator();
