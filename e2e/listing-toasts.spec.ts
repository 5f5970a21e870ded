import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, fillReelListing, signInAs, test } from './support';

const PLEASE_WAIT = 'Please wait until your photos have finished uploading.';
const CREATED = 'Listing created successfully!';

/** Every toast on screen: each has its own close button. */
function toasts(page: Page) {
  return page.getByRole('button', { name: 'Close notification' });
}

test('after creating a listing only the success toast shows, not the photos’ stale ones', async ({
  page,
  baseURL,
}, testInfo) => {
  await signInAs(page, baseURL!, DEMO.member);
  await page.goto('/marketplace/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Listing' })).toBeVisible();
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id)).toEqual([]);
  await fillReelListing(page, {
    title: `Ultralight spinning reel ${Date.now().toString(36)}${testInfo.project.name[0]}`,
    description: 'Light spinning reel, smooth drag, lightly used.',
    price: '45',
    reelBrand: 'Shimano',
    dragSystem: 'single-speed',
    gearType: 'Freshwater',
  });

  // The photo's upload is held until the member has tried to submit.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/uploads/product-images', async (route) => {
    await held;
    await route.continue();
  });
  const photo = await page.request.get('/files/product-images/demo-reels-2.webp');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'reel.webp',
    mimeType: 'image/webp',
    buffer: Buffer.from(await photo.body()),
  });
  await expect(page.getByRole('progressbar').first()).toBeVisible();

  // Toasts close by themselves after 5 s, so what is on screen is counted at once, not waited for.
  await page.getByRole('button', { name: 'Create Listing' }).click();
  const pleaseWait = page.getByRole('status').filter({ hasText: PLEASE_WAIT });
  await expect(pleaseWait).toBeVisible();
  // Asking again does not stack a second one.
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await page.waitForTimeout(300);
  expect(await pleaseWait.count()).toBe(1);

  // The upload finishes: the request to wait is no longer true and goes at once.
  release();
  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toBeVisible({ timeout: 20_000 });
  await expect(pleaseWait).toHaveCount(0, { timeout: 1_000 });

  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByRole('status').filter({ hasText: CREATED })).toBeVisible();
  expect(await toasts(page).count()).toBe(1);
  expect(await page.getByText(PLEASE_WAIT).count()).toBe(0);
  expect(await page.getByText(/^Successfully uploaded/).count()).toBe(0);
});
