/**
 * Realtime delivery benchmark (not part of the test run): `npm run bench:realtime`.
 *
 * The server side runs in this process: the real app (embedded PGlite and in-process bus unless
 * told otherwise) on a free port of 127.0.0.1, with BENCH_SOCKETS members whose sessions are written
 * straight to the database as sign-in writes them. The clients run in a child process (the
 * load generator, this same file with `--load`), so that they do not take the server's CPU:
 * one WebSocket per member on /api/realtime, then for BENCH_SECONDS it sends BENCH_RATE
 * messages a second from random members to random members through POST /api/messages over
 * real HTTP. Delivery latency is the moment the recipient's socket receives `message.created`
 * minus the moment the message was due (its slot in the fixed-rate schedule, so a sender that
 * falls behind counts against the latency too).
 *
 * The floor is a bare `ws` relay server in this process with the same sockets and the same
 * directed messages (the sender's socket names the recipient; the server forwards the same
 * payload to the recipient and back to the sender, as the app does).
 *
 * Prints p50/p95/p99, delivered messages a second, lost and failed sends for both next to
 * budgets, and exits 1 when one is over.
 *
 * Knobs (environment):
 *   BENCH_SOCKETS       connected members (default 1000)
 *   BENCH_RATE          messages a second (default 40). Each send checks the session, writes
 *                       the message and its notification and reads the unread counts: on
 *                       embedded PGlite that is ~12 ms of its one database thread, so the app
 *                       saturates at about 60 a second; on PostgreSQL the app's own ~5 ms of
 *                       CPU a send is the limit (120–135 a second on a 2-core machine that also
 *                       runs the database and the clients).
 *   BENCH_SECONDS       how long messages are sent (default 10)
 *   BENCH_SEED          seed of the random sender/recipient pairs (default 1)
 *   BENCH_DATABASE_URL  run the app on a fresh database of this PostgreSQL server (a URL whose
 *                       user may create databases) instead of embedded PGlite
 *   BENCH_REDIS_URL     fan realtime events out through Redis pub/sub instead of in-process
 */
import { fork } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import WebSocket, { WebSocketServer } from 'ws';
import { REALTIME_PATH } from '@castline/shared';
import { SESSION_COOKIE_PREFIX } from '../apps/server/src/modules/accounts/auth.js';
import { createRedisBus, type EventBus } from '../apps/server/src/platform/bus/event-bus.js';
import { BENCH_AUTH_SECRET, startBenchApp, startBenchAppOnPostgres } from './bench-app.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
const REDIS_URL = process.env.BENCH_REDIS_URL || undefined;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SEED = Number(process.env.BENCH_SEED ?? 1);
const MESSAGES = Math.round(RATE * SECONDS);
/** How long deliveries may still arrive after the last send before the rest count as lost. */
const DRAIN_MS = 5000;
/** Messages sent one by one before the measured run. */
const WARMUP = 50;
/** Sockets opened at once while connecting. */
const CONNECT_CONCURRENCY = 50;

/**
 * Budgets (ms) at the default rate; lost and failed sends must be zero on both sides. The
 * floor's are loose: it only shows that the machine and the measurement are sound (its tail
 * moves with whatever else the machine is doing).
 */
const BUDGETS = {
  app: { p50Ms: 50, p95Ms: 150, p99Ms: 300 },
  floor: { p50Ms: 10, p95Ms: 50, p99Ms: 200 },
};

interface Member {
  id: string;
  cookie: string;
  ip: string;
}

/** What the load generator is asked to do: connect every member to `url`, then send. */
type Job =
  | { phase: 'app'; url: string; members: Member[] }
  | { phase: 'floor'; url: string; members: Member[] }
  | { phase: 'exit' };

