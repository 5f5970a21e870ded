/**
 * Start: how long a newcomer waits. The committed tree (HEAD) is cloned into a temporary folder,
 * as a fresh clone after `npm ci` (the installed node_modules folders are linked in, not copied);
 * then, with the embedded defaults and a new data folder:
 *
 * - `npm start` (build the web app, its server-rendering build and the server, create the
 *   database, fill it with demo data, listen), timed until the home page first answers 200
 *   (budget ≤ 12 s);
 * - stopped, then `npm run start:built` on the data folder it left, timed the same way (budget
 *   ≤ 3 s).
 *
 * Each runs in a process of its own on a free port of 127.0.0.1; the home page is asked for every
 * 50 ms. Uncommitted changes are not measured (the clone holds HEAD).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BenchRow, Suite } from '../lib/report.js';
import { freePort } from '../lib/free-port.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUDGETS = { freshSeconds: 12, builtSeconds: 3 } as const;
/** Longer than this and the start is reported as failed. */
const GIVE_UP_MS = 180_000;
const execute = promisify(execFile);

/** The committed tree in a temporary folder, with the installed dependencies linked in. */
async function freshClone(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'castline-start-'));
  await execute('git', ['clone', '--quiet', '--no-hardlinks', ROOT, folder]);
  for (const modules of ['node_modules', 'apps/server/node_modules', 'apps/web/node_modules']) {
    await symlink(path.join(ROOT, modules), path.join(folder, modules), 'dir').catch((error: unknown) => {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
    });
  }
  return folder;
}

/** Runs `npm run <script>` in `folder` until the home page answers 200; answers the seconds it took. */
async function timeToFirstAnswer(
  folder: string,
  script: string,
  env: Record<string, string>,
): Promise<{ seconds: number; process: ChildProcess }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['run', script], {
    cwd: folder,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  while (performance.now() - started < GIVE_UP_MS) {
    if (exited !== undefined) throw new Error(`npm run ${script} exited with ${exited}: ${errors}`);
    const answered = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.status)
      .catch(() => 0);
    if (answered === 200) return { seconds: (performance.now() - started) / 1000, process: child };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop(child);
  throw new Error(`npm run ${script} gave no answer in ${GIVE_UP_MS / 1000} s: ${errors}`);
}

/** Whether any process of the group `pgid` (npm and the server under it) is still running. */
function groupRunning(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signals the group (gone already: nothing to do). */
function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // The group ended on its own.
  }
}

/**
 * Stops npm and the server under it, and waits until both are gone: npm may exit before the
 * server has closed its database, which is still writing to the data folder meanwhile.
 */
async function stop(child: ChildProcess): Promise<void> {
  const pgid = child.pid!;
  if (!groupRunning(pgid)) return;
  signalGroup(pgid, 'SIGTERM');
  const until = performance.now() + 10_000;
  while (groupRunning(pgid) && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
  if (!groupRunning(pgid)) return;
  signalGroup(pgid, 'SIGKILL');
  // A process that exited holds no file open, even before it is reaped.
  const killed = performance.now() + 5_000;
  while (groupRunning(pgid) && performance.now() < killed)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

export const run: Suite = async (options) => {
  options.log('start: cloning HEAD into a temporary folder…');
  const folder = await freshClone();
  const dataDir = path.join(folder, 'data');
  // What a newcomer has: the defaults, a data folder of its own.
  const env = { DATA_DIR: dataDir };
  try {
    options.log('start: npm start on a fresh clone (build, new database, demo data)…');
    const fresh = await timeToFirstAnswer(folder, 'start', env);
    await stop(fresh.process);
    options.log('start: npm run start:built on the data folder it left…');
    const built = await timeToFirstAnswer(folder, 'start:built', env);
    await stop(built.process);
    const suite = 'start (PGlite, embedded defaults)';
    const row = (name: string, seconds: number, limit: number, note: string): BenchRow => ({
      suite,
      name,
      value: Math.round(seconds * 10) / 10,
      unit: 's',
      metrics: { seconds: Math.round(seconds * 10) / 10 },
      budgets: [{ metric: 'metrics.seconds', kind: 'max', limit }],
      note,
    });
    return [
      row(
        'npm start on a fresh clone, to the home page’s first answer',
        fresh.seconds,
        BUDGETS.freshSeconds,
        'HEAD cloned, node_modules linked in (as after npm ci); builds the web app, its server-rendering build and the server, creates the database and its demo data',
      ),
      row(
        'npm run start:built on an existing data folder, to the home page’s first answer',
        built.seconds,
        BUDGETS.builtSeconds,
        'the folder npm start left: built, its database and demo data in place',
      ),
    ];
  } finally {
    await rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
};
