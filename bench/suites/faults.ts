/**
 * Faults: what members notice when a part of a two-instance deployment fails while it is busy.
 * One at a time: one instance is killed (SIGKILL) and started again; Redis is restarted;
 * PostgreSQL is restarted. Each fault comes 8 s into 38 s of traffic: the mixed load of the load
 * suite (browse, search, listing detail, message, like) at 150 requests a second, open loop, plus
 * 200 members' realtime sockets and a stream of 10 messages a second between them. 12 s of the
 * same traffic without a fault come first, not measured (connections, caches, JIT).
 *
 * The deployment: the server bundled as apps/server/build.mjs bundles it (same esbuild options,
 * written to a folder of its own under apps/server/dist so that dist/main.js is left alone), run
 * as two OS processes with NODE_ENV=production, TRUST_PROXY=true and the same DATABASE_URL and
 * REDIS_URL, behind a round-robin TCP balancer in this process (bench/lib/tcp-balancer.ts: each
 * client connection to the next instance, a refused connection tried on the other, bytes piped
 * both ways, so HTTP keep-alive and WebSocket alike). Clients only know the balancer's address.
 * PostgreSQL 15 and Redis are private to the suite (initdb into a temporary folder, fsync off;
 * redis-server without persistence), so restarting them touches nobody else; the suite is skipped
 * with a note when either cannot be started. A supervisor starts an instance that exited without
 * being asked to again after 1 s, as systemd or a container runtime would; such exits are counted
 * (budget 0) with the cause the instance's log gives. 3,000 listings and 200 signed-in members are
 * written straight to the database first (bench/lib: listings-data, bench-app).
 *
 * The clients run in a child process (this file with `--load`):
 * - sockets: one per member on /api/realtime with the member's session cookie, reconnecting as the
 *   web app's client does (apps/web/src/lib/realtime/realtime-client.ts): after a close that is
 *   not final (4401, 4403, 4001), wait 1 s, 2 s, 4 s, 8 s, 16 s (PRESENCE.reconnectBaseMs doubling,
 *   at most PRESENCE.maxReconnectAttempts attempts, counted again from 0 once a socket opens), then
 *   give up. A socket is back when the server has said `ready` on it.
 * - messages: POST /api/messages with a text token unique to the message and a client_id, tried
 *   up to 3 times 1 s apart with the same client_id after no answer, a 429 or a 5xx, as the web
 *   app's sendMessage does (MESSAGE_SEND_RETRY); the mixed load's own messages carry tokens too
 *   (sent once, open loop, as in the load suite).
 * - every request has a 10 s timeout; a request fails when it gets no answer (connection reset,
 *   timeout; the balancer closes a connection that both instances refuse, where a managed one
 *   would answer 502 or 503) or a 5xx.
 *
 * What each fault records (times are the clients' send times, on one clock for both processes):
 * - acknowledged writes lost: messages (stream and mixed load) answered 2xx whose token is not in
 *   the messages table afterwards (budget 0); duplicates: rows beyond the first per token (budget
 *   0). Read straight from the database after the traffic.
 * - requests failed: those whose failure was seen after the fault began, from the first one's send
 *   time to the last one's (budget ≤ 5 s), with the count per second in the note and, without a
 *   budget, the latency of the answered requests over the phase; and those sent after the
 *   recovery window, which ends 5 s after the failed part is back (the killed instance answers
 *   GET /api/health 200 again; Redis answers PING; PostgreSQL accepts connections) (budget 0).
 * - sockets: for the kill, the sockets that were on the killed instance (the balancer's open
 *   connections to it at the kill, matched to the clients' local ports); for Redis and PostgreSQL,
 *   every socket that closed after the fault. Time from the fault until the last of them is back
 *   on either instance (budget ≤ 10 s), and those never back (budget 0).
 * - messages sent during the fault (first attempt from the fault to the end of the recovery
 *   window) and acknowledged that are missing from the recipient's conversation, read through
 *   GET /api/conversations/<sender>/messages with the recipient's cookie once the sockets are back
 *   (budget 0). The note says how many of them the recipient's socket heard live; one it did not
 *   hear, whose recipient's socket never reconnected afterwards, stays unseen by an open page (the
 *   web app fetches what it missed only after a reconnect).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { MESSAGE_SEND_RETRY, PRESENCE, REALTIME_CLOSE, REALTIME_PATH } from '@castline/shared';
import { databaseFromPool } from '../../apps/server/src/db/client.js';
import { BENCH_AUTH_SECRET, signedInMembers } from '../lib/bench-app.js';
import {
  buildServer,
  epochMs,
  instanceEnv,
  serverInstance,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
  type ServerInstance,
  type UnaskedExit,
} from '../lib/fault-servers.js';
import { freePort } from '../lib/free-port.js';
import { loadListings, publicListingIds } from '../lib/listings-data.js';
import { mixedRequest } from '../lib/mixed-load.js';
import { forkLoadGenerator, isLoadGenerator, serveLoadJobs } from '../lib/load-generator.js';
import type { BenchRow, Suite } from '../lib/report.js';
import { summarize, type Timings } from '../lib/stats.js';
import { startTcpBalancer, type TcpBalancer } from '../lib/tcp-balancer.js';
import { seeded } from '../lib/seeded.js';

const LISTINGS = 3000;
/** Members with one socket each; the first LOAD_MEMBERS of them also send the mixed load's writes. */
const MEMBERS = 200;
const LOAD_MEMBERS = 50;
/**
 * The mixed load, requests a second (the load suite sends 400 to one in-process instance; here two
 * instances share the machine with PostgreSQL, Redis, the balancer and the clients).
 */
