/**
 * Servers a fault benchmark may stop, kill and start again without touching anybody else's: a
 * private PostgreSQL (initdb into a temporary folder, run as the `postgres` user when this
 * process is root), a private Redis (a child process), and the built server
 * (apps/server/src/main.ts bundled as build.mjs does it) run as separate OS processes, each
 * restarted by a supervisor when it exits without being asked to, as systemd or a container
 * runtime would.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import pg from 'pg';
import { databaseFromPool } from '../../apps/server/src/db/client.js';
import { freePort } from './free-port.js';
import { freshDatabase } from './fresh-database.js';
import { inspectorSession } from './inspector.js';

const execute = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_DIR = path.join(ROOT, 'apps/server');

/** Milliseconds since the epoch with sub-millisecond precision, comparable between processes. */
export const epochMs = () => performance.timeOrigin + performance.now();

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  /** `pg_ctl restart -m fast` (sessions terminated, checkpoint, start): when it went down and came back. */
  restart(): Promise<{ downAt: number; upAt: number }>;
  stop(): Promise<void>;
}

/** A PostgreSQL server of its own on a free port, its data and socket in `dir` (fsync off). */
export async function startPrivatePostgres(dir: string): Promise<PrivatePostgres> {
  if (!existsSync(path.join(POSTGRES_BIN, 'pg_ctl')))
    throw new Error(`no PostgreSQL binaries in ${POSTGRES_BIN}`);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await execute('id', ['-u', 'postgres']);
    const { stdout: group } = await execute('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? execute('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN, tool), ...args], {
          timeout: 60_000,
        })
      : execute(path.join(POSTGRES_BIN, tool), args, { timeout: 60_000 });
  const data = path.join(dir, 'pgdata');
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const serverOptions = `-k ${dir} -c listen_addresses=127.0.0.1 -p ${port} -c fsync=off -c max_connections=200`;
  const log = path.join(dir, 'postgres.log');
  await pg('pg_ctl', ['-D', data, '-l', log, '-w', '-o', serverOptions, 'start']);
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async restart() {
      const downAt = epochMs();
      await pg('pg_ctl', ['-D', data, '-l', log, '-w', '-m', 'fast', '-o', serverOptions, 'restart']);
      await waitFor(accepts, 30_000, 'PostgreSQL after its restart');
      return { downAt, upAt: epochMs() };
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']).catch(() => undefined);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Redis

export interface PrivateRedis {
  port: number;
  url: string;
  /** Stopped (SIGTERM, nothing saved) and started again on the same port: when it went down and answered again. */
  restart(): Promise<{ downAt: number; upAt: number }>;
  stop(): Promise<void>;
}

/** Whether Redis on `port` answers PING. */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk: Buffer) => done(chunk.toString().startsWith('+PONG')));
    socket.once('error', () => done(false));
  });
}

/** `redis-server` of its own on a free port: no persistence, a child process of this one. */
export async function startPrivateRedis(dir: string): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const out = openSync(path.join(dir, 'redis.log'), 'a');
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { cwd: dir, stdio: ['ignore', out, out] },
    );
    closeSync(out);
    const started = child;
    let failed: Error | undefined;
    started.once('error', (error) => (failed = error));
    await waitFor(
      async () => {
        if (failed) throw failed;
        return redisAnswers(port);
      },
      10_000,
      'Redis',
    ).catch((error: unknown) => {
      throw failed ?? error;
    });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      const downAt = epochMs();
      await stop();
      await start();
      return { downAt, upAt: epochMs() };
    },
    stop,
  };
}

// ---------------------------------------------------------------------------------------------
// The server, built and run as OS processes

/**
 * Bundles apps/server/src/main.ts as apps/server/build.mjs does (same esbuild options), into a
 * folder of its own under apps/server/dist (git-ignored), so that apps/server/dist/main.js, which
 * others may be running, is left alone. The bundle finds the migrations two folders up and its
 * npm packages in the workspace's node_modules, as dist/main.js does. Answers its path.
 */
