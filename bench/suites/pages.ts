/**
 * The API behind the web app's pages: a listing's detail (GET /api/listings/:id), its price guide
 * (GET /api/listings/:id/price-guide) and the home page's rows (GET /api/listings/home, what
 * useHomeListings fetches), over 5,000 generated listings (each sold one with its completed order), on PostgreSQL (when a server is given) and on embedded PGlite.
 * The forum's reads too, over a forum of 2,000 topics (bench/lib/forum-data.ts): its list for a
 * guest, Latest and Unread for a signed-in member with reading state, Top of the month, and a topic
 * with 500 comments for a guest and for the member: its answer with the first page of comments and
 * each later page, in turn, as the topic page fetches them.
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
  signedInMembers,
  startBenchApp,
  startBenchAppOnPostgres,
  type BenchDatabase,
  type CapturedSql,
} from '../lib/bench-app.js';
import { FORUM_LIMITS } from '@castline/shared';
import type { DatabaseHandle } from '../../apps/server/src/db/client.js';
import { serverEntryPath } from '../../apps/server/src/http/page-prerender.js';
import { loadForum } from '../lib/forum-data.js';
import { loadListings, publicListingIds } from '../lib/listings-data.js';
import { ratioToFloor, type BenchRow, type Suite, type SuiteOptions } from '../lib/report.js';
import { measure } from '../lib/stats.js';

const LISTINGS = 5_000;
/** Listings whose detail pages are requested in turn. */
const DETAIL_PAGES = 20;
const ITERATIONS = { detail: 400, home: 300, forumList: 300, topic: 200 };
/** The bench forum (bench/lib/forum-data.ts): published topics, and the comments of its long topic. */
const FORUM_TOPICS = 2_000;
const LONG_TOPIC_COMMENTS = 500;
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
  /** The app's database handle (for signedInMembers). */
  handle: DatabaseHandle;
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
      handle: started.database,
      stop: started.stop,
    };
  }
  const started = await startBenchApp('bench-pages', options);
  return {
    label,
    app: started.app,
    database: { engine: 'pglite', client: started.client },
    handle: started.database,
    stop: started.stop,
  };
}

/**
 * A keep-alive HTTP client of the app; every request from another client address, with `headers`
 * when given (a signed-in member's cookie).
 */