const RATE = 150;
/** Messages a second of the message stream. */
const MESSAGE_RATE = 10;
/** Sockets are opened this long before the traffic starts. */
const CONNECT_LEAD_MS = 4000;
const FAULT_AFTER_MS = 8000;
/** Traffic of the same kind before the first fault, not measured (connections, caches, JIT). */
const WARMUP_MS = 12_000;
const TRAFFIC_MS = 38_000;
/** After the traffic, how long sockets may still come back before the rest count as not back. */
const SETTLE_MS = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** The recovery window ends this long after the failed part is back. */
const RECOVERY_GRACE_MS = 5000;
/** The supervisor's wait before starting an instance that exited unasked. */
const RESTART_DELAY_MS = 1000;
const BUDGET = { errorSpanMs: 5000, socketsBackMs: 10_000 } as const;
const FINAL_CLOSE_CODES: readonly number[] = [
  REALTIME_CLOSE.unauthenticated,
  REALTIME_CLOSE.forbiddenOrigin,
  REALTIME_CLOSE.sessionEnded,
];
const SEED = 7;

type Fault = 'kill' | 'redis' | 'postgres';
const FAULT_NAMES: Record<Fault, string> = {
  kill: 'instance A killed (SIGKILL), started again',
  redis: 'Redis restarted',
  postgres: 'PostgreSQL restarted (pg_ctl restart -m fast)',
};

const KINDS = ['browse', 'search', 'detail', 'message', 'like', 'send'] as const;
type Kind = (typeof KINDS)[number];

interface Member {
  id: string;
  cookie: string;
  /** Each member is a client of its own (X-Forwarded-For; per-address limits apply per member). */
  ip: string;
}

interface PhaseJob {
  /** The fault this traffic is for ('warmup': the untimed traffic before the first). */
  fault: Fault | 'warmup';
  url: string;
  members: Member[];
  listingIds: string[];
  startAt: number;
  endAt: number;
  settleUntil: number;
}

/** One HTTP request of the traffic: send time, answer time, kind (index in KINDS), status (0: no answer). */
type RequestRecord = [sentAt: number, doneAt: number, kind: number, status: number];

/** One connection of a member's socket. */
interface SocketSegment {
  /** The client's local port (the balancer's record of the connection names it). */
  port: number;
  connectAt: number;
  readyAt?: number;
  closedAt?: number;
  code?: number;
  error?: string;
}

interface SocketLog {
  segments: SocketSegment[];
  gaveUpAt?: number;
  finalCode?: number;
}

interface SentMessage {
  token: string;
  from: number;
  to: number;
  source: 'stream' | 'load';
  firstAt: number;
  attempts: number;
  /** The last attempt's status (0: no answer). */
  status: number;
  ackedAt?: number;
  /** When the recipient's socket heard `message.created` for it. */
  liveAt?: number;
  /** Times its token is in the recipient's conversation (stream, acknowledged); null: not readable. */
  inConversation?: number | null;
}

interface PhaseResult {
  requests: RequestRecord[];
  sockets: SocketLog[];
  messages: SentMessage[];
  readyBeforeStart: number;
  /** Failed answers by what they said, with counts. */
  failures: Record<string, number>;
}

const isFailure = (status: number) => status === 0 || status >= 500;
const acknowledged = (status: number) => status >= 200 && status < 300;

// ---------------------------------------------------------------------------------------------
// The clients (child process): sockets, mixed load, message stream, the recipients' check.

interface Answer {
  status: number;
  text: string;
  error?: string;
}

