/**
 * The front end as a phone sees it: first-load JavaScript per route (gzipped, from the build's
 * chunk graph; scripts/bundle-size.mjs) and Lighthouse (mobile, default simulated throttling)
 * on the home, marketplace, listing and forum pages served by the production build with demo
 * data, in the system Chromium.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { firstLoadSizes } from '../../scripts/bundle-size.mjs';
import type { BenchRow, Suite } from '../lib/report.js';
import { freePort } from '../lib/free-port.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Lighthouse budgets (mobile, default throttling). */
const LIGHTHOUSE = { score: 95, lcpMs: 2000, cls: 0.05, tbtMs: 150 };
/** Measured runs per page (after one warm-up run); the median run is reported. */
const LIGHTHOUSE_RUNS = 3;

function ensureBuilt(log: (line: string) => void): void {
  const built =
    existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json')) &&
    existsSync(path.join(root, 'apps/web/dist-ssr/entry-server.js')) &&
    existsSync(path.join(root, 'apps/server/dist/main.js'));
  if (built && !process.env.BENCH_REBUILD) return;
  log('frontend: building the app (npm run build)…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** The production server on its embedded defaults with demo data, on a free port. */
async function startProductionServer(log: (line: string) => void) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'castline-bench-web-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error('the production server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`frontend: production server with demo data on ${origin}`);
  return {
    origin,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function bundleRows(): BenchRow[] {
  return firstLoadSizes().map((size) => ({
    suite: 'front end: first-load JS (gzip)',
    name: size.route,
    value: size.kilobytes,
    unit: 'KB',
    budgets: [{ metric: 'kilobytes', kind: 'max', limit: size.targetKb ?? size.budgetKb }],
    note: `${size.chunks} chunks; CI holds it to ${size.budgetKb} KB${size.targetKb && size.kilobytes > size.targetKb ? ' until the target is met' : ''}`,
  }));
}

async function lighthouseRows(log: (line: string) => void): Promise<BenchRow[]> {
  const server = await startProductionServer(log);
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'castline-bench-chromium-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir,
  });
  try {
    const listings = (await (await fetch(`${server.origin}/api/listings`)).json()) as {
      items?: { id: string }[];
    };
    const listingId = listings.items?.[0]?.id;
    const pages = [
      { name: 'home /', url: '/' },
      { name: 'marketplace /marketplace', url: '/marketplace' },
      ...(listingId ? [{ name: 'listing /marketplace/:id', url: `/marketplace/${listingId}` }] : []),
      { name: 'forum /forum', url: '/forum' },
    ];
    const rows: BenchRow[] = [];
    for (const page of pages) {
      // One run to warm the server's caches, then the measured runs.
      await lighthouse(`${server.origin}${page.url}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
      });
      const measure = async () => {
        const result = await lighthouse(`${server.origin}${page.url}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
        });
        if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${page.url}`);
        return result.lhr;
      };
      // Lighthouse's own advice on variability: several runs, and the median run reported
      // (computeMedianRun: the run nearest the median FCP and time to interactive).
      const runs = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        let result = await measure();
        // A run that fails to trace the navigation (Chromium now and then reports NO_NAVSTART under
        // load) measured nothing: it is run once more before its error is reported.
        if (result.runtimeError) {
          log(`frontend: Lighthouse ${page.url}: ${result.runtimeError.code}; measuring again`);
          result = await measure();
        }
        if (result.runtimeError)
          log(`frontend: Lighthouse ${page.url}: ${result.runtimeError.code} ${result.runtimeError.message}`);
        runs.push(result);
      }
      const valid = filterToValidRuns(runs);
      const lhr = valid.length > 0 ? computeMedianRun(valid) : runs[runs.length - 1]!;
      // A run whose TBT audit failed on its own (no runtime error) says why instead of "NaN".
      const tbtOfRuns = runs
        .map((run) => {
          const tbt = run.audits['total-blocking-time'];
          return typeof tbt?.numericValue === 'number'
            ? String(Math.round(tbt.numericValue))
            : `none (${tbt?.errorMessage ?? 'not measured'})`;
        })
        .join(' / ');
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const metrics = {
        lcpMs: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        tbtMs: audit('total-blocking-time'),
        fcpMs: audit('first-contentful-paint'),
      };
      log(`frontend: Lighthouse ${page.url}: ${score}`);
      rows.push({
        suite: 'front end: Lighthouse (mobile, simulated throttling)',
        name: page.name,
        value: score,
        metrics,
        budgets: [
          { metric: 'score', kind: 'min', limit: LIGHTHOUSE.score },
          { metric: 'metrics.lcpMs', kind: 'max', limit: LIGHTHOUSE.lcpMs },
          { metric: 'metrics.cls', kind: 'max', limit: LIGHTHOUSE.cls },
          { metric: 'metrics.tbtMs', kind: 'max', limit: LIGHTHOUSE.tbtMs },
        ],
        note: `median of ${runs.length} runs: LCP ${(metrics.lcpMs / 1000).toFixed(2)} s, CLS ${metrics.cls.toFixed(3)}, TBT ${Math.round(metrics.tbtMs)} ms, FCP ${(metrics.fcpMs / 1000).toFixed(2)} s; TBT of the runs ${tbtOfRuns} ms; machine benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
      });
    }
    return rows;
  } finally {
    chrome.kill();
    await server.stop();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

export const run: Suite = async ({ log }) => {
  ensureBuilt(log);
  return [...bundleRows(), ...(await lighthouseRows(log))];
};
