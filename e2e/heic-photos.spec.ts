import { readFileSync } from 'node:fs';
import path from 'node:path';
import { devices, expect, type Page } from '@playwright/test';
import { DEMO, fillReelListing, signInAs, test } from './support';

/**
 * HEIC photos (spec 000 §4, §5, §9): on a phone the form converts them to JPEG in the browser
 * (heic-to's eval-free build, in a worker it makes from a blob: URL) and uploads the JPEG; on a desktop the
 * spec's refusal is shown. Both run under the real Content-Security-Policy the server sends.
 */
const HEIC = {
  name: 'IMG_4821.HEIC',
  mimeType: 'image/heic',
  buffer: readFileSync(path.join(import.meta.dirname, 'fixtures', 'lake-480x360.heic')),
};

// Each test picks its own device (a phone with a mobile user agent, or a desktop), so the pair
// runs once, under the desktop project.

/** The violations the page reports: a blocked worker or eval would show here. */
function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

interface SentFile {
  name: string;
  type: string;
  magic: string;
  size: number;
}

/** Runs in the page: keeps the name, type and first bytes of every file the page uploads. */
function recordSentFiles(): void {
  const sentFiles: SentFile[] = [];
  Object.assign(window, { sentFiles });
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
    if (body instanceof FormData) {
      body.forEach((value) => {
        if (!(value instanceof File)) return;
        const record: SentFile = { name: value.name, type: value.type, magic: '', size: value.size };
        sentFiles.push(record);
        void value
          .slice(0, 3)
          .arrayBuffer()
          .then((bytes) => {
            record.magic = Array.from(new Uint8Array(bytes), (byte) =>
              byte.toString(16).padStart(2, '0'),
            ).join('');
          });
      });
    }
    return send.call(this, body);
  };
}

test('on a phone a HEIC photo is converted to JPEG, uploaded, and the listing is created', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7'];
  const context = await browser.newContext({ ...pixel, baseURL: baseURL! });
  await context.addInitScript(recordSentFiles);
  const page = await context.newPage();
  const violations = collectCspViolations(page);
  expect(await page.evaluate(() => navigator.userAgent)).toMatch(/Android.*Mobile/);

  const title = `Phone-photographed spinning reel ${Date.now().toString(36)}`;
  await signInAs(page, baseURL!, DEMO.member);
  await page.goto('/marketplace/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Listing' })).toBeVisible();
  await fillReelListing(page, {
    title,
    description: 'Photographed on a phone: the HEIC photo is converted to JPEG before it goes up.',
    price: '65',
    reelBrand: 'Penn',
    dragSystem: 'star-drag',
    gearType: 'Freshwater',
  });

  const upload = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/uploads/product-images'),
  );
  await page.locator('input[type="file"]').setInputFiles(HEIC);
  // The server cannot decode HEIC (it would refuse the photo); it takes what the phone converted.
  expect((await upload).status()).toBe(201);
  // Converted in the browser: what went up is a JPEG named after the photo.
  const sent = await page.evaluate(() => (window as unknown as { sentFiles: SentFile[] }).sentFiles);
  expect(sent).toEqual([
    { name: 'IMG_4821.jpg', type: 'image/jpeg', magic: 'ffd8ff', size: expect.any(Number) },
  ]);

  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Checking photos…')).toBeHidden();
  // The uploaded photo is drawn from its stored copy at the photo's own size.
  const thumbnail = page.locator('img[src*="/files/product-images/"]').first();
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/listings'),
  );
  await page.getByRole('button', { name: 'Create Listing' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const listing = (await response.json()) as { id: string; images: string[] };
  expect(listing.images).toHaveLength(1);
  await expect(page.getByText('Listing created successfully!')).toBeVisible();

  // The stored photo is the converted picture, at the HEIC photo's own 480×360, on the listing page.
  const storedSize = await page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    return { width: bitmap.width, height: bitmap.height };
  }, listing.images[0]!);
  expect(storedSize).toEqual({ width: 480, height: 360 });
  await page.goto(`/marketplace/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const photo = page.locator(`img[src*="${new URL(listing.images[0]!, baseURL).pathname}"]`).first();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(violations).toEqual([]);
  await context.close();
});

test('on a desktop a HEIC photo is refused with the spec text', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, baseURL!, DEMO.member);
  await page.goto('/marketplace/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Listing' })).toBeVisible();
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/uploads/product-images')) uploads += 1;
  });
  await page.locator('input[type="file"]').setInputFiles(HEIC);
  const problems = page.getByRole('alert');
  await expect(
    problems.getByText('IMG_4821.HEIC is a HEIC image which is only supported on mobile devices'),
  ).toBeVisible();
  await expect(
    problems.getByText('Convert it to JPEG or PNG on your computer and add it again.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toHaveCount(0);
  expect(uploads).toBe(0);
  await context.close();
});
