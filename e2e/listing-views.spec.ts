import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, signInAs, test } from './support';

/*
 * In the browser: the pages say what really happens to a new listing, and the
 * views the dashboard promises are counted (a reader once a day, the seller never, guests' cached
 * pages included) and shown to the seller alone (docs/decisions/0015-listing-views.md).
 */

// The counts do not depend on the screen; the journey runs once, under the desktop project.

const OTHER_BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

async function createListing(page: Page, baseURL: string, title: string): Promise<string> {
  // A photo the demo data already stored.
  const listed = await page.request.get('/api/listings?pageSize=1');
  const photo = ((await listed.json()) as { items: { images: string[] }[] }).items[0]!.images[0]!;
  const created = await page.request.post('/api/listings', {
    headers: { origin: new URL(baseURL).origin },
    data: {
      title,
      description: 'Two trays, every latch works. Counting who looks at it.',
      price: 35,
      condition: 'good',
      category: 'tackle',
      gear_types: ['Freshwater'],
      images: [photo],
      location: 'Austin, TX',
      location_coordinates: { lat: 30.2672, lng: -97.7431 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** A browser of its own, from its own address (the server trusts the forwarded one here). */
async function visitor(browser: Browser, baseURL: string, address: string, userAgent?: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': address },
    ...(userAgent ? { userAgent } : {}),
  });
  return { context, page: await context.newPage() };
}

/** Opens the listing page and waits for its view beacon's answer. */
async function readListing(page: Page, id: string, title: string): Promise<void> {
  const beacon = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith(`/api/listings/${id}/views`),
  );
  await page.goto(`/marketplace/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect((await beacon).status()).toBe(204);
}

test('views are counted once a day per reader, never for the seller, and shown to the seller alone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Plano 3700 tackle box ${Date.now().toString(36)}`;
  await signInAs(page, baseURL!, DEMO.captain);

  // The form says what the site does with a new listing now: it goes live at once.
  await page.goto('/marketplace/new');
  await expect(
    page.getByText(
      'Your listing appears in the marketplace as soon as you create it. Moderators review new listings and may hide one that breaks the rules.',
    ),
  ).toBeVisible();
  await expect(page.getByText('A moderator reviews each new listing before it appears.')).toHaveCount(0);
  const id = await createListing(page, baseURL!, title);

  const contexts: BrowserContext[] = [];
  try {
    // A guest reads it twice (the second time the page may come from the server's page cache).
    const guest = await visitor(browser, baseURL!, '203.0.113.71');
    contexts.push(guest.context);
    await readListing(guest.page, id, title);
    await readListing(guest.page, id, title);
    // Another browser at the same address, and a member, are readers of their own.
    const otherBrowser = await visitor(browser, baseURL!, '203.0.113.71', OTHER_BROWSER);
    contexts.push(otherBrowser.context);
    await readListing(otherBrowser.page, id, title);
    const member = await visitor(browser, baseURL!, '203.0.113.72');
    contexts.push(member.context);
    await signInAs(member.page, baseURL!, DEMO.member);
    await readListing(member.page, id, title);
    // Nobody but the seller is shown the views.
    await expect(member.page.getByText(/\d+ views?\b/)).toHaveCount(0);

    // The seller's own visit sends no beacon and counts nothing.
    let sellerBeacons = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/listings/${id}/views`))
        sellerBeacons += 1;
    });
    await page.goto(`/marketplace/${id}`);
    await expect(page.getByText('3 views · 0 likes · 0 favourites')).toBeVisible();
    expect(sellerBeacons).toBe(0);

    // The dashboard shows the seller each listing's views and favourites.
    await page.goto('/dashboard');
    const row = page
      .getByRole('region', { name: 'Your listings' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(row.getByText('3 views · 0 favourites')).toBeVisible();
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('while listings need approval, the form says so and a new listing stays out of public view', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const admin = await visitor(browser, baseURL!, '203.0.113.73');
  await signInAs(admin.page, baseURL!, DEMO.admin);
  const setApproval = async (on: boolean) => {
    const saved = await admin.page.request.put('/api/admin/settings', {
      headers: { origin },
      data: { listings_require_approval: on },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };

  await setApproval(true);
  try {
    await signInAs(page, baseURL!, DEMO.captain);
    await page.goto('/marketplace/new');
    await expect(
      page.getByText(
        'A moderator reviews each new listing before it appears: until it is approved, only you and the moderators can see it.',
      ),
    ).toBeVisible();
    const title = `Approval-held jig box ${Date.now().toString(36)}`;
    const id = await createListing(page, baseURL!, title);

    // The seller sees it waiting; a guest finds no such listing.
    await page.goto(`/marketplace/${id}`);
    await expect(
      page.getByText(
        'A moderator will check this listing soon. Until it is approved, only you and the moderators can see it.',
      ),
    ).toBeVisible();
    const guest = await visitor(browser, baseURL!, '203.0.113.74');
    await guest.page.goto(`/marketplace/${id}`);
    await expect(guest.page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await guest.page.goto(`/marketplace?q=${encodeURIComponent(title)}`);
    await expect(guest.page.getByRole('heading', { name: 'No listings match your filters' })).toBeVisible();
    await guest.context.close();
  } finally {
    await setApproval(false);
    await admin.context.close();
  }
});
