/**
 * `npm run bench`: every benchmark on this machine, then one table of figure, budget and floor
 * ratio (also written to bench/results/latest.md and .json). Exits 1 when a figure misses its
 * budget. Not part of `npm test`: speed is measured here, never in timed unit tests.
 *
 *   npm run bench                     default sizes (100,000 listings), under 15 minutes
 *   npm run bench -- --full           adds the 1,000,000-listing search
 *   npm run bench -- --only=search,pages
 *
 * PostgreSQL and Redis cases use BENCH_DATABASE_URL (a server whose user may create databases;
 * default postgres://postgres@127.0.0.1:5432/postgres) and BENCH_REDIS_URL (default
 * redis://127.0.0.1:6379); when they cannot be reached those cases are skipped and say so.
 * `faults` (an instance killed, Redis restarted, PostgreSQL restarted, under load) uses neither:
 * it starts a PostgreSQL and a Redis of its own, so that its restarts touch nothing shared.
 */
import pg from 'pg';
import { Redis } from 'ioredis';
import type { BenchRow, Suite, SuiteOptions } from './lib/report.js';
import { rowOk, table, writeResults } from './lib/report.js';

const SUITES: Record<string, () => Promise<{ run: Suite }>> = {
  accounts: () => import('./suites/accounts.js'),
  search: () => import('./suites/search.js'),
  pages: () => import('./suites/pages.js'),
  costs: () => import('./suites/costs.js'),
  realtime: () => import('./suites/realtime.js'),
  images: () => import('./suites/images.js'),
  frontend: () => import('./suites/frontend.js'),
  load: () => import('./suites/load.js'),
  start: () => import('./suites/start.js'),
  faults: () => import('./suites/faults.js'),
};

const args = process.argv.slice(2);
const full = args.includes('--full');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .filter(Boolean);
const unknown = only?.filter((name) => !(name in SUITES)) ?? [];
if (unknown.length > 0) {
  console.error(`Unknown suite(s): ${unknown.join(', ')}. Suites: ${Object.keys(SUITES).join(', ')}`);
  process.exit(2);
}

async function reachablePostgres(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function reachableRedis(url: string): Promise<string | undefined> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return url;
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}

const started = performance.now();
const databaseUrl = await reachablePostgres(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const redisUrl = await reachableRedis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379');
const log = (line: string) => console.log(`  · ${line}`);
if (!databaseUrl) log('PostgreSQL is not reachable: PostgreSQL cases are skipped (set BENCH_DATABASE_URL)');
if (!redisUrl) log('Redis is not reachable: cases across two instances are skipped (set BENCH_REDIS_URL)');
const options: SuiteOptions = {
  full,
  log,
  ...(databaseUrl ? { databaseUrl } : {}),
  ...(redisUrl ? { redisUrl } : {}),
};

const rows: BenchRow[] = [];
const failures: string[] = [];
for (const [name, load] of Object.entries(SUITES)) {
  if (only && !only.includes(name)) continue;
  const suiteStarted = performance.now();
  console.log(`▶ ${name}`);
  try {
    const { run } = await load();
    const suiteRows = await run(options);
    rows.push(...suiteRows);
    for (const row of suiteRows) {
      console.log(`  ${rowOk(row) ? 'ok  ' : 'OVER'} ${row.suite} · ${row.name}`);
    }
  } catch (error) {
    failures.push(name);
    console.error(
      `  ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
  console.log(`  ${name}: ${((performance.now() - suiteStarted) / 1000).toFixed(0)} s`);
}

const minutes = (performance.now() - started) / 60_000;
console.log(`\n${table(rows)}\n`);
const base = await writeResults(rows, full ? 'latest-full' : 'latest');
const over = rows.filter((row) => !rowOk(row));
console.log(
  `${rows.length} figures, ${over.length} over budget${failures.length ? `, suites that failed: ${failures.join(', ')}` : ''}; ${minutes.toFixed(1)} min. Results: ${base}.md`,
);
process.exit(over.length > 0 || failures.length > 0 ? 1 : 0);
