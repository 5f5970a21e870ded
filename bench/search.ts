/**
 * Marketplace search benchmark (not part of the test run): `npm run bench:search`.
 * Loads 100,000 generated listings into a fresh PGlite database, then measures GET /api/listings
 * (in-process, through Fastify, validation and presenters) for common filter combinations, next
 * to the very same SQL statements replayed directly on the database. Prints p50/p95/p99 and
 * requests per second against budgets and exits 1 when one is over.
 */
import { startBenchApp } from './bench-app.js';
import { DEMO_PLACES } from '../apps/server/src/seed/listing-catalog.js';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const SELLERS = 500;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60);

interface Scenario {
  name: string;
  url: string;
  /** Budgets for the endpoint (ms). */
  p50Ms: number;
  p95Ms: number;
}

/*
 * The generated titles are deliberately repetitive (one in eight carries each brand), so a
 * typo-tolerant search for a brand ranks ~12,500 matches: the heaviest case, budgeted apart.
 */
const SCENARIOS: Scenario[] = [
  { name: 'newest (no filter)', url: '/api/listings', p50Ms: 40, p95Ms: 80 },
  { name: 'category + price range', url: '/api/listings?category=reels&price=100-400', p50Ms: 40, p95Ms: 80 },
  {
    name: 'category + condition + gear type, price asc',
    url: '/api/listings?category=rods&condition=good,like%20new&gear_types=Saltwater&sort=price_asc',
    p50Ms: 60,
    p95Ms: 120,
  },
  { name: 'full-text "shimano spinning"', url: '/api/listings?q=shimano%20spinning', p50Ms: 120, p95Ms: 250 },
  { name: 'typo "shimno"', url: '/api/listings?q=shimno', p50Ms: 250, p95Ms: 400 },
  {
    name: '50 miles around Austin, by distance',
    url: '/api/listings?lat=30.2672&lng=-97.7431&radius=50&sort=distance',
    p50Ms: 80,
    p95Ms: 160,
  },
  {
    name: 'radius + category + price',
    url: '/api/listings?lat=41.8781&lng=-87.6298&radius=100&category=combo&price=50-300',
    p50Ms: 80,
    p95Ms: 160,
  },
  { name: 'deep page (page 50)', url: '/api/listings?page=50', p50Ms: 60, p95Ms: 120 },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(iterations: number, run: () => Promise<void>) {
  for (let i = 0; i < 3; i += 1) await run();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    perSecond: (iterations / elapsed) * 1000,
  };
}

const { app, client, stop } = await startBenchApp('bench-search');

// Sellers (the profile trigger creates their profiles), then listings in batches.
const loadStarted = performance.now();
await client.query(`
  insert into users (name, email, email_verified)
  select 'seller_' || g, 'seller' || g || '@bench.test', true from generate_series(1, ${SELLERS}) g`);