function httpClient(origin: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let sent = 0;
  return {
    get(path: string, headers: Record<string, string> = {}): Promise<void> {
      sent += 1;
      const address = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
      return new Promise((resolve, reject) => {
        http
          .get(
            new URL(path, origin),
            { agent, headers: { ...headers, 'x-forwarded-for': address } },
            (response) => {
              response.resume();
              response.on('error', reject);
              response.on('end', () =>
                response.statusCode === 200
                  ? resolve()
                  : reject(new Error(`${path}: ${response.statusCode}`)),
              );
            },
          )
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

/** One read measured against its SQL floor. */
interface ApiCase {
  name: string;
  paths: string[];
  iterations: number;
  /** The suite the row belongs to (the listings' by default). */
  suite?: string;
  /** Who asks: a guest (the default), or a member's `cookie` header. */
  member?: { cookie: string; label: string };
  /** What `paths` are, in the note ("listings" by default). */
  inTurn?: string;
  /** Said in the note after who asks. */
  note?: string;
}

async function measureEngine(engine: Engine, options: SuiteOptions): Promise<BenchRow[]> {
  const suite = `pages (${engine.label}, ${LISTINGS.toLocaleString('en-US')} listings)`;
  const forumSuite = `pages (${engine.label}, forum of ${FORUM_TOPICS.toLocaleString('en-US')} topics)`;
  const bare = await bareSqlClient(engine.database);
  const seconds = await loadListings(bare, { listings: LISTINGS });
  options.log(`${suite}: ${LISTINGS.toLocaleString('en-US')} listings ready in ${seconds.toFixed(1)} s`);
  const ids = await publicListingIds(bare, DETAIL_PAGES);
  // A member who reads the forum: likes, a few comments, and read positions in ~200 topics.
  const [reader] = await signedInMembers(engine.handle, 1, 'forum_reader');
  const forum = await loadForum(bare, {
    topics: FORUM_TOPICS,
    longTopicComments: LONG_TOPIC_COMMENTS,
    memberId: reader!.id,
  });
  options.log(
    `${forumSuite}: ${forum.comments.toLocaleString('en-US')} comments, ${forum.readTopics} topics read by the member, ready in ${forum.seconds.toFixed(1)} s`,
  );
  const member = {
    cookie: reader!.cookie,
    label: `a signed-in member (read positions in ${forum.readTopics} topics)`,
  };
  const origin = await engine.app.listen({ host: '127.0.0.1', port: 0 });
  const client = httpClient(origin);
  const capture = async (path: string, headers: Record<string, string> = {}): Promise<CapturedSql> =>
    captureSql(engine.database, async () => {
      const response = await engine.app.inject({ method: 'GET', url: path, headers });
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    });
  try {
    const gearTalk = encodeURIComponent('Gear Talk');
    const reports = encodeURIComponent('Fishing Reports');
    const forumNote = `${FORUM_TOPICS.toLocaleString('en-US')} topics`;
    // The long topic's answer holds its first comments; the rest come a page at a time after a
    // cursor, as the topic page fetches them: every page of it is one of the reads measured.
    const topicPaths = [`/api/forum/posts/${forum.longTopicId}`];
    {
      const first = await engine.app.inject({ method: 'GET', url: topicPaths[0]! });
      let next = (first.json() as { comments_next: string | null }).comments_next;
      while (next) {
        const path = `/api/forum/posts/${forum.longTopicId}/comments?after=${next}`;
        topicPaths.push(path);
        next = ((await engine.app.inject({ method: 'GET', url: path })).json() as { next: string | null })
          .next;
      }
    }
    const cases: ApiCase[] = [
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
      {
        // The forum page as a guest opens it (newest first, pinned topics on top), its next pages
        // and two categories.
        name: 'forum list (GET /api/forum/posts)',
        suite: forumSuite,
        paths: [
          '/api/forum/posts',
          '/api/forum/posts?page=2',
          '/api/forum/posts?page=5',
          `/api/forum/posts?category=${gearTalk}`,
          `/api/forum/posts?category=${reports}&page=2`,
        ],
        iterations: ITERATIONS.forumList,
        inTurn: 'pages and categories',
        note: forumNote,
      },
      {
        name: 'forum list, Latest for a member (GET /api/forum/posts?sort=latest)',
        suite: forumSuite,
        paths: ['/api/forum/posts?sort=latest', '/api/forum/posts?sort=latest&page=2'],
        iterations: ITERATIONS.forumList,
        member,
        inTurn: 'pages',
        note: `${forumNote}, with unread counts`,
      },
      {
        name: 'forum Unread for a member (GET /api/forum/posts?view=unread)',
        suite: forumSuite,
        paths: ['/api/forum/posts?view=unread', '/api/forum/posts?view=unread&page=2'],
        iterations: ITERATIONS.forumList,
        member,
        inTurn: 'pages',
        note: `${forumNote}, the member's opened topics with unread comments`,
      },
      {
        name: 'forum Top of the month (GET /api/forum/posts?sort=top&period=month)',
        suite: forumSuite,
        paths: ['/api/forum/posts?sort=top&period=month', '/api/forum/posts?sort=top&period=month&page=2'],
        iterations: ITERATIONS.forumList,
        inTurn: 'pages',
        note: `${forumNote}, likes of the last 30 days counted per topic`,
      },
      {
        name: `a topic with ${LONG_TOPIC_COMMENTS} comments, page by page (GET /api/forum/posts/:id, then …/comments?after=), guest`,
        suite: forumSuite,
        paths: topicPaths,
        iterations: ITERATIONS.topic,
        inTurn: 'pages of comments',
        note: `${LONG_TOPIC_COMMENTS} comments, a third of them replies, ${FORUM_LIMITS.commentsPage} a page`,
      },
      {
        name: `a topic with ${LONG_TOPIC_COMMENTS} comments, page by page (GET /api/forum/posts/:id, then …/comments?after=), member`,
        suite: forumSuite,
        paths: topicPaths,
        iterations: ITERATIONS.topic,
        member,
        inTurn: 'pages of comments',
        note: `${LONG_TOPIC_COMMENTS} comments, a third of them replies, ${FORUM_LIMITS.commentsPage} a page; the member has read half of them`,
      },
    ];
    const rows: BenchRow[] = [];
    for (const { name, paths, iterations, ...about } of cases) {
      const rowSuite = about.suite ?? suite;
      const headers: Record<string, string> = about.member ? { cookie: about.member.cookie } : {};
      options.log(`${rowSuite}: ${name}`);
      const captured: CapturedSql[] = [];
      for (const path of paths) captured.push(await capture(path, headers));
      const endpoint = await measure((i) => client.get(paths[Math.abs(i) % paths.length]!, headers), {
        iterations,
        warmup: WARMUP,
      });
      const sql = await measure(
        async (i) => {
          await bare.replay(captured[Math.abs(i) % captured.length]!);
        },
        { iterations, warmup: WARMUP },
      );
      const who = about.member?.label ?? 'anonymous visitor';
      const turn = paths.length > 1 ? `, ${paths.length} ${about.inTurn ?? 'listings'} in turn` : '';
      rows.push({
        suite: rowSuite,
        name,
        timings: endpoint,
        floor: {
          name: `the same ${statementsText(captured[0]!)}, bare ${engine.label === 'PostgreSQL' ? 'pg' : 'PGlite'} client`,
          timings: sql,
        },
        floorRatio: ratioToFloor(endpoint, sql),
        budgets: BUDGETS,
        note: `over HTTP, one request at a time (keep-alive, client in-process), ${who}${about.note ? `, ${about.note}` : ''}, n=${iterations}${turn}`,
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

/** Listing detail, home rows and the forum's reads on PostgreSQL (when given) and PGlite. */
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