interface Result {
  connectMs: number;
  p50: number;
  p95: number;
  p99: number;
  delivered: number;
  perSecond: number;
  lost: number;
  failed: number;
  firstFailure: string | null;
  /** POST /api/messages round trips (app only). */
  send: { p50: number; p95: number; p99: number } | null;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A small seeded generator, so that both runs send the same pairs. */
function pairs(seed: number, members: number, count: number): [number, number][] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const list: [number, number][] = [];
  for (let i = 0; i < count; i += 1) {
    const from = Math.floor(next() * members);
    const to = (from + 1 + Math.floor(next() * (members - 1))) % members;
    list.push([from, to]);
  }
  return list;
}

const MEASURED = 'bench message ';
const contentOf = (index: number) => `${MEASURED}${index}`;
/** The measured message's index, or null for a warm-up message. */
const indexOf = (content: string) =>
  content.startsWith(MEASURED) ? Number(content.slice(MEASURED.length)) : null;

// ---------------------------------------------------------------------------------------------
// The load generator (child process): sockets, sends and latencies.

async function inBatches<T>(items: T[], size: number, run: (item: T, index: number) => Promise<void>) {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map((item, offset) => run(item, start + offset)));
  }
}

/** Opens a socket and resolves once the server said `ready`; later frames go to `onMessage`. */
function openWebSocket(url: string, headers: Record<string, string>, onMessage: (raw: string) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    let ready = false;
    socket.on('message', (raw) => {
      const text = String(raw);
      if (ready) return onMessage(text);
      if (text.includes('"ready"')) {
        ready = true;
        resolve(socket);
      }
    });
    socket.on('error', reject);
    socket.on('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused: ${response.statusCode}`)),
    );
  });
}

