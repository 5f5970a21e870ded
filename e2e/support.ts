import { appendFileSync } from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { serverUrl } from './servers';

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

/** A uuid no row has: detail pages must say "not found" for it. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

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

/** The windows `openAs` opened and the journey has not closed yet. */
const openedWindows = new Set<BrowserContext>();

/**
 * Playwright's `test` for every journey. It points the journey at its worker's own server
 * (e2e/servers.ts), and closes every window `openAs` opened when the journey ends, passed or
 * failed: a member's window left open on a conversation would mark the next journey's messages
 * read as they arrive (the worker's browser outlives each journey).
 */
export const test = base.extend<{ closeMembersWindows: void }>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverUrl(testInfo.parallelIndex));
  },
  closeMembersWindows: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      await Promise.all([...openedWindows].map((context) => context.close()));
      openedWindows.clear();
    },
    { auto: true },
  ],
});

/** A demo member signed in in a browser window of their own (desktop size), with their id and name. */
export interface Member {
  page: Page;
  id: string;
  username: string;
}

export async function openAs(browser: Browser, baseURL: string, email: string): Promise<Member> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  openedWindows.add(context);
  context.once('close', () => openedWindows.delete(context));
  const page = await context.newPage();
  await signInAs(page, baseURL, email);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string; username: string };
  return { page, id: me.id, username: me.username };
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

/** Picks the first suggestion of a place combobox after typing `text`. */
export async function choosePlace(page: Page, label: string, text: string, option: RegExp): Promise<void> {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(text);
  await page.getByRole('option', { name: option }).first().click();
  await expect(field).toHaveValue(option);
}

export interface ReelListing {
  title: string;
  description: string;
  /** What is typed into Price (USD), e.g. '65'. */
  price: string;
  reelBrand: string;
  dragSystem: string;
  gearType: 'Freshwater' | 'Saltwater';
}

/**
 * Fills the listing form (on /marketplace/new) for a spinning reel in the reels category, located in
 * Austin, TX (chosen from the suggestions). Photos and submitting are left to the journey.
 */
export async function fillReelListing(page: Page, listing: ReelListing): Promise<void> {
  await page.getByLabel('Title', { exact: true }).fill(listing.title);
  await page.getByLabel('Description', { exact: true }).fill(listing.description);
  await page.getByLabel('Category', { exact: true }).selectOption('reels');
  await page.getByRole('group', { name: 'Gear types' }).getByLabel(listing.gearType).check();
  await page.getByLabel('Price (USD)', { exact: true }).fill(listing.price);
  await page.getByLabel('Reel brand', { exact: true }).selectOption(listing.reelBrand);
  await page.getByLabel('Reel type', { exact: true }).selectOption('spinning');
  await page.getByLabel('Drag System', { exact: true }).selectOption(listing.dragSystem);
  await choosePlace(page, 'Location', 'Austin', /^Austin, TX/);
}