const places = DEMO_PLACES.map(([, lat, lng]) => `(${lat}, ${lng})`).join(',');
const BATCH = 10_000;
for (let offset = 0; offset < LISTINGS; offset += BATCH) {
  await client.query(`
    with sellers as (select array_agg(id) as ids from profiles),
    places(lat, lng) as (values ${places}),
    place_list as (select array_agg(lat) as lats, array_agg(lng) as lngs, count(*) as n from places)
    insert into products (
      title, description, price, condition, category, gear_types, images, seller_id, location,
      location_lat, location_lng, brand, rod_power_rating, reel_type, moderation_status, is_featured, created_at
    )
    select
      (array['Shimano','Daiwa','Penn','Abu Garcia','St. Croix','Ugly Stik','Okuma','Fenwick'])[1 + g % 8] || ' ' ||
        (array['Stradic','Tatula','Slammer','Revo','Mojo','GX2','Ceymar','HMG','Curado','Saltist'])[1 + (g / 8) % 10] || ' ' ||
        (array['spinning reel','baitcasting reel','casting rod','spinning rod','combo','lure kit','tackle box'])[1 + (g / 80) % 7],
      'Demo listing ' || g || ' in great shape, fished a few seasons and well looked after.',
      round((5 + (g * 7919 % 99500) / 100.0)::numeric, 2),
      (array['new','like new','good','fair','poor'])[1 + g % 5],
      (array['rods','reels','combo','tackle','accessories'])[1 + (g / 3) % 5],
      case (g / 5) % 4 when 0 then array['Freshwater'] when 1 then array['Saltwater'] when 2 then array['Fly Fishing'] else array['Freshwater', 'Saltwater'] end,
      array['/files/product-images/bench.webp'],
      sellers.ids[1 + g % array_length(sellers.ids, 1)],
      'Bench place ' || (g % place_list.n),
      place_list.lats[1 + g % place_list.n] + ((g * 37 % 200) - 100) / 400.0,
      place_list.lngs[1 + g % place_list.n] + ((g * 53 % 200) - 100) / 400.0,
      (array['Shimano','Daiwa','Penn','Abu Garcia'])[1 + g % 4],
      (array['Light','Medium','Medium Heavy','Heavy'])[1 + g % 4],
      (array['spinning','baitcasting','conventional'])[1 + g % 3],
      case when g % 10 = 0 then 'pending' else 'active' end,
      g % 97 = 0,
      now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(${offset + 1}, ${Math.min(offset + BATCH, LISTINGS)}) g, sellers, place_list`);
  process.stdout.write(`\rloaded ${Math.min(offset + BATCH, LISTINGS).toLocaleString('en-US')} listings`);
}
await client.query('vacuum analyze products');
console.log(` in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

/** Records the SQL statements one request runs (transactions included), so that they can be replayed directly. */
async function capture(url: string): Promise<{ sql: string; params: unknown[] }[]> {
  const statements: { sql: string; params: unknown[] }[] = [];
  type Queryable = Pick<typeof client, 'query'>;
  const record = (target: Queryable) => {
    const original = target.query.bind(target);
    target.query = (async (sql: string, params?: unknown[], options?: unknown) => {
      statements.push({ sql, params: params ?? [] });
      return original(sql, params as never, options as never);
    }) as typeof client.query;
    return () => {
      target.query = original;
    };
  };
  const restoreQuery = record(client);
  const originalTransaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Queryable) => Promise<unknown>) =>
    originalTransaction(async (tx) => {
      record(tx);
      return callback(tx);
    })) as typeof client.transaction;
  try {
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  } finally {
    restoreQuery();
    client.transaction = originalTransaction;
  }
  return statements;
}

console.log(
  `\nGET /api/listings over ${LISTINGS.toLocaleString('en-US')} listings (in-process, PGlite, one core, n=${ITERATIONS}):`,
);
console.log(
  `${'scenario'.padEnd(44)} ${'endpoint p50/p95/p99 ms'.padEnd(26)} ${'req/s'.padStart(6)}   ${'SQL only p50/p95/p99 ms'.padEnd(26)} budget p50/p95`,
);
let allWithinBudget = true;
for (const scenario of SCENARIOS) {
  const statements = await capture(scenario.url);
  const endpoint = await time(ITERATIONS, async () => {
    const response = await app.inject({ method: 'GET', url: scenario.url });
    if (response.statusCode !== 200) throw new Error(response.body);
  });
  const direct = await time(ITERATIONS, async () => {
    await client.transaction(async (tx) => {
      for (const { sql, params } of statements) await tx.query(sql, params);
    });
  });
  if (process.env.BENCH_EXPLAIN === scenario.name) {
    await client.transaction(async (tx) => {
      for (const { sql, params } of statements) {
        const plan = await tx.query<{ 'QUERY PLAN': string }>(`explain analyze ${sql}`, params);
        console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
    });
  }
  const ok = endpoint.p50 <= scenario.p50Ms && endpoint.p95 <= scenario.p95Ms;
  allWithinBudget &&= ok;
  const f = (n: number) => n.toFixed(1);
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${scenario.name.padEnd(39)} ${`${f(endpoint.p50)} / ${f(endpoint.p95)} / ${f(endpoint.p99)}`.padEnd(26)} ${endpoint.perSecond.toFixed(0).padStart(6)}   ${`${f(direct.p50)} / ${f(direct.p95)} / ${f(direct.p99)}`.padEnd(26)} ${scenario.p50Ms} / ${scenario.p95Ms}`,
  );
}

await stop();
process.exit(allWithinBudget ? 0 : 1);