function send(
  agent: http.Agent,
  url: string,
  method: 'GET' | 'POST',
  target: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${url}${target}`,
      {
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => resolve({ status: 0, text: '', error: error.message }));
        response.on('close', () => {
          if (!response.complete) resolve({ status: 0, text: '', error: 'answer cut off' });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, text: '', error: error.code ?? error.message }),
    );
    request.end(payload);
  });
}

/** Requests at `rate` a second from `startAt` until `endAt`, each at its slot whether or not earlier ones answered. */
async function openLoop(
  startAt: number,
  endAt: number,
  rate: number,
  fire: (n: number) => Promise<void>,
  pending: Promise<void>[],
): Promise<void> {
  for (let n = 0; ; n += 1) {
    const due = startAt + (n * 1000) / rate;
    if (due >= endAt) return;
    const wait = due - epochMs();
    if (wait > 1) await sleep(wait);
    pending.push(fire(n));
  }
}

async function runPhase(job: PhaseJob): Promise<PhaseResult> {
  const { url, members, listingIds } = job;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const requests: RequestRecord[] = [];
  const failures: Record<string, number> = {};
  const messages: SentMessage[] = [];
  const byToken = new Map<string, SentMessage>();

  const timed = async (
    kind: Kind,
    method: 'GET' | 'POST',
    target: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Answer> => {
    const sentAt = epochMs();
    const answer = await send(agent, url, method, target, headers, body);
    requests.push([sentAt, epochMs(), KINDS.indexOf(kind), answer.status]);
    if (isFailure(answer.status)) {
      const what =
        answer.status === 0
          ? `no answer (${answer.error ?? '?'})`
          : `${answer.status} ${answer.text.replace(/\s+/g, ' ').slice(0, 160)}`;
      failures[what] = (failures[what] ?? 0) + 1;
    }
    return answer;
  };

  // Sockets, reconnecting with the web app's back-off.
  const sockets: SocketLog[] = members.map(() => ({ segments: [] }));
  const open = new Set<WebSocket>();
  let stopped = false;
  const connect = (index: number, attempts: { count: number }) => {
    if (stopped) return;
    const member = members[index]!;
    const log = sockets[index]!;
    const segment: SocketSegment = { port: 0, connectAt: epochMs() };
    log.segments.push(segment);
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${REALTIME_PATH}`, {
      headers: { cookie: member.cookie, 'x-forwarded-for': member.ip },
    });
    open.add(socket);
    socket.on('upgrade', (response) => (segment.port = response.socket.localPort ?? 0));
    socket.on('open', () => (attempts.count = 0));
    socket.on('message', (raw) => {
      const text = String(raw);
      if (segment.readyAt === undefined && text.includes('"type":"ready"')) {
        segment.readyAt = epochMs();
        return;
      }
      if (!text.includes('"message.created"')) return;
      let event: { message: { recipient_id: string; content: string } };
      try {
        event = JSON.parse(text) as typeof event;
      } catch {
        return;
      }
      if (event.message.recipient_id !== member.id) return;
      const sent = byToken.get(event.message.content);
      if (sent && sent.liveAt === undefined) sent.liveAt = epochMs();
    });
    socket.on('error', (error) => (segment.error ??= error.message));
    socket.on('close', (code) => {
      open.delete(socket);
      segment.closedAt = epochMs();
      segment.code = code;
      if (stopped) return;
      if (FINAL_CLOSE_CODES.includes(code)) {
        log.finalCode = code;
        return;
      }
      if (attempts.count >= PRESENCE.maxReconnectAttempts) {
        log.gaveUpAt = epochMs();
        return;
      }
      const delay = PRESENCE.reconnectBaseMs * 2 ** attempts.count;
      attempts.count += 1;
      setTimeout(() => connect(index, attempts), delay);
    });
  };
  for (let start = 0; start < members.length; start += 50) {
    for (let i = start; i < Math.min(members.length, start + 50); i += 1) connect(i, { count: 0 });
    while (
      epochMs() < job.startAt &&
      sockets.slice(start, start + 50).some((log) => log.segments.at(-1)?.readyAt === undefined)
    ) {
      await sleep(20);
    }
  }
  const isBack = (log: SocketLog) => {
    const last = log.segments.at(-1);
    return last?.readyAt !== undefined && last.closedAt === undefined;
  };
  const readyBeforeStart = sockets.filter(isBack).length;

  // The mixed load and the message stream.
  const pending: Promise<void>[] = [];
  const mixed = openLoop(
    job.startAt,
    job.endAt,
    RATE,
    async (n) => {
      const { kind, method, path, signedIn: asMember } = mixedRequest(n, listingIds);
      const from = n % LOAD_MEMBERS;
      const member = members[from]!;
      const headers = { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
      const signedIn = { ...headers, cookie: member.cookie };
      if (kind !== 'message') {
        await timed(kind, method, path, asMember ? signedIn : headers);
      } else {
        const to = (from + 1) % LOAD_MEMBERS;
        const sent: SentMessage = {
          token: `faults ${job.fault} load ${n}`,
          from,
          to,
          source: 'load',
          firstAt: epochMs(),
          attempts: 1,
          status: 0,
        };
        messages.push(sent);
        const answer = await timed(kind, method, path, signedIn, {
          recipient_id: members[to]!.id,
          content: sent.token,
          client_id: randomUUID(),
        });
        sent.status = answer.status;
        if (acknowledged(answer.status)) sent.ackedAt = epochMs();
      }
    },
    pending,
  );
  const next = seeded(SEED);
  const stream = openLoop(
    job.startAt,
    job.endAt,
    MESSAGE_RATE,
    async (n) => {
      const from = Math.floor(next() * members.length);
      const to = (from + 1 + Math.floor(next() * (members.length - 1))) % members.length;
      const sent: SentMessage = {
        token: `faults ${job.fault} stream ${n} ${randomBytes(4).toString('hex')}`,
        from,
        to,
        source: 'stream',
        firstAt: epochMs(),
        attempts: 0,
        status: 0,
      };
      messages.push(sent);
      byToken.set(sent.token, sent);
      const sender = members[from]!;
      const body = { recipient_id: members[to]!.id, content: sent.token, client_id: randomUUID() };
      for (let attempt = 1; attempt <= MESSAGE_SEND_RETRY.attempts; attempt += 1) {
        const answer = await timed(
          'send',
          'POST',
          '/api/messages',
          { cookie: sender.cookie, 'x-forwarded-for': sender.ip },
          body,
        );
        sent.attempts = attempt;
        sent.status = answer.status;
        if (acknowledged(answer.status)) {
          sent.ackedAt = epochMs();
          return;
        }
        const retryable = answer.status === 0 || answer.status === 429 || answer.status >= 500;
        if (!retryable || attempt === MESSAGE_SEND_RETRY.attempts) return;
        await sleep(MESSAGE_SEND_RETRY.delayMs);
      }
    },
    pending,
  );
  await Promise.all([mixed, stream]);
  await Promise.all(pending);

  // Every socket back (or given up), then each recipient reads its conversations.
  const settled = (log: SocketLog) =>
    isBack(log) || log.gaveUpAt !== undefined || log.finalCode !== undefined;
  while (epochMs() < job.settleUntil && !sockets.every(settled)) await sleep(100);
  const groups = new Map<string, SentMessage[]>();
  for (const sent of messages) {
    if (sent.source !== 'stream' || !acknowledged(sent.status)) continue;
    const key = `${sent.to}:${sent.from}`;
    groups.set(key, [...(groups.get(key) ?? []), sent]);
  }
  const queue = [...groups.values()];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        const { to, from } = group[0]!;
        const recipient = members[to]!;
        const counts = new Map<string, number>();
        let cursor: string | null = null;
        let readable = true;
        do {
          const target = `/api/conversations/${members[from]!.id}/messages?pageSize=50${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`;
          let answer: Answer | undefined;
          for (let attempt = 0; attempt < 3; attempt += 1) {
            answer = await send(agent, url, 'GET', target, {
              cookie: recipient.cookie,
              'x-forwarded-for': recipient.ip,
            });
            if (answer.status === 200) break;
            await sleep(500);
          }
          if (answer?.status !== 200) {
            readable = false;
            break;
          }
          const page = JSON.parse(answer.text) as { items: { content: string }[]; nextCursor: string | null };
          for (const item of page.items) counts.set(item.content, (counts.get(item.content) ?? 0) + 1);
          cursor = page.nextCursor;
        } while (cursor && group.some((sent) => !counts.has(sent.token)));
        for (const sent of group) sent.inConversation = readable ? (counts.get(sent.token) ?? 0) : null;
      }
    }),
  );

  stopped = true;
  for (const socket of open) socket.terminate();
  agent.destroy();
  return { requests, sockets, messages, readyBeforeStart, failures };
}

