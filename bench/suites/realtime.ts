/**
 * Realtime delivery: 5,000 members' sockets, directed messages sent at a fixed rate, the time from
 * a message's slot until its recipient's socket hears it. Budget: p99 ≤ 50 ms, none lost.
 *
 * Memory per socket: what the servers' heaps (JavaScript and external buffers) hold after the run
 * with every socket still open, over what they held before the first socket, both collected, per
 * socket (budget ≤ 20 KB); the resident memory's rise while the clients connect is in the note.
 *
 * With PostgreSQL and Redis (SuiteOptions.databaseUrl, .redisUrl), the servers are two processes
 * of the built server (apps/server/src/main.ts, bundled as for production), as two instances
 * behind a load balancer are: one database, one Redis, each instance its own pool, bus, heap and
 * event loop. Their memory is read inside each process through Node's inspector (collected,
 * then process.memoryUsage()). Without both, one instance of the real app runs in this process
 * (PostgreSQL when only the database is given, else embedded PGlite) with the in-process bus,
 * its memory read here (`npm run bench` passes --expose-gc; without it the figure is not
 * measured); the row's suite says which. Members (the profile trigger makes their profiles) and
 * their sessions are written straight to the database as sign-in writes them.
 *
 * The clients run in a child process (this file with `--load`), so that they do not take the
 * servers' CPU: one WebSocket per member on /api/realtime, member i on instance i mod 2. Then,
 * at a fixed rate, messages from seeded random members to seeded random members through
 * POST /api/messages of a seeded random instance over real HTTP, so that about half the
 * recipients sit on the other instance than the one that took the message. Delivery latency is
 * the moment the recipient's socket receives `message.created` minus the message's slot in the
 * schedule (a sender that falls behind counts against it too); a message not delivered within
 * DRAIN_MS after the last slot counts with the time waited for it.
 *
 * The floor is a bare `ws` relay server in this process with the same sockets and the same
 * directed messages (the sender's socket names the recipient; the server forwards the same
 * payload to the recipient and back to the sender, as the app does).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { REALTIME_PATH } from '@castline/shared';
import type { DatabaseHandle } from '../../apps/server/src/db/client.js';
import {
  BENCH_AUTH_SECRET,
  signedInMembers,
  startBenchApp,
  startBenchAppOnPostgres,
} from '../lib/bench-app.js';
import { builtServerOnFreshDatabase, inspectedInstance, type ServerInstance } from '../lib/fault-servers.js';
import { residentBytes, type InspectorSession } from '../lib/inspector.js';
import { forkLoadGenerator, isLoadGenerator, serveLoadJobs } from '../lib/load-generator.js';
import type { BenchRow, Budget, Suite } from '../lib/report.js';
import { summarize, type Timings } from '../lib/stats.js';
import { seeded } from '../lib/seeded.js';

/** Connected members. */
const SOCKETS = 5000;
/**
 * Messages a second. On PostgreSQL each send costs its instance ~5 ms of CPU, so 40 a second
 * stays well inside what even one instance sends. Embedded PGlite runs its one database thread on
 * the app's own event loop (~12 ms a send) and saturates near 60 a second on a quiet machine:
 * the fallback sends half as many.
 */
const RATE = { postgres: 40, pglite: 20 };
/** How long messages are sent (`--full`: longer, for a steadier tail). */
const SECONDS = { default: 15, full: 45 };
const SEED = 1;
/** How long deliveries may still arrive after the last slot before the rest count as lost. */
const DRAIN_MS = 5000;
/** Messages sent one by one through each instance before the measured run. */
const WARMUP_PER_INSTANCE = 30;
/** Sockets opened at once while connecting. */
const CONNECT_CONCURRENCY = 50;
const BUDGETS: Budget[] = [
  { metric: 'p99', kind: 'max', limit: 50 },
  { metric: 'metrics.lost', kind: 'max', limit: 0 },
];
/** The servers' resident memory for each connected socket, at most (KB). */
const MEMORY_PER_SOCKET_KB = 20;

