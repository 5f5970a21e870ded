import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** The demo seed's shared password (apps/server/src/seed/demo-seed.ts). */
export const DEMO_PASSWORD = 'castline-demo';

export const DEMO = {
  admin: 'admin@castline.test',
  moderator: 'moderator@castline.test',
  nonCaptain: 'landlubber@castline.test',
  captain: 'captain.ahab@castline.test',
  member: 'flyfisher.fran@castline.test',
} as const;

/** Where the shell screenshots go (named in the README). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, 'screenshots');

let forwardedFor = 10;

/**
 * Signs a demo member in through the API (cookies land in the page's browser context). Each call
 * comes from its own forwarded address, so per-IP sign-in limits never couple the journeys.
 */
export async function signInAs(page: Page, baseURL: string, email: string): Promise<void> {
  forwardedFor += 1;
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email, password: DEMO_PASSWORD },
    headers: {
      origin: new URL(baseURL).origin,
      'x-forwarded-for': `198.51.100.${forwardedFor}`,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'phone';
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${testInfo.project.name}-${name}.png`),
    animations: 'disabled',
  });
}

/** A reliability or security figure: printed, and kept for the table `npm test` ends with. */
export function recordFigure(test: string, figure: string): void {
  console.log(`${test}: ${figure}`);
  const file = process.env.CASTLINE_FIGURES_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ test, figure })}\n`);
}
