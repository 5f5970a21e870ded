// `npm test`: the whole suite. The feature-boundary counts (scripts/check-boundaries.mjs), unit
// and integration tests (Vitest: shared, server on PGlite, web), the server suite again on PostgreSQL when TEST_DATABASE_URL is set, then the browser
// journeys (Playwright) against the built app in system Chromium, after holding each route's
// first-load JavaScript to its budget. Ends with one line
// "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { findChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
// The reliability and security tests append their figures here (apps/server/test/figures.ts).
const figuresFile = path.join(reports, 'figures.jsonl');
process.env.CASTLINE_FIGURES_FILE = figuresFile;
let failedSteps = [];
// Each failed test by name with the first line of its failure, repeated at the end of the run so
// that the last lines of a CI log say what failed.
const failedTests = [];

function firstLine(text) {
  const line = stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((part) => part.trim());
  return line ? line.trim().slice(0, 300) : '';
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `  ${label}: ${result.status === 0 ? 'ok' : `failed (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

/** The figures of the reliability and security tests, one table (docs/security.md). */
function printFigures() {
  let lines = [];
  try {
    lines = readFileSync(figuresFile, 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    return;
  }
  console.log('\nReliability and security figures');
  const rows = lines.map((line) => JSON.parse(line));
  // Load is measured by the benchmark, not here: its last recorded figure (bench/results).
  try {
    const bench = JSON.parse(readFileSync(path.join(root, 'bench', 'results', 'latest.json'), 'utf8'));
    const load = bench.rows.find((row) => row.suite.startsWith('load ('));
    if (load) {
      rows.push({
        test: 'load (last npm run bench)',
        figure: `${load.suite.replace(/^load \((.*)\)$/, '$1')}: p99 ${load.timings.p99.toFixed(1)} ms, ${load.metrics.serverErrors} 5xx, heap ${load.metrics.heapGrowthMb >= 0 ? '+' : ''}${load.metrics.heapGrowthMb.toFixed(1)} MB (${bench.at.slice(0, 10)})`,
      });
    }
  } catch {
    // No benchmark results in this checkout.
  }
  const width = Math.max(...rows.map((row) => row.test.length));
  for (const row of rows) console.log(`  ${row.test.padEnd(width)}  ${row.figure}`);
}

function countVitest(file, label) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    for (const suite of report.testResults ?? []) {
      const name = path.relative(root, suite.name);
      const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) {
        failedTests.push(
          `${label}: ${name} › ${test.fullName}\n      ${firstLine(test.failureMessages?.[0])}`,
        );
      }
      if (!failed.length && suite.status === 'failed') {
        failedTests.push(`${label}: ${name}\n      ${firstLine(suite.message)}`);
      }
    }
    totals.passed += report.numPassedTests;
    totals.failed +=
      report.numFailedTests +
      (report.numTotalTestSuites > 0 && report.success === false && report.numFailedTests === 0 ? 1 : 0);
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

function collectPlaywrightFailures(suite, titles) {
  const here = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const error = test.results?.find((result) => result.error)?.error;
      failedTests.push(
        `browser journeys (${test.projectName}${test.status === 'flaky' ? ', flaky' : ''}): ${spec.file}:${spec.line} › ${[...here, spec.title].join(' › ')}\n      ${firstLine(error?.message)}`,
      );
    }
  }
  for (const child of suite.suites ?? []) collectPlaywrightFailures(child, here);
}

function countPlaywright(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    for (const suite of report.suites ?? []) collectPlaywrightFailures(suite, []);
    totals.passed += report.stats.expected;
    totals.failed += report.stats.unexpected + report.stats.flaky;
    totals.skipped += report.stats.skipped;
  } catch {
    totals.failed += 1;
  }
}

// How features reach each other (scripts/check-boundaries.mjs): counts that may only go down.
if (!only || only === 'unit') {
  if (run('feature boundaries', process.execPath, [path.join(root, 'scripts', 'check-boundaries.mjs')])) {
    totals.passed += 1;
  } else {
    totals.failed += 1;
  }
}

const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
if (!only || only === 'unit') {
  const file = path.join(reports, 'vitest.json');
  run(
    'unit and integration tests (PGlite)',
    vitest,
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    {
      CASTLINE_TEST_ENGINE: 'pglite',
    },
  );
  countVitest(file, 'PGlite');
  if (process.env.TEST_DATABASE_URL) {
    const pgFile = path.join(reports, 'vitest-postgres.json');
    run(
      'server integration tests (PostgreSQL)',
      vitest,
      [
        'run',
        '--project',
        'server (postgres)',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${pgFile}`,
      ],
      {
        CASTLINE_TEST_ENGINE: 'postgres',
      },
    );
    countVitest(pgFile, 'PostgreSQL');
  } else {
    console.log('\n(TEST_DATABASE_URL is not set: the server suite ran on PGlite only.)');
  }
}

if (!only || only === 'e2e') {
  let chromium;
  try {
    chromium = findChromium();
  } catch (error) {
    console.error(`\n${error.message}`);
    process.exit(1);
  }
  if (run('build', 'npm', ['run', 'build', '--silent'])) {
    // Each route's first-load JavaScript against apps/web/bundle-budgets.json (one check, counted as a test).
    if (
      run('first-load JavaScript budgets', process.execPath, [path.join(root, 'scripts', 'bundle-size.mjs')])
    ) {
      totals.passed += 1;
    } else {
      totals.failed += 1;
    }
    const file = path.join(reports, 'playwright.json');
    run(
      'browser journeys (Playwright, Chromium)',
      path.join(root, 'node_modules', '.bin', 'playwright'),
      ['test', '-c', 'e2e/playwright.config.ts'],
      {
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      },
    );
    countPlaywright(file);
  }
}

printFigures();
if (failedTests.length) {
  console.log(`\nFailed tests (${failedTests.length})`);
  for (const line of failedTests) console.log(`  ${line}`);
}
console.log(
  `\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}${totals.skipped ? ` (${totals.skipped} skipped)` : ''}`,
);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