interface Member {
  id: string;
  cookie: string;
  /** Each member is a client of its own (per-IP limits apply per member, as in production). */
  ip: string;
  /** The instance its socket is connected to. */
  instance: number;
}

/** One directed message: sender, recipient and the instance whose POST /api/messages takes it. */
interface Send {
  from: number;
  to: number;
  via: number;
}

/** What the load generator is asked to do: connect every member, then send the schedule. */
type Job =
  | { phase: 'app'; urls: string[]; members: Member[]; schedule: Send[]; rate: number }
  | { phase: 'floor'; urls: string[]; members: Member[]; schedule: Send[]; rate: number };

/** What the load generator answers for one job. */
interface LoadResult {
  connectMs: number;
  /** Per message of the schedule: ms from its slot to its delivery, or null when it never came. */
  latency: (number | null)[];
  /** ms from the first slot until the last delivery. */
  spanMs: number;
  failed: number;
  firstFailure: string | null;
  /** POST /api/messages round trips, ms (app only). */
  sendTimes: number[];
}

/** `count` messages between distinct random members, each through a random instance. */
function scheduleOf(members: number, instances: number, count: number): Send[] {
  const next = seeded(SEED);
  return Array.from({ length: count }, () => {
    const from = Math.floor(next() * members);
    const to = (from + 1 + Math.floor(next() * (members - 1))) % members;
    return { from, to, via: Math.floor(next() * instances) };
  });
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

/** The frame a floor sender sends: the recipient and the same payload the app delivers. */
function floorFrame(to: number, sender: Member, recipient: Member, content: string): string {
  const now = new Date().toISOString();
  return JSON.stringify({
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
  });
}

async function runLoad(job: Job, sockets: WebSocket[]): Promise<LoadResult> {
  const { members, schedule, rate } = job;
  const latency: (number | null)[] = schedule.map(() => null);
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
    if (index === null || latency[index] !== null) return;
    latency[index] = received - (firstDue + (index * 1000) / rate);
    delivered += 1;
    lastDelivery = received;
  };

  const connectStarted = performance.now();
  await inBatches(members, CONNECT_CONCURRENCY, async (member, i) => {
    sockets[i] =
      job.phase === 'app'
        ? await openWebSocket(
            `${job.urls[member.instance]!.replace(/^http/, 'ws')}${REALTIME_PATH}`,
            { cookie: member.cookie, 'x-forwarded-for': member.ip },
            onDelivery(member),
          )
        : await openWebSocket(`${job.urls[0]}/?id=${i}`, {}, onDelivery(member));
  });
  const connectMs = performance.now() - connectStarted;

  const sendTimes: number[] = [];
  const sendOne = async ({ from, to, via }: Send, content: string): Promise<void> => {
    const sender = members[from]!;
    const recipient = members[to]!;
    if (job.phase === 'floor') {
      sockets[from]!.send(floorFrame(to, sender, recipient, content));
      return;
    }
    const started = performance.now();
    const response = await fetch(`${job.urls[via]}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sender.cookie, 'x-forwarded-for': sender.ip },
      body: JSON.stringify({ content, recipient_id: recipient.id, client_id: randomUUID() }),
    });
    const body = await response.text();
    if (response.status !== 201) throw new Error(`${response.status} ${body.slice(0, 200)}`);
    sendTimes.push(performance.now() - started);
  };

  // Warm-up (not measured): the first sends through each instance compile the code paths and
  // prepare the statements.
  const instances = job.urls.length;
  for (let i = 0; i < WARMUP_PER_INSTANCE * instances; i += 1) {
    const from = (i * 7) % members.length;
    await sendOne({ from, to: (from + 1) % members.length, via: i % instances }, 'warm-up');
  }
  sendTimes.length = 0;

  // Every message at its slot; then wait until all are in or DRAIN_MS passed.
  const interval = 1000 / rate;
  firstDue = performance.now() + 50;
  const pending: Promise<void>[] = [];
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      while (sent < schedule.length && firstDue + sent * interval <= performance.now()) {
        pending.push(
          sendOne(schedule[sent]!, contentOf(sent)).catch((error: unknown) => {
            failed += 1;
            firstFailure ??= error instanceof Error ? error.message : String(error);
          }),
        );
        sent += 1;
      }
      if (sent >= schedule.length) return resolve();
      setTimeout(tick, Math.max(0, Math.min(5, firstDue + sent * interval - performance.now())));
    };
    tick();
  });
  await Promise.all(pending);
  const deadline = firstDue + (schedule.length * 1000) / rate + DRAIN_MS;
  while (delivered + failed < schedule.length && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    connectMs,
    latency,
    spanMs: Math.max(1, lastDelivery - firstDue),
    failed,
    firstFailure,
    sendTimes,
  };
}

/** The child's side: runs each job it is sent and answers its result. */
function startLoadGenerator(): void {
  let sockets: WebSocket[] = [];
  serveLoadJobs<Job, LoadResult>(
    (job) => runLoad(job, sockets),
    () => {
      for (const socket of sockets) socket.terminate();
      sockets = [];
    },
  );
}

// ---------------------------------------------------------------------------------------------
// The servers (this process) and the rows.

/** `count` signed-in members, member i a client of its own on instance i mod `instances`. */
async function createMembers(database: DatabaseHandle, count: number, instances: number): Promise<Member[]> {
  return (await signedInMembers(database, count, 'rt')).map((member, i) => ({
    ...member,
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    instance: i % instances,
  }));
}

interface Servers {
  /** The suite's name for the row: engine, instances and bus. */
  label: string;
  /** Where the servers run, for the note. */
  where: string;
  /** Messages a second for this engine. */
  rate: number;
  urls: string[];
  database: DatabaseHandle;
  /** Heap used plus external buffers of every server, after collecting their garbage (NaN when it cannot). */
  collectedBytes(): Promise<number>;
  /** Resident memory of every server now. */
  residentBytes(): Promise<number>;
  /** Servers that exited while the suite ran, and why (a run with any is void). */
  exits: string[];
  stop(): Promise<void>;
}

/** Two server processes on PostgreSQL and Redis when both are given, else one in-process instance. */
async function startServers(databaseUrl: string | undefined, redisUrl: string | undefined): Promise<Servers> {
  const env = { TRUST_PROXY: 'true' };
  if (databaseUrl && redisUrl) return startServerProcesses(databaseUrl, redisUrl);
  const started = databaseUrl
    ? await startBenchAppOnPostgres('bench-realtime', databaseUrl, { env })
    : await startBenchApp('bench-realtime', { env });
  const url = await started.app.listen({ host: '127.0.0.1', port: 0 });
  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const gc = (globalThis as { gc?: () => void }).gc;
  return {
    label: `realtime (${engine}, 1 instance, in-process bus: no ${databaseUrl ? 'Redis' : 'PostgreSQL/Redis'} given)`,
    where: 'the server in-process, clients in a child process',
    rate: databaseUrl ? RATE.postgres : RATE.pglite,
    urls: [url],
    database: started.database,
    async collectedBytes() {
      if (!gc) return Number.NaN;
      gc();
      gc();
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.external;
    },
    async residentBytes() {
      return process.memoryUsage().rss;
    },
    exits: [],
    stop: started.stop,
  };
}

/**
 * Two instances of the built server, each a process of its own with its inspector on a private
 * port, on a fresh migrated database of the given PostgreSQL server and a key prefix of their own
 * on the given Redis.
 */
async function startServerProcesses(adminUrl: string, redisUrl: string): Promise<Servers> {
  const cleanup: (() => Promise<unknown>)[] = [];
  const undo = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  };
  try {
    const { dir, entry, databaseUrl, database } = await builtServerOnFreshDatabase(
      'realtime',
      adminUrl,
      cleanup,
    );

    const exits: string[] = [];
    const prefix = `castline-bench:${process.pid}:${randomBytes(3).toString('hex')}:`;
    const instances: { instance: ServerInstance; inspector: InspectorSession }[] = [];
    for (const name of ['A', 'B']) {
      const { instance, inspector } = await inspectedInstance({
        name,
        entry,
        dir,
        databaseUrl,
        redisUrl,
        keyPrefix: prefix,
        authSecret: BENCH_AUTH_SECRET,
        onUnaskedExit: (exit) => {
          exits.push(`instance ${exit.instance} exited (${exit.signal ?? exit.code}): ${exit.cause}`);
        },
        cleanup,
      });
      instances.push({ instance, inspector });
    }
    const pids = () => instances.map(({ instance }) => instance.pid()).filter((pid) => pid !== undefined);
    return {
      label: 'realtime (PostgreSQL + Redis, 2 instances)',
      where: 'the two instances in processes of their own (the built server), clients in a child process',
      rate: RATE.postgres,
      urls: instances.map(({ instance }) => `http://127.0.0.1:${instance.port}`),
      database,
      async collectedBytes() {
        const usages = await Promise.all(instances.map(({ inspector }) => inspector.collectedMemory()));
        return usages.reduce((sum, usage) => sum + usage.heapUsed + usage.external, 0);
      },
      async residentBytes() {
        const sizes = await Promise.all(pids().map((pid) => residentBytes(pid)));
        return sizes.reduce((sum, size) => sum + size, 0);
      },
      exits,
      stop: undo,
    };
  } catch (error) {
    await undo();
    throw error;
  }
}

