/**
 * The API behind the web app's pages: a listing's detail (GET /api/listings/:id), its price guide
 * (GET /api/listings/:id/price-guide) and the home page's rows (GET /api/listings/home, what
 * useHomeListings fetches), over 5,000 generated listings (each sold one with its completed order), on PostgreSQL (when a server is given) and on embedded PGlite.
 *
 * Each endpoint is measured over real HTTP with keep-alive, one request after the other (the
 * client is in this process: with one request at a time it never runs while the server works,
 * only its own parsing counts), next to the very same SQL statements the endpoint ran
 * (captured from a request, then replayed) on a bare `pg` client or the bare PGlite instance.
 * Detail pages rotate over 20 listings. Budget: p95 at most 15 ms on both engines.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  bareSqlClient,
  captureSql,
  startBenchApp,
  startBenchAppOnPostgres,
  type BenchDatabase,
  type CapturedSql,
} from '../lib/bench-app.js';
import { serverEntryPath } from '../../apps/server/src/http/page-prerender.js';
import { loadListings, publicListingIds } from '../lib/listings-data.js';
import { ratioToFloor, type BenchRow, type Suite, type SuiteOptions } from '../lib/report.js';
import { measure } from '../lib/stats.js';

const LISTINGS = 5_000;
/** Listings whose detail pages are requested in turn. */
const DETAIL_PAGES = 20;
const ITERATIONS = { detail: 400, home: 300 };
const WARMUP = 20;
const BUDGETS: BenchRow['budgets'] = [{ metric: 'p95', kind: 'max', limit: 15 }];
/**
 * A guest's page rendered on the server (docs/decisions/0012): two renders of the page and its
 * API calls in-process. Castline's own budget, next to the page's API answer alone as its floor.
 */
const PAGE_BUDGETS: BenchRow['budgets'] = [{ metric: 'p95', kind: 'max', limit: 60 }];
const PAGE_ITERATIONS = 200;
/** The server's default (README: PAGE_CACHE_SECONDS), set here so the note can say it. */
const PAGE_CACHE_SECONDS = 5;
/** The built web app; its rendered pages are measured when its server entry is there (npm run build). */
const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');
const webBuilt = () => existsSync(serverEntryPath(WEB_DIST));

interface Engine {
  label: 'PostgreSQL' | 'PGlite';
  app: FastifyInstance;
  database: BenchDatabase;
  stop(): Promise<void>;
}

async function startEngine(label: Engine['label'], databaseUrl: string | undefined): Promise<Engine> {
  // Each request comes from another address (as many visitors would), so that the per-address
  // API rate limit stays out of the figures.
  const options = {
    env: {
      TRUST_PROXY: 'true',
      PAGE_CACHE_SECONDS: String(PAGE_CACHE_SECONDS),
      ...(webBuilt() ? { WEB_DIST_DIR: WEB_DIST } : {}),
    },
  };
  if (label === 'PostgreSQL') {
    const started = await startBenchAppOnPostgres('bench-pages', databaseUrl!, options);
    return {
      label,
      app: started.app,
      database: { engine: 'postgres', pool: started.pool, databaseUrl: started.databaseUrl },
      stop: started.stop,
    };
  }
  const started = await startBenchApp('bench-pages', options);
  return {
    label,
    app: started.app,
    database: { engine: 'pglite', client: started.client },
    stop: started.stop,
  };
}

