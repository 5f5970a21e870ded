import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the built app (npm run build) in the system's Chromium. The server
 * runs on its embedded defaults (PGlite, outbox mail) in a fresh data directory.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'castline-e2e-'));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
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
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      // Not production: the journeys read mailed links at /dev/mailbox, never served in production.
      NODE_ENV: 'test',
      HOST: 'localhost',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      // Journeys sign in from distinct forwarded addresses so per-IP sign-in limits stay per audience.
      TRUST_PROXY: 'true',
    },
  },
});
