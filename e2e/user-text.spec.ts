import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support';

/**
 * The interface font (Inter) has contextual alternates that draw an "x" between digits as "×". What
 * members wrote and the identifiers they go by must show the characters they hold: "angler4x0"
 * stays "angler4x0", never "angler4×0".
 */

const PASSWORD = 'four-by-zero-cast';
let forwardedFor = 60;

/** Signs up a member whose username and email hold "4x0", verifies them by the mailed link, signs in. */
async function signUpAndSignIn(page: Page, baseURL: string, suffix: string) {
  const username = `angler4x0_${suffix}`.slice(0, 20);
  const email = `angler4x0.${suffix}@example.com`;
  forwardedFor += 1;
  const headers = { origin: new URL(baseURL).origin, 'x-forwarded-for': `203.0.113.${forwardedFor}` };
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, username },
    headers,
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.locator('a[href*="/verify-email?token="]').first().click();
  await expect(page.getByText('Your email is verified. You can sign in now.')).toBeVisible();
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email, password: PASSWORD },
    headers,
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return { username, email };
}

/** Loads a page until Inter draws it (the face is `font-display: optional`: the cached face is used). */
async function gotoWithInter(page: Page, path: string, ready: Locator): Promise<void> {
  await page.goto(path);
  await expect(ready).toBeVisible();
  await page.evaluate(() => document.fonts.load('16px "Inter Variable"', '4x0'));
  await expect
    .poll(async () => {
      await page.goto(path);
      await expect(ready).toBeVisible();
      return page.evaluate(() => document.fonts.check('16px "Inter Variable"', '4x0'));
    })
    .toBe(true);
}

/**
 * Widths of "4x0" drawn inside `element` as the page draws it, with contextual alternates forced on
 * and off, and of "4×0".
 */
async function widthsIn(element: Locator) {
  return element.evaluate((node) => {
    const probe = (text: string, style: Partial<CSSStyleDeclaration> = {}) => {
      const span = document.createElement('span');
      span.textContent = text;
      Object.assign(span.style, style);
      node.appendChild(span);
      const width = span.getBoundingClientRect().width;
      span.remove();
      return width;
    };
    return {
      asShown: probe('4x0'),
      alternatesOn: probe('4x0', { fontFeatureSettings: '"calt" 1' }),
      alternatesOff: probe('4x0', { fontFeatureSettings: '"calt" 0' }),
      times: probe('4\u00d70'),
      ligatures: getComputedStyle(node).fontVariantLigatures,
    };
  });
}

async function expectDrawnAsWritten(element: Locator): Promise<void> {
  const widths = await widthsIn(element);
  // The font in use would turn "4x0" into "4×0" with its alternates on (so this test can tell) ...
  expect(widths.alternatesOn, 'Inter draws this text').toBeCloseTo(widths.times, 1);
  expect(Math.abs(widths.alternatesOn - widths.alternatesOff)).toBeGreaterThan(0.5);
  // ... and the page draws the "x" as written.
  expect(widths.asShown).toBeCloseTo(widths.alternatesOff, 1);
  expect(widths.ligatures).toContain('no-contextual');
}

test('a username and an email holding "4x0" are drawn with an x, not a ×', async ({
  page,
  baseURL,
}, testInfo) => {
  const suffix = `${Date.now().toString(36).slice(-6)}${testInfo.project.name[0]}`;
  const { username, email } = await signUpAndSignIn(page, baseURL!, suffix);

  // Settings: the account's email and username (plain text, where the font's alternates apply).
  const settings = page.getByRole('heading', { level: 1, name: 'Settings' });
  await gotoWithInter(page, '/settings', settings);
  const account = page.getByRole('region', { name: 'Account' });
  const shownEmail = account.getByText(email, { exact: true });
  await expect(shownEmail).toBeVisible();
  await expectDrawnAsWritten(shownEmail);
  await expectDrawnAsWritten(account.getByText(username, { exact: true }));

  // The home page's greeting.
  const greeting = page.getByRole('heading', { level: 1, name: `Good to see you, ${username}` });
  await gotoWithInter(page, '/', greeting);
  await expect(greeting).toHaveText(`Good to see you, ${username}`);
  await expectDrawnAsWritten(greeting);

  // Typed text too: the search box draws what is typed.
  await page.goto('/marketplace');
  const search = page.getByRole('searchbox', { name: 'Search listings' });
  await search.fill('4x0');
  const field = await search.evaluate((input) => getComputedStyle(input).fontVariantLigatures);
  expect(field).toContain('no-contextual');
});