if (isLoadGenerator(import.meta.url)) serveLoadJobs(runPhase);

// ---------------------------------------------------------------------------------------------
// The deployment (this process), the faults and the rows.

interface Deployment {
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  instances: ServerInstance[];
  balancer: TcpBalancer;
  databaseUrl: string;
  exits: UnaskedExit[];
}

/** What the phase's fault did: when it began, when the failed part was back, and what else. */
interface FaultTimes {
  faultAt: number;
  backAt: number;
  /** When both instances answered GET /api/health 200 again (checked every 100 ms after the fault). */
  instancesBackAt?: number;
  /** The kill only: the clients' ports of the balancer's connections to the killed instance. */
  portsOnKilled?: Set<number>;
  detail: string;
}

async function injectFault(fault: Fault, deployment: Deployment): Promise<FaultTimes> {
  if (fault === 'kill') {
    const [killed] = deployment.instances;
    const portsOnKilled = new Set(deployment.balancer.clientPortsOn(0));
    const faultAt = await killed!.kill();
    const exitedMs = epochMs() - faultAt;
    await killed!.start();
    const backAt = epochMs();
    return {
      faultAt,
      backAt,
      portsOnKilled,
      detail: `instance A gone ${exitedMs.toFixed(0)} ms after SIGKILL, started again at once, answering GET /api/health 200 ${((backAt - faultAt) / 1000).toFixed(1)} s after the kill`,
    };
  }
  const restarted =
    fault === 'redis' ? await deployment.redis.restart() : await deployment.postgres.restart();
  return {
    faultAt: restarted.downAt,
    backAt: restarted.upAt,
    detail:
      fault === 'redis'
        ? `redis-server stopped (SIGTERM) and started again on its port, answering PING ${(restarted.upAt - restarted.downAt).toFixed(0)} ms after the stop began`
        : `pg_ctl restart -m fast took ${(restarted.upAt - restarted.downAt).toFixed(0)} ms until PostgreSQL accepted connections again`,
  };
}

