import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, serverUrl } from './servers';

/**
 * Browser journeys against the built app (npm run build) in the system's Chromium. Each worker
 * drives a server of its own (e2e/servers.ts), on its embedded defaults (PGlite, outbox mail) in
 * a fresh data directory: journeys import `test` from ./support, which points them at it.
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two at once on a two-core machine: one journey at a time left the cores about 40% idle
  // (waiting on the server, the browser and the network in turn). Measured here: the 71 journeys
  // took 14.0 minutes one at a time and 9.2 minutes two at once.
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(tmpdir(), 'castline-playwright.json'),
      },
    ],
  ],
  outputDir: path.join(tmpdir(), 'castline-e2e-results'),
  use: {
    // Worker 0's server; ./support's `test` gives each worker its own.
    baseURL: serverUrl(0),
    // A failed journey keeps its trace (actions, network, DOM snapshots) without a screencast,
    // which every journey recorded and a passing one threw away (one pair of runs of the shell
    // and XSS journeys here: 3 min 55 s with it, 3 min 31 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Every journey runs on desktop. The phone runs those whose page differs on a phone, tagged
  // @phone: the mobile menu and bottom bar, the filter sheet, layouts and the axe sweep at phone
  // width. @phone-only marks a check of phone width alone (desktop has no use for it). Journeys
  // that open their own windows or devices, and checks of the server or of text, run once.
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      grepInvert: /@phone-only/,
    },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      grep: /@phone/,
    },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const url = serverUrl(index);
    return {
      command: 'node apps/server/dist/main.js',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${url}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
      env: {
        // Not production: the journeys read mailed links at /dev/mailbox, never served in production.
        NODE_ENV: 'test',
        HOST: 'localhost',
        PORT: new URL(url).port,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'castline-e2e-')),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        // Journeys sign in from distinct forwarded addresses so per-IP sign-in limits stay per audience.
        TRUST_PROXY: 'true',
      },
    };
  }),
});