/** A keep-alive HTTP client of the app; every request from another client address. */
function httpClient(origin: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let sent = 0;
  return {
    get(path: string): Promise<void> {
      sent += 1;
      const address = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
      return new Promise((resolve, reject) => {
        http
          .get(new URL(path, origin), { agent, headers: { 'x-forwarded-for': address } }, (response) => {
            response.resume();
            response.on('error', reject);
            response.on('end', () =>
              response.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${response.statusCode}`)),
            );
          })
          .on('error', reject);
      });
    },
    close: () => agent.destroy(),
  };
}

/** "the 3 statements" of a capture, as the floor's name says it. */
function statementsText(captured: CapturedSql): string {
  const count = captured.statements.length;
  return count === 1 ? '1 statement' : `${count} statements`;
}

async function measureEngine(engine: Engine, options: SuiteOptions): Promise<BenchRow[]> {
  const suite = `pages (${engine.label}, ${LISTINGS.toLocaleString('en-US')} listings)`;
  const bare = await bareSqlClient(engine.database);
  const seconds = await loadListings(bare, { listings: LISTINGS });
  options.log(`${suite}: ${LISTINGS.toLocaleString('en-US')} listings ready in ${seconds.toFixed(1)} s`);
  const ids = await publicListingIds(bare, DETAIL_PAGES);
  const origin = await engine.app.listen({ host: '127.0.0.1', port: 0 });
  const client = httpClient(origin);
  const capture = async (path: string): Promise<CapturedSql> =>
    captureSql(engine.database, async () => {
      const response = await engine.app.inject({ method: 'GET', url: path });
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    });
  try {
    const cases = [
      {
        name: 'listing detail (GET /api/listings/:id)',
        paths: ids.map((id) => `/api/listings/${id}`),
        iterations: ITERATIONS.detail,
      },
      {
        name: 'home rows (GET /api/listings/home)',
        paths: ['/api/listings/home'],
        iterations: ITERATIONS.home,
      },
      {
        // Asked by every listing page: what the same gear sold for (completed orders, 12 months).
        name: "a listing's price guide (GET /api/listings/:id/price-guide)",
        paths: ids.map((id) => `/api/listings/${id}/price-guide`),
        iterations: ITERATIONS.detail,
      },
    ];
    const rows: BenchRow[] = [];
    for (const { name, paths, iterations } of cases) {
      options.log(`${suite}: ${name}`);
      const captured: CapturedSql[] = [];
      for (const path of paths) captured.push(await capture(path));
      const endpoint = await measure((i) => client.get(paths[Math.abs(i) % paths.length]!), {
        iterations,
        warmup: WARMUP,
      });
      const sql = await measure(
        async (i) => {
          await bare.replay(captured[Math.abs(i) % captured.length]!);
        },
        { iterations, warmup: WARMUP },
      );
      rows.push({
        suite,
        name,
        timings: endpoint,
        floor: {
          name: `the same ${statementsText(captured[0]!)}, bare ${engine.label === 'PostgreSQL' ? 'pg' : 'PGlite'} client`,
          timings: sql,
        },
        floorRatio: ratioToFloor(endpoint, sql),
        budgets: BUDGETS,
        note: `over HTTP, one request at a time (keep-alive, client in-process), anonymous visitor, n=${iterations}${paths.length > 1 ? `, ${paths.length} listings in turn` : ''}`,
      });
    }
    if (!webBuilt()) {
      options.log(`${suite}: the web app is not built (npm run build): rendered pages skipped`);
      return rows;
    }
    const pages = [
      {
        name: 'marketplace page for a guest (GET /marketplace)',
        paths: ['/marketplace'],
        floor: {
          name: 'its API answer alone (GET /api/listings)',
          paths: ['/api/listings?sort=newest&page=1&pageSize=20'],
        },
      },
      {
        name: 'listing page for a guest (GET /marketplace/:id)',
        paths: ids.map((id) => `/marketplace/${id}`),
        floor: {
          name: 'its API answer alone (GET /api/listings/:id)',
          paths: ids.map((id) => `/api/listings/${id}`),
        },
      },
    ];
    let visit = 0;
    for (const page of pages) {
      options.log(`${suite}: ${page.name}`);
      // Every request a new address of the page (?visit=n, which the page ignores): the page
      // cache never has it, so each one is rendered.
      const rendered = await measure(
        (i) => client.get(`${page.paths[Math.abs(i) % page.paths.length]!}?visit=${++visit}`),
        { iterations: PAGE_ITERATIONS, warmup: WARMUP },
      );
      const api = await measure((i) => client.get(page.floor.paths[Math.abs(i) % page.floor.paths.length]!), {
        iterations: PAGE_ITERATIONS,
        warmup: WARMUP,
      });
      // The same addresses again and again, as guests open the same popular pages: rendered once
      // per PAGE_CACHE_SECONDS, sent from the cache in between.
      const cached = await measure((i) => client.get(page.paths[Math.abs(i) % page.paths.length]!), {
        iterations: PAGE_ITERATIONS,
        warmup: WARMUP,
      });
      const note = `HTML of the page with its data, over HTTP, one request at a time, n=${PAGE_ITERATIONS}`;
      rows.push(
        {
          suite,
          name: `${page.name}, rendered`,
          timings: rendered,
          floor: { name: page.floor.name, timings: api },
          floorRatio: ratioToFloor(rendered, api),
          budgets: PAGE_BUDGETS,
          note: `${note}; a new address each time, so never from the page cache`,
        },
        {
          suite,
          name: `${page.name}, from the page cache`,
          timings: cached,
          floor: { name: page.floor.name, timings: api },
          floorRatio: ratioToFloor(cached, api),
          budgets: BUDGETS,
          note: `${note}; ${page.paths.length} address${page.paths.length === 1 ? '' : 'es'} in turn, each rendered once per ${PAGE_CACHE_SECONDS} s (PAGE_CACHE_SECONDS)`,
        },
      );
    }
    return rows;
  } finally {
    client.close();
    await bare.close();
  }
}

/** Listing detail and home rows on PostgreSQL (when given) and PGlite. */
export const run: Suite = async (options) => {
  const labels: Engine['label'][] = options.databaseUrl ? ['PostgreSQL', 'PGlite'] : ['PGlite'];
  if (!options.databaseUrl) options.log('pages: no PostgreSQL server given: the PostgreSQL rows are skipped');
  const rows: BenchRow[] = [];
  for (const label of labels) {
    const engine = await startEngine(label, options.databaseUrl);
    try {
      rows.push(...(await measureEngine(engine, options)));
    } finally {
      await engine.stop();
    }
  }
  return rows;
};