/** The first moment both instances answer GET /api/health 200 (checked every 100 ms). */
async function bothHealthy(
  instances: readonly ServerInstance[],
  timeoutMs: number,
): Promise<number | undefined> {
  const deadline = epochMs() + timeoutMs;
  while (epochMs() < deadline) {
    const at = epochMs();
    if ((await Promise.all(instances.map((instance) => instance.healthy()))).every(Boolean)) return at;
    await sleep(100);
  }
  return undefined;
}

/** Rows of one value with a `max` budget. */
function row(
  suite: string,
  fault: Fault,
  name: string,
  metric: string,
  value: number,
  limit: number,
  note: string,
  unit?: string,
  extra: { metrics?: Record<string, number>; budgets?: BenchRow['budgets']; timings?: Timings } = {},
): BenchRow {
  return {
    suite,
    name: `${FAULT_NAMES[fault]}: ${name}`,
    ...(extra.timings ? { timings: extra.timings } : {}),
    value,
    ...(unit ? { unit } : {}),
    metrics: { [metric]: value, ...extra.metrics },
    budgets: [{ metric: `metrics.${metric}`, kind: 'max', limit }, ...(extra.budgets ?? [])],
    note,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The instances' log lines of this phase worth reading: errors by kind, with counts. */
function logDigest(text: string): string {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    let key: string | undefined;
    if (line.startsWith('{')) {
      try {
        const entry = JSON.parse(line) as {
          level?: number;
          msg?: string;
          err?: { type?: string; message?: string };
        };
        if ((entry.level ?? 0) >= 50 || entry.err) {
          key = `${entry.msg ?? ''}${entry.err ? ` (${entry.err.type ?? 'Error'}: ${(entry.err.message ?? '').slice(0, 90)})` : ''}`;
        }
      } catch {
        key = undefined;
      }
    } else if (line.startsWith('[ioredis] Unhandled error event')) {
      key = line.slice(0, 100);
    } else if (line.includes("Unhandled 'error' event") || line.startsWith('Castline failed to start')) {
      key = line.trim().slice(0, 100);
    }
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([key, count]) => `${count}× ${key}`)
    .join('; ');
}

function phaseRows(
  suite: string,
  fault: Fault,
  times: FaultTimes,
  result: PhaseResult,
  stored: Map<string, number>,
  exits: UnaskedExit[],
  logs: string,
  endAt: number,
  balancerNote: string,
): BenchRow[] {
  const { faultAt, backAt } = times;
  const windowEnd = backAt + RECOVERY_GRACE_MS;
  const at = (ms: number) => `${ms >= faultAt ? '+' : ''}${((ms - faultAt) / 1000).toFixed(1)} s`;

  // Writes: every acknowledged message's token, counted in the database.
  const acked = result.messages.filter((sent) => acknowledged(sent.status));
  const lost = acked.filter((sent) => (stored.get(sent.token) ?? 0) === 0);
  const duplicates = [...stored.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const unanswered = result.messages.filter((sent) => !acknowledged(sent.status));
  const storedUnanswered = unanswered.filter((sent) => (stored.get(sent.token) ?? 0) > 0).length;
  const retried = result.messages.filter((sent) => sent.source === 'stream' && sent.attempts > 1);
  const bySource = (source: SentMessage['source']) => acked.filter((sent) => sent.source === source).length;

  // Failed requests.
  const failed = result.requests.filter(([, , , status]) => isFailure(status));
  const before = failed.filter(([, doneAt]) => doneAt < faultAt);
  const during = failed.filter(([, doneAt]) => doneAt >= faultAt);
  const sentTimes = during.map(([sentAt]) => sentAt);
  const first = sentTimes.length ? Math.min(...sentTimes) : Number.NaN;
  const last = sentTimes.length ? Math.max(...sentTimes) : Number.NaN;
  const span = during.length ? last - first : 0;
  const after = during.filter(([sentAt]) => sentAt > windowEnd);
  const perSecond = new Map<number, number>();
  for (const [sentAt] of during) {
    const second = Math.floor((sentAt - faultAt) / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  const histogram = [...perSecond.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([second, count]) => `${second >= 0 ? '+' : ''}${second} s: ${count}`)
    .join(', ');
  const noAnswer = during.filter(([, , , status]) => status === 0).length;
  const failureKinds = Object.entries(result.failures)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([what, count]) => `${count}× ${what}`)
    .join('; ');
  const total = result.requests.length;
  // Latency of the answered requests (5xx included, no answer excluded) over the whole phase.
  const answered = result.requests.filter(([, , , status]) => status !== 0);
  const answeredTimings = summarize(
    answered.map(([sentAt, doneAt]) => doneAt - sentAt),
    Math.max(...result.requests.map(([, doneAt]) => doneAt)) -
      Math.min(...result.requests.map(([sentAt]) => sentAt)),
  );

  // Sockets.
  const dropped: { back: number | null; onKilled: boolean }[] = [];
  let notConnectedAtFault = 0;
  for (const log of result.sockets) {
    const index = log.segments.findIndex(
      (segment) =>
        segment.readyAt !== undefined &&
        segment.readyAt <= faultAt &&
        (segment.closedAt === undefined || segment.closedAt >= faultAt),
    );
    const atFault = log.segments[index];
    if (!atFault) {
      notConnectedAtFault += 1;
      continue;
    }
    const onKilled = times.portsOnKilled?.has(atFault.port) ?? false;
    if (atFault.closedAt === undefined && !onKilled) continue;
    const again = log.segments.slice(index + 1).find((segment) => segment.readyAt !== undefined);
    dropped.push({ back: again?.readyAt ?? null, onKilled });
  }
  const counted = fault === 'kill' ? dropped.filter((socket) => socket.onKilled) : dropped;
  const others = fault === 'kill' ? dropped.filter((socket) => !socket.onKilled) : [];
  const notBack = counted.filter((socket) => socket.back === null).length;
  const backTimes = counted.flatMap((socket) => (socket.back === null ? [] : [socket.back - faultAt]));
  // Sockets never back count with the time they were waited for (until the clients stopped waiting).
  const waitedMs = endAt + SETTLE_MS - faultAt;
  const socketsBackMs = notBack > 0 ? waitedMs : backTimes.length ? Math.max(...backTimes) : 0;
  const gaveUp = result.sockets.filter((log) => log.gaveUpAt !== undefined).length;

  // Messages sent during the fault, in the recipient's conversation.
  const inWindow = result.messages.filter(
    (sent) => sent.source === 'stream' && sent.firstAt >= faultAt && sent.firstAt <= windowEnd,
  );
  const inWindowAcked = inWindow.filter((sent) => acknowledged(sent.status));
  const missing = inWindowAcked.filter((sent) => !sent.inConversation);
  const unreadable = inWindowAcked.filter((sent) => sent.inConversation === null).length;
  const live = inWindowAcked.filter((sent) => sent.liveAt !== undefined).length;
  const reconnectedAfter = (recipient: number, sentAt: number) =>
    result.sockets[recipient]!.segments.some(
      (segment) => segment.readyAt !== undefined && segment.readyAt > sentAt,
    );
  const unseen = inWindowAcked.filter(
    (sent) => sent.liveAt === undefined && !reconnectedAfter(sent.to, sent.firstAt),
  ).length;
  const allStreamAcked = result.messages.filter(
    (sent) => sent.source === 'stream' && acknowledged(sent.status),
  );
  const missingAnyTime = allStreamAcked.filter((sent) => !sent.inConversation).length;

  const phaseExits = exits.filter((exit) => exit.at >= faultAt - 1000);
  const timeline = `the fault at 0 s; the failed part back at ${at(backAt)} (${times.detail}); both instances answering GET /api/health 200 from ${times.instancesBackAt ? at(times.instancesBackAt) : 'never (60 s)'}; recovery window until ${at(windowEnd)}; traffic until ${at(endAt)}`;
  const rows: BenchRow[] = [
    row(
      suite,
      fault,
      'acknowledged writes lost',
      'lost',
      lost.length,
      0,
      `${acked.length} messages answered 2xx (${bySource('stream')} of the message stream, ${bySource('load')} of the mixed load), each token counted in the messages table after the traffic; ${lost.length} absent${lost[0] ? ` (first: "${lost[0].token}", answered ${lost[0].status} at ${at(lost[0].ackedAt!)})` : ''}. Not acknowledged: ${unanswered.length} (${storedUnanswered} of them stored nonetheless: answer lost after the commit); ${retried.length} stream messages needed a retry`,
    ),
    row(
      suite,
      fault,
      'duplicate writes',
      'duplicates',
      duplicates,
      0,
      `rows beyond the first for one token in the messages table, over all ${result.messages.length} messages sent (retries reuse their client_id)`,
    ),
    row(
      suite,
      fault,
      'requests failed, first to last failure',
      'errorSpanMs',
      Math.round(span),
      BUDGET.errorSpanMs,
      `p50/p95/p99 and per s: the answered requests (5xx included) over the phase's ${TRAFFIC_MS / 1000} s. ${during.length} of ${total} requests failed from the fault on (${noAnswer} without an answer, ${during.length - noAnswer} 5xx), sent from ${during.length ? at(first) : '–'} to ${during.length ? at(last) : '–'}; by second of sending: ${histogram || 'none'}; ${before.length} failed before the fault. ${failureKinds ? `What they said: ${failureKinds}. ` : ''}${balancerNote}`,
      'ms',
      { metrics: { failed: during.length, failedBefore: before.length }, timings: answeredTimings },
    ),
    row(
      suite,
      fault,
      'requests failed after the recovery window',
      'errorsAfter',
      after.length,
      0,
      `${timeline}; ${after.length} requests sent after ${at(windowEnd)} failed${after[0] ? ` (first sent at ${at(after[0][0])})` : ''}`,
    ),
    row(
      suite,
      fault,
      fault === 'kill'
        ? 'sockets of the killed instance back on either instance'
        : 'sockets back after the fault',
      'socketsBackMs',
      Math.round(socketsBackMs),
      BUDGET.socketsBackMs,
      fault === 'kill'
        ? `${counted.length} of ${result.sockets.length} sockets were on instance A at the kill; the last back (server said ready) ${backTimes.length ? seconds(Math.max(...backTimes)) : '–'} after it, ${notBack} not back within ${seconds(waitedMs)}; back-off 1 s doubling, 5 attempts; ${others.length} sockets of instance B closed too; ${gaveUp} clients gave up; ${notConnectedAtFault} not connected at the fault; ${result.readyBeforeStart} of ${result.sockets.length} ready before the traffic`
        : `${counted.length} of ${result.sockets.length} sockets closed after the fault${counted.length ? `; the last back (server said ready) ${backTimes.length ? seconds(Math.max(...backTimes)) : '–'} after it, ${notBack} not back within ${seconds(waitedMs)}` : ' (they stayed open)'}; ${gaveUp} clients gave up; ${notConnectedAtFault} not connected at the fault; ${result.readyBeforeStart} of ${result.sockets.length} ready before the traffic`,
      'ms',
      {
        metrics: { socketsNotBack: notBack },
        budgets: [{ metric: 'metrics.socketsNotBack', kind: 'max', limit: 0 }],
      },
    ),
    row(
      suite,
      fault,
      "messages sent during the fault missing from the recipient's conversation",
      'missing',
      missing.length,
      0,
      `${inWindow.length} stream messages first sent between the fault and the end of the recovery window, ${inWindowAcked.length} acknowledged (the other ${inWindow.length - inWindowAcked.length} not after ${MESSAGE_SEND_RETRY.attempts} attempts: their sender is told and may send again); read back with the recipient's cookie (GET /api/conversations/<sender>/messages, all pages) after the sockets were back: ${missing.length} missing${unreadable ? ` (${unreadable} conversations unreadable)` : ''}; ${live} of ${inWindowAcked.length} heard live on the recipient's socket, ${unseen} neither heard live nor followed by a reconnect of the recipient's socket after they were first sent (an open page would not show them until reloaded); over the whole phase ${missingAnyTime} of ${allStreamAcked.length} acknowledged stream messages missing`,
      undefined,
      { metrics: { unseenByOpenPage: unseen, heardLive: live } },
    ),
    row(
      suite,
      fault,
      'instances that exited unasked',
      'unaskedExits',
      phaseExits.length,
      0,
      phaseExits.length
        ? `${phaseExits.map((exit) => `instance ${exit.instance} at ${at(exit.at)} (${exit.signal ?? `code ${exit.code}`}): ${exit.cause}`).join('; ')}; the supervisor started each again after ${RESTART_DELAY_MS / 1000} s${logs ? `. Instances' log: ${logs}` : ''}`
        : `none (the supervisor would start one again after ${RESTART_DELAY_MS / 1000} s)${logs ? `. Instances' log: ${logs}` : ''}`,
    ),
  ];
  return rows;
}

/** Counts each token of the phase in the messages table (a fresh connection: PostgreSQL may just have restarted). */
async function storedTokens(databaseUrl: string, fault: Fault): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ content: string; n: number }>(
      'select content, count(*)::int as n from messages where content like $1 group by content',
      [`faults ${fault} %`],
    );
    return new Map(rows.map(({ content, n }) => [content, n]));
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const run: Suite = async (options) => {
  const suite = `faults (PostgreSQL + Redis, 2 instances, ${RATE}/s mixed load, ${MEMBERS} sockets, ${MESSAGE_RATE} msg/s)`;
  const cleanup: (() => Promise<unknown>)[] = [];
  const dir = await mkdtemp(path.join(tmpdir(), 'castline-faults-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const reason = (error: unknown) =>
    (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);
  const skipped = (why: string): BenchRow[] => {
    options.log(`faults: skipped: ${why}`);
    return [{ suite, name: 'skipped', budgets: [], note: why }];
  };
  try {
    let postgres: PrivatePostgres;
    let redis: PrivateRedis;
    try {
      // A folder of its own: the server runs as the `postgres` user, who cannot enter `dir`.
      const pgDir = await mkdtemp(path.join(tmpdir(), 'castline-faults-pg-'));
      cleanup.push(() => rm(pgDir, { recursive: true, force: true }));
      postgres = await startPrivatePostgres(pgDir);
    } catch (error) {
      return skipped(`a private PostgreSQL could not be started (${reason(error)})`);
    }
    cleanup.push(() => postgres.stop());
    try {
      redis = await startPrivateRedis(dir);
    } catch (error) {
      return skipped(`a private Redis could not be started (${reason(error)})`);
    }
    cleanup.push(() => redis.stop());
    options.log(
      `faults: private PostgreSQL on :${postgres.port}, Redis on :${redis.port}; building the server…`,
    );
    const server = await buildServer(`bench-faults-${process.pid}`);
    cleanup.push(() => server.remove());

    // The database: migrated, listings, members with sessions.
    const admin = new pg.Client({ connectionString: postgres.url('postgres') });
    await admin.connect();
    await admin.query('create database castline');
    await admin.end();
    const databaseUrl = postgres.url('castline');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    pool.on('error', () => undefined);
    let members: Member[];
    let listingIds: string[];
    try {
      const database = databaseFromPool(pool);
      await database.migrate();
      await loadListings(pool, { listings: LISTINGS, log: (line) => options.log(`faults: ${line}`) });
      listingIds = await publicListingIds(pool, 300);
      members = (await signedInMembers(database, MEMBERS, 'faults')).map((member, i) => ({
        ...member,
        ip: `10.250.${(i >> 8) & 255}.${i & 255}`,
      }));
    } finally {
      await pool.end();
    }

    // Two instances behind the balancer.
    const ports = [await freePort(), await freePort()];
    const balancer = await startTcpBalancer(ports.map((port) => ({ host: '127.0.0.1', port })));
    cleanup.push(() => balancer.close());
    const exits: UnaskedExit[] = [];
    const instances: ServerInstance[] = [];
    for (const [i, port] of ports.entries()) {
      const instance = await serverInstance({
        name: i === 0 ? 'A' : 'B',
        port,
        entry: server.entry,
        dir,
        restartDelayMs: RESTART_DELAY_MS,
        onUnaskedExit: (exit) => {
          exits.push(exit);
          options.log(
            `faults: instance ${exit.instance} exited unasked (${exit.signal ?? exit.code}): ${exit.cause}`,
          );
        },
        env: instanceEnv({
          databaseUrl,
          redisUrl: redis.url,
          keyPrefix: 'castline-faults:',
          publicUrl: balancer.url,
          dir,
          authSecret: BENCH_AUTH_SECRET,
        }),
      });
      instances.push(instance);
      cleanup.push(() => instance.stop());
    }
    await Promise.all(instances.map((instance) => instance.start()));
    const deployment: Deployment = { postgres, redis, instances, balancer, databaseUrl, exits };

    const load = await forkLoadGenerator<PhaseJob, PhaseResult>(import.meta.url);
    cleanup.push(() => load.stop());
    const rows: BenchRow[] = [];
    options.log(`faults: warming up, ${WARMUP_MS / 1000} s of the same traffic without a fault…`);
    const warmupAt = epochMs() + CONNECT_LEAD_MS;
    await load.ask({
      fault: 'warmup',
      url: balancer.url,
      members,
      listingIds,
      startAt: warmupAt,
      endAt: warmupAt + WARMUP_MS,
      settleUntil: warmupAt + WARMUP_MS + 1000,
    });
    for (const fault of ['kill', 'redis', 'postgres'] as const) {
      await Promise.all(instances.map((instance) => instance.waitHealthy(60_000)));
      const logFrom = await Promise.all(instances.map((instance) => instance.logSize()));
      const startAt = epochMs() + CONNECT_LEAD_MS;
      const job: PhaseJob = {
        fault,
        url: balancer.url,
        members,
        listingIds,
        startAt,
        endAt: startAt + TRAFFIC_MS,
        settleUntil: startAt + TRAFFIC_MS + SETTLE_MS,
      };
      options.log(
        `faults: ${FAULT_NAMES[fault]}, ${FAULT_AFTER_MS / 1000} s into ${TRAFFIC_MS / 1000} s of traffic…`,
      );
      const answered = load.ask(job);
      await sleep(startAt + FAULT_AFTER_MS - epochMs());
      const refusedBefore = [...balancer.refused];
      const unservedBefore = balancer.unserved;
      const times = await injectFault(fault, deployment);
      times.instancesBackAt = await bothHealthy(instances, 60_000);
      const result = await answered;
      const balancerNote = `the balancer skipped A ${balancer.refused[0]! - refusedBefore[0]!} and B ${balancer.refused[1]! - refusedBefore[1]!} times (connection refused) and closed ${balancer.unserved - unservedBefore} connections both refused`;
      const stored = await storedTokens(databaseUrl, fault);
      const logs = logDigest(
        (await Promise.all(instances.map((instance, i) => instance.log(logFrom[i])))).join('\n'),
      );
      const phase = phaseRows(suite, fault, times, result, stored, exits, logs, job.endAt, balancerNote);
      for (const line of phase) options.log(`faults:   ${line.name}: ${line.value ?? ''}`);
      rows.push(...phase);
      exits.length = 0;
      await sleep(1000);
    }
    options.log(
      `faults: balancer: connections refused by A ${balancer.refused[0]}, by B ${balancer.refused[1]}, closed unserved ${balancer.unserved}`,
    );
    return rows;
  } finally {
    for (const step of cleanup.reverse()) {
      await step().catch((error: unknown) => options.log(`faults: cleanup: ${String(error)}`));
    }
  }
};