export async function buildServer(name: string): Promise<{ entry: string; remove(): Promise<void> }> {
  const pkg = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies).filter((dependency) => !dependency.startsWith('@castline/'));
  const folder = path.join(SERVER_DIR, 'dist', name);
  const entry = path.join(folder, 'main.js');
  await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: ['src/main.ts'],
    outfile: entry,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: [...external, ...external.map((dependency) => `${dependency}/*`)],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return { entry, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * What a suite running the built server on a shared PostgreSQL needs first: a folder of its own
 * (`castline-bench-<name>-…`), the server's bundle, and a fresh migrated database on the server
 * of `adminUrl` (with a pool of 4 for the suite's own writes). Each step's undoing is pushed to
 * `cleanup`, which the suite runs in reverse order.
 */
export async function builtServerOnFreshDatabase(
  name: string,
  adminUrl: string,
  cleanup: (() => Promise<unknown>)[],
) {
  const dir = await mkdtemp(path.join(tmpdir(), `castline-bench-${name}-`));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const server = await buildServer(`bench-${name}-${process.pid}`);
  cleanup.push(() => server.remove());

  const created = await freshDatabase(adminUrl, `castline_bench_${name}`);
  cleanup.push(() => created.drop());
  const pool = new pg.Pool({ connectionString: created.url, max: 4 });
  // Dropping the database at the end ends the pool's connections (57P01).
  pool.on('error', () => undefined);
  cleanup.push(() => pool.end());
  const database = databaseFromPool(pool);
  await database.migrate();
  return { dir, entry: server.entry, databaseUrl: created.url, pool, database };
}

/**
 * One instance of the built server (`entry`) on `databaseUrl`, and on Redis under `keyPrefix`
 * when `redisUrl` is not empty, started and answering, with its inspector on a private port and a
 * session to it (the instance's memory is read inside it). Its stopping is pushed to `cleanup`.
 */
export async function inspectedInstance(options: {
  name: string;
  entry: string;
  dir: string;
  databaseUrl: string;
  redisUrl: string;
  keyPrefix: string;
  authSecret: string;
  onUnaskedExit: (exit: UnaskedExit) => void;
  cleanup: (() => Promise<unknown>)[];
}) {
  const port = await freePort();
  const inspectorPort = await freePort();
  const instance = await serverInstance({
    name: options.name,
    port,
    entry: options.entry,
    dir: options.dir,
    restartDelayMs: 60_000,
    nodeArgs: [`--inspect=127.0.0.1:${inspectorPort}`],
    onUnaskedExit: options.onUnaskedExit,
    env: instanceEnv({
      databaseUrl: options.databaseUrl,
      redisUrl: options.redisUrl,
      keyPrefix: options.keyPrefix,
      publicUrl: `http://127.0.0.1:${port}`,
      dir: options.dir,
      authSecret: options.authSecret,
    }),
  });
  options.cleanup.push(() => instance.stop());
  await instance.start();
  const inspector = await inspectorSession(inspectorPort);
  options.cleanup.push(async () => inspector.close());
  return { instance, inspector, port };
}

/** An exit the suite did not ask for, and what the instance's log said just before it. */
export interface UnaskedExit {
  instance: string;
  at: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last error the log shows (an uncaught exception's first lines). */
  cause: string;
}

export interface ServerInstance {
  name: string;
  port: number;
  pid(): number | undefined;
  /** Starts the process and waits until GET /api/health answers 200. */
  start(): Promise<void>;
  /** SIGKILL (the suite's own fault: not restarted by the supervisor); resolves once it exited. */
  kill(): Promise<number>;
  /** Whether GET /api/health answers 200 now. */
  healthy(): Promise<boolean>;
  /** Waits until it answers 200 (restarted by the supervisor if it died). */
  waitHealthy(timeoutMs: number): Promise<number>;
  /** The instance's log (stdout and stderr) from byte `from`. */
  log(from?: number): Promise<string>;
  logSize(): Promise<number>;
  stop(): Promise<void>;
}

export interface InstanceOptions {
  name: string;
  /** A free port it listens on every time it starts (so that a balancer in front keeps its address). */
  port: number;
  entry: string;
  dir: string;
  env: Record<string, string>;
  /** How long the supervisor waits before starting an instance that exited unasked. */
  restartDelayMs: number;
  /** Extra options for node (e.g. `--inspect=127.0.0.1:<port>`), before the entry. */
  nodeArgs?: string[];
  onUnaskedExit: (exit: UnaskedExit) => void;
}

/**
 * The environment of a bench's server instance: production mode on the given PostgreSQL and
 * Redis (under `keyPrefix`), the bench's auth secret, no demo data, warnings only, behind a proxy
 * (members are told apart by X-Forwarded-For), no web app (`dir` holds none).
 */
export function instanceEnv(options: {
  databaseUrl: string;
  /** Empty: no Redis (one instance; rate limits on the database, the bus in-process). */
  redisUrl: string;
  keyPrefix: string;
  publicUrl: string;
  dir: string;
  authSecret: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    ...(options.redisUrl ? { REDIS_KEY_PREFIX: options.keyPrefix } : {}),
    AUTH_SECRET: options.authSecret,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    PUBLIC_URL: options.publicUrl,
    WEB_DIST_DIR: path.join(options.dir, 'no-web'),
  };
}

/** What the log says made the process exit: the last uncaught error's message and where it was emitted. */
function causeOf(log: string): string {
  const lines = log.split('\n');
  const uncaught = lines.findLastIndex(
    (line, i) => line.startsWith('node:') && /throw/.test(lines[i + 1] ?? ''),
  );
  if (uncaught >= 0) {
    const block = lines.slice(uncaught, uncaught + 120);
    const message = block.find((line, i) => i > 2 && line.trim() !== '' && !/^\s/.test(line));
    const emitted = block.find((line) => line.startsWith("Emitted 'error' event"));
    const site = emitted ? block[block.indexOf(emitted) + 1]?.trim() : undefined;
    return [block[1]?.trim(), message, emitted, site].filter(Boolean).join(' ').slice(0, 400);
  }
  const failed = lines.findLastIndex((line) => line.startsWith('Castline failed to start'));
  if (failed >= 0)
    return lines
      .slice(failed, failed + 2)
      .join(' ')
      .slice(0, 400);
  return (lines.findLast((line) => line.trim() !== '') ?? '').slice(0, 400);
}

/** One server instance in its own process on a fixed free port, with a supervisor. */
export async function serverInstance(options: InstanceOptions): Promise<ServerInstance> {
  const { port } = options;
  const logPath = path.join(options.dir, `${options.name}.log`);
  const dataDir = path.join(options.dir, `data-${options.name}`);
  await mkdir(dataDir, { recursive: true });
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;

  const healthy = () =>
    fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) })
      .then((response) => response.status === 200)
      .catch(() => false);

  const launch = () => {
    const out = openSync(logPath, 'a');
    const process_ = spawn(
      process.execPath,
      ['--enable-source-maps', ...(options.nodeArgs ?? []), options.entry],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: process.env.HOME ?? '/tmp',
          ...options.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
        },
        stdio: ['ignore', out, out],
      },
    );
    closeSync(out);
    child = process_;
    process_.on('exit', (code, signal) => {
      if (child !== process_) return;
      child = undefined;
      if (stopping || asked.has(process_)) return;
      const at = epochMs();
      // An uncaught error's dump (pg prints the whole client) runs to tens of kilobytes.
      void readFile(logPath, 'utf8')
        .then((text) => causeOf(text.slice(-256 * 1024)))
        .catch(() => 'log unreadable')
        .then((cause) => {
          options.onUnaskedExit({ instance: options.name, at, code, signal, cause });
        });
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        if (!stopping && !child) launch();
      }, options.restartDelayMs);
    });
  };
  /** Processes the suite itself killed or stopped. */
  const asked = new WeakSet<ChildProcess>();

  const waitHealthy = async (timeoutMs: number) => {
    await waitFor(healthy, timeoutMs, `instance ${options.name}`);
    return epochMs();
  };

  return {
    name: options.name,
    port,
    pid: () => child?.pid,
    async start() {
      if (!child) launch();
      await waitHealthy(60_000);
    },
    async kill() {
      const running = child;
      if (!running) throw new Error(`instance ${options.name} is not running`);
      asked.add(running);
      const exited = new Promise((resolve) => running.once('exit', resolve));
      const at = epochMs();
      running.kill('SIGKILL');
      await exited;
      child = undefined;
      return at;
    },
    healthy,
    waitHealthy,
    async log(from = 0) {
      const text = await readFile(logPath).catch(() => Buffer.alloc(0));
      return text.subarray(from).toString('utf8');
    },
    async logSize() {
      return (await readFile(logPath).catch(() => Buffer.alloc(0))).length;
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const running = child;
      if (!running) return;
      asked.add(running);
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
