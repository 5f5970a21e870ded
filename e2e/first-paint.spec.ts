import { expect, type Page } from '@playwright/test';
import { DEMO, signInAs, test } from './support';

/*
 * A guest's public pages arrive rendered by the server (docs/decisions/0012): readable before any
 * script runs, then taken over by the app without asking the server for the same data again.
 */

interface Item {
  id: string;
  title: string;
}

/** The first item of a list the API answers (`{ items }`): demo data the journeys look for. */
async function firstItem(page: Page, path: string): Promise<Item> {
  const response = await page.request.get(path);
  const item = ((await response.json()) as { items: Item[] }).items[0];
  if (!item) throw new Error(`the demo data has nothing at ${path}`);
  return item;
}

const firstListing = (page: Page) => firstItem(page, '/api/listings?sort=newest&page=1&pageSize=20');
const firstPost = (page: Page) => firstItem(page, '/api/forum/posts');

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test("a guest reads the marketplace, a listing and the forum from the server's first paint", async ({
    page,
  }) => {
    const listing = await firstListing(page);
    const post = await firstPost(page);

    await page.goto('/marketplace');
    await expect(page).toHaveTitle('Marketplace · Castline');
    await expect(page.locator('h1', { hasText: 'Marketplace' })).toBeVisible();
    const card = page.locator(`a[href^="/marketplace/${listing.id}"]`).first();
    await expect(card).toContainText(listing.title);
    // The top cards' photos are loaded, not waiting for a script to find them.
    const photo = page.locator('main ul img').first();
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    await page.goto(`/marketplace/${listing.id}`);
    await expect(page).toHaveTitle(`${listing.title} · Castline`);
    await expect(page.locator('h1', { hasText: listing.title })).toBeVisible();

    await page.goto('/forum');
    await expect(page.locator('main')).toContainText(post.title);
  });
});

test('the app takes a guest’s rendered page over without loading its data again', async ({ page }) => {
  const repeatedRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/listings' || url.pathname === '/api/auth/session') {
      repeatedRequests.push(url.pathname);
    }
  });

  await page.goto('/marketplace');
  // The rendered page takes no clicks until the app has drawn over it.
  await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Listings' }).getByRole('listitem').first()).toBeVisible();
  expect(repeatedRequests).toEqual([]);
  await expect(page.locator('#cl-page-data')).toHaveCount(0);

  // It works as the app: a search narrows the list through the API.
  const listing = await firstListing(page);
  const word = listing.title.split(' ')[0] ?? listing.title;
  const search = page.getByRole('searchbox', { name: 'Search listings' });
  await search.fill(word);
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('list', { name: 'Listings' })).toContainText(word);
});

test('a signed-in member gets their own page, never a guest’s', async ({ page, baseURL }) => {
  await signInAs(page, baseURL ?? '', DEMO.member);
  const response = await page.goto('/marketplace');
  expect(await response?.text()).not.toContain('cl-page-data');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toHaveCount(0);
});

test('when the app’s code cannot load, a guest’s rendered page still works as plain links', async ({
  page,
}) => {
  const listing = await firstListing(page);
  // The entry script: the first thing /start.js asks for once the page is painted.
  const entry = /data-entry="([^"]+)"/.exec(await (await page.request.get('/marketplace')).text())?.[1];
  expect(entry).toMatch(/^\/assets\/.+\.js$/);
  await page.route(`**${entry}`, (route) => route.abort());

  await page.goto('/marketplace');
  await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
  await page.locator(`a[href^="/marketplace/${listing.id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/marketplace/${listing.id}`));
  await expect(page.locator('h1', { hasText: listing.title })).toBeVisible();
});