/** A bare `ws` relay: `{ to, message }` from a socket goes to socket `to` and back to the sender. */
async function startFloorRelay() {
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
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      for (const socket of server.clients) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const lostOf = (result: LoadResult, indexes: readonly number[]) =>
  indexes.filter((i) => result.latency[i] === null).length;

/**
 * Timings of the chosen messages; a lost one counts with the time it was waited for (from its
 * slot to the end of the drain), so losses show in the tail instead of vanishing.
 */
function timingsOf(result: LoadResult, indexes: readonly number[], rate: number, total: number): Timings {
  const waitedUntil = (total * 1000) / rate + DRAIN_MS;
  const samples = indexes.map((i) => result.latency[i] ?? waitedUntil - (i * 1000) / rate);
  const delivered = indexes.length - lostOf(result, indexes);
  return { ...summarize(samples, result.spanMs), perSecond: (delivered / result.spanMs) * 1000 };
}

const f = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(1));

/** 5,000 sockets, directed messages at a fixed rate: delivery latency against a bare ws relay, and memory per socket. */
export const run: Suite = async (options) => {
  const seconds = options.full ? SECONDS.full : SECONDS.default;
  const load = await forkLoadGenerator<Job, LoadResult>(import.meta.url);
  try {
    const setupStarted = performance.now();
    const servers = await startServers(options.databaseUrl, options.redisUrl);
    const { rate } = servers;
    const total = rate * seconds;
    let appResult: LoadResult;
    let memory = { perSocketKb: Number.NaN, heldMb: Number.NaN, rssRisenMb: Number.NaN };
    let members: Member[];
    let schedule: Send[];
    try {
      members = await createMembers(servers.database, SOCKETS, servers.urls.length);
      schedule = scheduleOf(members.length, servers.urls.length, total);
      options.log(
        `realtime: ${SOCKETS.toLocaleString('en-US')} members on ${servers.urls.length} instance(s) ready in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; connecting and sending ${rate}/s for ${seconds} s…`,
      );
      // The servers' memory: resident memory sampled while the clients connect, and what the
      // heaps hold once collected with every socket still open (stop() closes them).
      const before = await servers.collectedBytes();
      const rssBefore = await servers.residentBytes();
      const askedAt = performance.now();
      const samples: { at: number; rss: number }[] = [];
      const sampler = setInterval(() => {
        const at = performance.now() - askedAt;
        void servers.residentBytes().then(
          (rss) => samples.push({ at, rss }),
          () => undefined,
        );
      }, 50);
      try {
        appResult = await load.ask({ phase: 'app', urls: servers.urls, members, schedule, rate });
      } finally {
        clearInterval(sampler);
      }
      if (servers.exits.length > 0) throw new Error(`realtime: ${servers.exits.join('; ')}`);
      const after = await servers.collectedBytes();
      // The sample taken as the last socket opened (the job's clock starts a moment after ours).
      const connected = samples.find((sample) => sample.at >= appResult.connectMs) ?? samples.at(-1);
      const held = after - before;
      memory = {
        perSocketKb: held / 1024 / SOCKETS,
        heldMb: held / 2 ** 20,
        rssRisenMb: connected ? (connected.rss - rssBefore) / 2 ** 20 : Number.NaN,
      };
    } finally {
      // Closing the apps closes their sockets; the load generator drops its side with the next job.
      await servers.stop();
    }

    const relay = await startFloorRelay();
    let floorResult: LoadResult;
    try {
      options.log('realtime: the same sockets and messages through a bare ws relay…');
      floorResult = await load.ask({ phase: 'floor', urls: [relay.url], members, schedule, rate });
    } finally {
      await relay.stop();
    }

    const all = schedule.map((_, i) => i);
    const across = all.filter((i) => schedule[i]!.via !== members[schedule[i]!.to]!.instance);
    const sendTimes = summarize(appResult.sendTimes, 1);
    const common = [
      `${rate} msg/s for ${seconds} s (${total.toLocaleString('en-US')} directed messages) to ${SOCKETS.toLocaleString('en-US')} sockets`,
      servers.where,
      `POST /api/messages round trip p50/p95/p99 ${f(sendTimes.p50)}/${f(sendTimes.p95)}/${f(sendTimes.p99)} ms`,
      `sockets opened in ${(appResult.connectMs / 1000).toFixed(1)} s (floor ${(floorResult.connectMs / 1000).toFixed(1)} s)`,
      ...(appResult.firstFailure ? [`first failed send: ${appResult.firstFailure}`] : []),
    ];
    const rowOf = (name: string, indexes: readonly number[], extra: string[]): BenchRow => {
      const timings = timingsOf(appResult, indexes, rate, total);
      const floor = timingsOf(floorResult, indexes, rate, total);
      return {
        suite: servers.label,
        name,
        timings,
        floor: { name: 'bare ws relay', timings: floor },
        // Both send at the same fixed rate, so their throughputs match by construction: the
        // ratio that says something is the latency one (floor p95 over the app's).
        floorRatio: floor.p95 / timings.p95,
        metrics: { lost: lostOf(appResult, indexes) },
        budgets: BUDGETS,
        note: [
          ...extra,
          `lost ${lostOf(appResult, indexes)}, failed sends ${appResult.failed} (floor lost ${lostOf(floorResult, indexes)}); a lost message counts with the time waited for it`,
          ...common,
        ].join('; '),
      };
    };
    const rows = [
      rowOf('message → recipient socket (POST /api/messages)', all, [
        servers.urls.length > 1
          ? `${across.length} of ${total} recipients on the other instance than the one that took the POST, member i's socket on instance i mod 2`
          : 'one instance',
      ]),
    ];
    if (servers.urls.length > 1) {
      rows.push(
        rowOf('message → recipient socket on the other instance (via Redis)', across, [
          'only the messages whose recipient sits on the other instance',
        ]),
      );
    }
    rows.push({
      suite: servers.label,
      name: `the servers' memory for each connected socket (${SOCKETS.toLocaleString('en-US')} sockets)`,
      value: Math.round(memory.perSocketKb * 10) / 10,
      unit: 'KB',
      metrics: { perSocketKb: Math.round(memory.perSocketKb * 10) / 10 },
      budgets: [{ metric: 'metrics.perSocketKb', kind: 'max', limit: MEMORY_PER_SOCKET_KB }],
      note: `the heap${servers.urls.length === 1 ? '' : 's'} (JavaScript and external buffers) of the ${servers.urls.length === 1 ? 'server' : `${servers.urls.length} server processes, summed,`} held ${f(memory.heldMb)} MB more after the run than before the first socket, both collected, every socket still open; resident memory rose ${f(memory.rssRisenMb)} MB while they connected (uncollected)`,
    });
    return rows;
  } finally {
    await load.stop();
  }
};

if (isLoadGenerator(import.meta.url)) startLoadGenerator();
