import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { isPhone, test } from './support';

/**
 * Finding one's way around the marketplace: back from a listing lands where the member was in the
 * list (however far down, with the pages loaded on the way), and keyboard users skip the header and
 * the filters with skip links.
 */

/** The cards of the results, in order (each card also holds a list of its own details). */
function results(page: Page): Locator {
  return page.getByRole('list', { name: 'Listings' }).locator(':scope > li');
}

/** Scrolls to the end of the list until at least `count` listings are loaded (20 a page). */
async function loadAtLeast(page: Page, count: number): Promise<void> {
  await expect(results(page).first()).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return results(page).count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
}

interface Position {
  scrollY: number;
  top: number;
}

/** Where a card sits in the window, and how far the page is scrolled. */
async function positionOf(page: Page, card: Locator): Promise<Position> {
  const top = await card.evaluate((element) => element.getBoundingClientRect().top);
  return { scrollY: await page.evaluate(() => window.scrollY), top };
}

/**
 * Scrolls the `index`th result card into view (at the window's `block`), notes its link's title and
 * where it sits, then opens it and waits for the listing's heading.
 */
async function openResult(
  page: Page,
  index: number,
  block: 'center' | 'start',
): Promise<{ title: string; before: Position }> {
  const card = results(page).nth(index);
  await card.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
  const link = card.getByRole('link').first();
  const title = (await link.textContent())!.trim();
  const before = await positionOf(page, card);

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return { title, before };
}

test(
  'back from a listing returns the marketplace to the same place in the list',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    await loadAtLeast(page, 40);

    // A card well down the second page, in the middle of the window.
    const { title, before } = await openResult(page, 29, 'center');
    expect(before.scrollY).toBeGreaterThan(1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/marketplace$/);
    const sameCard = page
      .getByRole('list', { name: 'Listings' })
      .getByRole('link', { name: title, exact: true });
    await expect(sameCard).toBeVisible();
    await expect
      .poll(async () => {
        const now = await positionOf(page, results(page).nth(29));
        return Math.abs(now.scrollY - before.scrollY);
      })
      .toBeLessThanOrEqual(2);
    // It stays there (nothing loading late pushes it away).
    await page.waitForTimeout(1_000);
    const after = await positionOf(page, results(page).nth(29));
    expect(Math.abs(after.scrollY - before.scrollY)).toBeLessThanOrEqual(2);
    expect(Math.abs(after.top - before.top)).toBeLessThanOrEqual(2);
    await expect(results(page).nth(29).getByRole('link').first()).toHaveText(title);
  },
);

test(
  'back after a long look at the listing finds the list gone from the cache, loads it again and returns to the same place',
  { tag: '@phone' },
  async ({ page }) => {
    await page.clock.install();
    // Into the marketplace from another page: its pages come from the browser and are kept 5 minutes
    // (a marketplace opened first comes with the server's render, kept longer).
    await page.goto('/early-access-info');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Marketplace' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    await loadAtLeast(page, 40);

    const { title, before } = await openResult(page, 29, 'center');
    // Six minutes on the listing: the list's pages are no longer kept (spec 000 §9: 5 minutes).
    await page.clock.fastForward('06:00');

    await page.goBack();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(results(page).nth(29).getByRole('link').first()).toHaveText(title);
    await expect
      .poll(async () => {
        const now = await positionOf(page, results(page).nth(29));
        return Math.max(Math.abs(now.scrollY - before.scrollY), Math.abs(now.top - before.top));
      })
      .toBeLessThanOrEqual(2);
  },
);

test('back from a listing keeps the search and its place as well', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/marketplace?category=reels');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await loadAtLeast(page, 21);

  const { title, before } = await openResult(page, 17, 'start');
  // The listing's own Close goes back the same way.
  await page.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/\/marketplace\?category=reels$/);
  await expect
    .poll(async () => Math.abs((await positionOf(page, results(page).nth(17))).scrollY - before.scrollY))
    .toBeLessThanOrEqual(2);
  await expect(results(page).nth(17).getByRole('link').first()).toHaveText(title);
});

test(
  'keyboard users skip the header to the page, and the filters to the results',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await page.goto('/marketplace');
    await expect(results(page).first()).toBeVisible();
    // A guest's page arrives drawn by the server (inert) until the app takes it over.
    await expect(page.locator('#root')).not.toHaveAttribute('inert', '');

    // The first Tab stop of the page: hidden until focused, then on screen.
    await page.keyboard.press('Tab');
    const skipToMain = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipToMain).toBeFocused();
    await expect(skipToMain).toBeInViewport();
    expect((await skipToMain.boundingBox())!.width).toBeGreaterThan(40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/marketplace$/);

    // From the top of the page: the search box, then the skip link, then (on a wide screen) the filters.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('searchbox', { name: 'Search listings' })).toBeFocused();
    await page.keyboard.press('Tab');
    const skipToResults = page.getByRole('link', { name: 'Skip to results' });
    await expect(skipToResults).toBeFocused();
    await expect(skipToResults).toBeInViewport();
    expect((await skipToResults.boundingBox())!.width).toBeGreaterThan(40);
    const filterBoxes = page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox');
    if (!isPhone(testInfo)) expect(await filterBoxes.count()).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeFocused();
    await expect(page).toHaveURL(/\/marketplace$/);

    // A few more Tab presses reach the first listing, never a filter.
    const firstListing = results(page).first().getByRole('link').first();
    let tabs = 0;
    while (!(await firstListing.evaluate((el) => el === document.activeElement)) && tabs < 10) {
      await page.keyboard.press('Tab');
      tabs += 1;
      const inFilters = await page.evaluate(() => Boolean(document.activeElement?.closest('aside')));
      expect(inFilters, 'focus went into the filters').toBe(false);
    }
    await expect(firstListing).toBeFocused();
    expect(tabs).toBeLessThan(10);

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  },
);