async function runLoad(job: Extract<Job, { url: string }>, sockets: WebSocket[]): Promise<Result> {
  const { members } = job;
  const schedule = pairs(SEED, members.length, MESSAGES);
  const latency: (number | undefined)[] = [];
  let delivered = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  let firstDue = 0;
  let lastDelivery = 0;
  const onDelivery = (member: Member) => (raw: string) => {
    if (!raw.includes('"message.created"')) return;
    const received = performance.now();
    const event = JSON.parse(raw) as { message: { recipient_id: string; content: string } };
    if (event.message.recipient_id !== member.id) return;
    const index = indexOf(event.message.content);
    if (index === null || latency[index] !== undefined) return;
    latency[index] = received - (firstDue + (index * 1000) / RATE);
    delivered += 1;
    lastDelivery = received;
  };

  const connectStarted = performance.now();
  await inBatches(members, CONNECT_CONCURRENCY, async (member, i) => {
    sockets[i] =
      job.phase === 'app'
        ? await openWebSocket(
            `${job.url.replace(/^http/, 'ws')}${REALTIME_PATH}`,
            // Each member is a client of its own (per-IP limits apply per member, as in production).
            { cookie: member.cookie, 'x-forwarded-for': member.ip },
            onDelivery(member),
          )
        : await openWebSocket(`${job.url}/?id=${i}`, {}, onDelivery(member));
  });
  const connectMs = performance.now() - connectStarted;

  const sendTimes: number[] = [];
  /** Sends one message; resolves with the POST round trip (app) or 0 (floor). */
  const sendOne = async (from: number, to: number, content: string): Promise<number> => {
    const sender = members[from]!;
    const recipient = members[to]!;
    if (job.phase === 'floor') {
      const now = new Date().toISOString();
      // The same shape and size of payload the app sends.
      sockets[from]!.send(
        JSON.stringify({
          to,
          message: {
            id: randomUUID(),
            conversation_id: `${sender.id}_${recipient.id}`,
            sender_id: sender.id,
            recipient_id: recipient.id,
            content,
            type: 'chat',
            read: false,
            read_at: null,
            client_id: randomUUID(),
            product_id: null,
            created_at: now,
            updated_at: now,
          },
        }),
      );
      return 0;
    }
    const started = performance.now();
    const response = await fetch(`${job.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sender.cookie, 'x-forwarded-for': sender.ip },
      body: JSON.stringify({
        content,
        recipient_id: recipient.id,
        client_id: randomUUID(),
      }),
    });
    const body = await response.text();
    if (response.status !== 201) throw new Error(`${response.status} ${body.slice(0, 200)}`);
    return performance.now() - started;
  };
  const send = async (index: number): Promise<void> => {
    const [from, to] = schedule[index]!;
    const took = await sendOne(from, to, contentOf(index));
    if (job.phase === 'app') sendTimes.push(took);
  };

  // Warm-up (not measured): the first sends compile the code paths and prepare the statements.
  for (let i = 0; i < WARMUP; i += 1) await sendOne(i % members.length, (i + 1) % members.length, 'warm-up');

  // Every message at its slot; then wait until all are in or DRAIN_MS passed.
  const interval = 1000 / RATE;
  firstDue = performance.now() + 50;
  const pending: Promise<void>[] = [];
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      while (sent < MESSAGES && firstDue + sent * interval <= performance.now()) {
        pending.push(
          send(sent).catch((error: unknown) => {
            failed += 1;
            firstFailure ??= error instanceof Error ? error.message : String(error);
          }),
        );
        sent += 1;
      }
      if (sent >= MESSAGES) return resolve();
      setTimeout(tick, Math.max(0, Math.min(5, firstDue + sent * interval - performance.now())));
    };
    tick();
  });
  await Promise.all(pending);
  const deadline = performance.now() + DRAIN_MS;
  while (delivered + failed < MESSAGES && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const times = latency.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  sendTimes.sort((a, b) => a - b);
  return {
    connectMs,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    delivered: times.length,
    perSecond: (times.length / Math.max(1, lastDelivery - firstDue)) * 1000,
    lost: MESSAGES - failed - times.length,
    failed,
    firstFailure,
    send:
      job.phase === 'app'
        ? { p50: percentile(sendTimes, 50), p95: percentile(sendTimes, 95), p99: percentile(sendTimes, 99) }
        : null,
  };
}

if (process.argv[2] === '--load') {
  let sockets: WebSocket[] = [];
  // The benchmark process went away (finished or failed): so does its load generator.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (job: Job) => {
    for (const socket of sockets) socket?.terminate();
    sockets = [];
    if (job.phase === 'exit') process.exit(0);
    runLoad(job, sockets).then(
      (result) => process.send!(result),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------
// The servers (this process) and the report.

async function main(): Promise<void> {
  const load = fork(fileURLToPath(import.meta.url), ['--load'], { execArgv: ['--import', 'tsx'] });
  load.on('exit', (code) => {
    if (code) {
      console.error(`the load generator stopped (exit ${code})`);
      process.exit(1);
    }
  });
  const ask = (job: Job) =>
    new Promise<Result>((resolve) => {
      load.once('message', (result) => resolve(result as Result));
      load.send(job);
    });

  const setupStarted = performance.now();
  let redis: Redis | undefined;
  let bus: EventBus | undefined;
  if (REDIS_URL) {
    redis = new Redis(REDIS_URL, { lazyConnect: true });
    await redis.connect();
    bus = await createRedisBus(redis, `castline-bench:${process.pid}:${randomBytes(3).toString('hex')}:`);
  }
  const options = { env: { TRUST_PROXY: 'true' }, ...(bus ? { bus } : {}) };
  const { app, database, stop } = DATABASE_URL
    ? await startBenchAppOnPostgres('bench-realtime', DATABASE_URL, options)
    : await startBenchApp('bench-realtime', options);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  // Members (the profile trigger creates their profiles) and a session each, as sign-in makes them.
  await database.db.execute(
    sql.raw(`insert into users (name, email, email_verified)
      select 'rt_' || g, 'rt' || g || '@bench.test', true from generate_series(1, ${SOCKETS}) g`),
  );
  const inserted = await database.db.execute(
    sql.raw(`insert into sessions (token, user_id, expires_at)
      select md5(random()::text || id::text) || md5(random()::text), id, now() + interval '1 day'
      from users where email like 'rt%@bench.test' order by email
      returning token, user_id`),
  );
  const sessions = (inserted as unknown as { rows: { token: string; user_id: string }[] }).rows;
  const members: Member[] = sessions.map(({ token, user_id }, i) => {
    // The cookie better-auth sets: the token, a dot and its HMAC-SHA256 signature (base64).
    const signature = createHmac('sha256', BENCH_AUTH_SECRET).update(token).digest('base64');
    return {
      id: user_id,
      cookie: `${SESSION_COOKIE_PREFIX}.session_token=${encodeURIComponent(`${token}.${signature}`)}`,
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    };
  });
  const me = await app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { cookie: members[0]!.cookie },
  });
  if (me.statusCode !== 200)
    throw new Error(`a written session is not accepted: ${me.statusCode} ${me.body}`);
  console.log(
    `${SOCKETS.toLocaleString('en-US')} members ready in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; connecting and sending…`,
  );

  const appResult = await ask({ phase: 'app', url: address, members });
  // Closing the app closes its sockets; the load generator drops its side with the next job.
  await stop();
  await bus?.close();
  await redis?.quit();

  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const byMember = new Map<number, WebSocket>();
  server.on('connection', (socket, request) => {
    const id = Number(new URL(request.url ?? '/', 'http://floor').searchParams.get('id'));
    byMember.set(id, socket);
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { to: number; message: Record<string, unknown> };
      const event = JSON.stringify({ type: 'message.created', message: frame.message });
      byMember.get(frame.to)?.send(event);
      socket.send(event);
    });
    socket.send(JSON.stringify({ type: 'ready' }));
  });
  const floorResult = await ask({
    phase: 'floor',
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    members,
  });
  load.send({ phase: 'exit' } satisfies Job);
  for (const socket of server.clients) socket.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));

  const f = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(1));
  console.log(
    `\nRealtime delivery: ${SOCKETS.toLocaleString('en-US')} sockets, ${RATE} msg/s for ${SECONDS} s (${MESSAGES.toLocaleString('en-US')} directed messages); ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${REDIS_URL ? 'Redis' : 'in-process'} bus; server in-process, clients in a child process:`,
  );
  console.log(
    `     ${'server'.padEnd(40)} ${'latency p50 / p95 / p99 ms'.padEnd(28)} ${'delivered/s'.padStart(11)} ${'lost'.padStart(5)} ${'failed'.padStart(6)}   budget p50 / p95 / p99`,
  );
  let allWithinBudget = true;
  for (const [name, result, budget] of [
    ['Castline (POST /api/messages → socket)', appResult, BUDGETS.app],
    ['bare ws relay (floor)', floorResult, BUDGETS.floor],
  ] as const) {
    const ok =
      result.lost === 0 &&
      result.failed === 0 &&
      result.p50 <= budget.p50Ms &&
      result.p95 <= budget.p95Ms &&
      result.p99 <= budget.p99Ms;
    allWithinBudget &&= ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${name.padEnd(40)} ${`${f(result.p50)} / ${f(result.p95)} / ${f(result.p99)}`.padEnd(28)} ${result.perSecond.toFixed(0).padStart(11)} ${String(result.lost).padStart(5)} ${String(result.failed).padStart(6)}   ${budget.p50Ms} / ${budget.p95Ms} / ${budget.p99Ms}`,
    );
    if (result.firstFailure) console.log(`     first failed send: ${result.firstFailure}`);
  }
  const send = appResult.send!;
  console.log(
    `\nPOST /api/messages round trip p50 / p95 / p99: ${f(send.p50)} / ${f(send.p95)} / ${f(send.p99)} ms. Sockets opened in ${(appResult.connectMs / 1000).toFixed(1)} s (app) and ${(floorResult.connectMs / 1000).toFixed(1)} s (floor).`,
  );
  process.exit(allWithinBudget ? 0 : 1);
}
