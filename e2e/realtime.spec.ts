import { expect, type Page } from '@playwright/test';
import { DEMO, openAs, test, screenshot, type Member } from './support';

/*
 * Two members in two browsers: a message arrives live, is seen, presence follows a member who
 * leaves, and an offer goes back and forth until the buyer accepts the counter and it is an order.
 * Desktop only (two windows side by side); the phone layout of these pages is covered by the
 * shell journey.
 */

/** A listing of the member's own, made through the API (the listing form has its own journey). */
async function createListing(
  member: Member,
  baseURL: string,
  title: string,
  price: number,
  category: 'reels' | 'tackle' = 'reels',
): Promise<string> {
  const reel = { reel_brand: 'Penn', reel_type: 'spinning', reel_gear_ratio: 'single-speed' };
  const response = await member.page.request.post('/api/listings', {
    headers: { origin: new URL(baseURL).origin },
    data: {
      title,
      description: 'Lightly used, always rinsed after salt water. Pick-up or shipping.',
      price,
      condition: 'good',
      category,
      gear_types: ['Saltwater'],
      images: ['/files/product-images/demo-reels-1.webp'],
      location: 'Austin, TX',
      location_coordinates: { lat: 30.2672, lng: -97.7431 },
      ...(category === 'reels' ? reel : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The header's bell carries the unread count in its name. */
function bell(page: Page) {
  return page.getByRole('button', { name: /^Notifications/ });
}

/** The bell's name for `unread` notifications: the count its badge shows (9+ above 9). */
function bellName(unread: number): string {
  return unread > 0 ? `Notifications, ${unread > 9 ? '9+' : unread} unread` : 'Notifications';
}

async function unreadNotifications(page: Page): Promise<number> {
  const response = await page.request.get('/api/me/unread');
  return ((await response.json()) as { notifications: number }).notifications;
}

/** Opens the bell and chooses the newest notification titled `title`. */
async function openNotification(page: Page, title: string): Promise<void> {
  await bell(page).click();
  const menu = page.getByRole('menu');
  await menu
    .getByRole('menuitem', { name: new RegExp(title) })
    .first()
    .click();
}

test('two members message live, see each other, and settle an offer', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const a = await openAs(browser, baseURL!, DEMO.moderator);
  let b = await openAs(browser, baseURL!, DEMO.nonCaptain);
  const stamp = Date.now().toString(36);
  const bListing = await createListing(b, baseURL!, `Penn Battle III 4000 ${stamp}`, 95);
  const aListing = await createListing(a, baseURL!, `Penn Spinfisher VI 5500 ${stamp}`, 120);

  // B waits on the marketplace; nothing reloads this page from here on.
  await b.page.goto('/marketplace');
  await expect(b.page.getByRole('heading', { level: 1 })).toBeVisible();
  const bUnreadBefore = await unreadNotifications(b.page);
  await expect(b.page.getByRole('button', { name: /unread messages/ })).toHaveCount(0);

  // A messages B from B's listing.
  await a.page.goto(`/marketplace/${bListing}`);
  await a.page.getByRole('link', { name: 'Message seller' }).click();
  await expect(a.page).toHaveURL(new RegExp(`/messages/${b.id}\\?listing=${bListing}`));
  await expect(
    a.page.getByRole('link', { name: new RegExp(`Listing: Penn Battle III 4000 ${stamp}`) }),
  ).toBeVisible();
  const composer = a.page.getByRole('textbox', { name: /Message/ });
  await composer.fill('Is the reel still available? Specs: https://example.com/penn-battle');
  await composer.press('Enter');
  const thread = a.page.getByRole('log', { name: `Messages with ${b.username}` });
  await expect(thread.getByText('Is the reel still available?')).toBeVisible();
  await expect(thread.getByText('Sent', { exact: true })).toBeVisible();

  // B sees it arrive without reloading: the menu's unread dot and the bell's count rise.
  await expect(b.page.getByRole('button', { name: /unread messages/ })).toBeVisible();
  await expect(bell(b.page)).toHaveAccessibleName(bellName(bUnreadBefore + 1));

  // B opens the conversation from the list.
  await b.page.goto('/messages');
  const row = b.page.getByRole('link', { name: new RegExp(a.username) });
  await expect(row).toContainText('1 unread messages');
  await row.click();
  const bThread = b.page.getByRole('log', { name: `Messages with ${a.username}` });
  await expect(bThread.getByRole('link', { name: 'https://example.com/penn-battle' })).toHaveAttribute(
    'rel',
    /noopener/,
  );
  await screenshot(b.page, testInfo, 'messages-thread');

  // A sees "Seen"; B's badge clears.
  await expect(thread.getByText('Seen', { exact: true })).toBeVisible();
  await expect(b.page.getByRole('button', { name: /unread messages/ })).toHaveCount(0);

  // B is online in A's thread header; when B leaves, A sees when B was last seen.
  const header = a.page.getByRole('heading', { level: 2, name: b.username }).locator('..');
  await expect(header.getByText('Online')).toBeVisible();
  await b.page.context().close();
  await expect(header.getByText(/^Last seen/)).toBeVisible({ timeout: 15_000 });

  // B comes back and makes an offer on A's listing.
  b = await openAs(browser, baseURL!, DEMO.nonCaptain);
  await b.page.goto(`/marketplace/${aListing}`);
  await b.page.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = b.page.getByRole('dialog', { name: 'Make an offer' });
  await dialog.getByRole('textbox', { name: 'Your offer' }).fill('90');
  await dialog.getByRole('textbox', { name: /Note to the seller/ }).fill('Cash on pick-up this weekend.');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(b.page.getByText('Offer of $90 sent to the seller')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A is told live, follows the notification to offers received and counters.
  await a.page.goto('/marketplace');
  await openNotification(a.page, 'New Offer');
  await expect(a.page).toHaveURL(/\/profile\?tab=offers-received/);
  const received = a.page.getByRole('article').filter({ hasText: `Penn Spinfisher VI 5500 ${stamp}` });
  await received.getByRole('button', { name: 'Counter' }).click();
  // The counter form opens with its amount ready to type.
  await expect(received.getByRole('textbox', { name: 'Counter amount' })).toBeFocused();
  await received.getByRole('textbox', { name: 'Counter amount' }).fill('105');
  await received.getByRole('button', { name: 'Send counter' }).click();
  await expect(received.getByText(/Countered/i).first()).toBeVisible();

  // B follows the counter notification to offers made and accepts.
  await b.page.goto('/marketplace');
  await openNotification(b.page, 'Counter Offer');
  await expect(b.page).toHaveURL(/\/profile\?tab=offers-made/);
  const made = b.page.getByRole('article').filter({ hasText: `Penn Spinfisher VI 5500 ${stamp}` });
  await made.getByRole('button', { name: 'Accept counter' }).click();
  await expect(made.getByText(/Accepted/i).first()).toBeVisible();

  // The accepted counter is an order now: A sees it live, with the way to the order.
  await expect(received.getByText(/Accepted/i).first()).toBeVisible();
  await expect(received.getByRole('link', { name: 'View order' })).toBeVisible();
  await screenshot(a.page, testInfo, 'offers-received');

  // A's notification leads to the offers received; B finds the order among their purchases.
  await openNotification(a.page, 'Offer Accepted');
  await expect(a.page).toHaveURL(/\/profile\?tab=offers-received/);
  await made.getByRole('link', { name: 'View order' }).click();
  await expect(
    b.page.getByRole('heading', { level: 1, name: `Penn Spinfisher VI 5500 ${stamp}` }),
  ).toBeVisible();
  await expect(b.page.getByText('Awaiting payment').first()).toBeVisible();

  await a.page.context().close();
  await b.page.context().close();
});

test('a saved search alerts its captain to a matching new listing and not to others', async ({
  browser,
  baseURL,
}) => {
  const captain = await openAs(browser, baseURL!, DEMO.captain);
  const seller = await openAs(browser, baseURL!, DEMO.moderator);
  const word = `lure${Date.now().toString(36)}`;

  // The captain searches reels for a word and saves the search as an alert.
  await captain.page.goto(`/marketplace?q=${word}&category=reels`);
  await captain.page.getByRole('button', { name: 'Save search' }).click();
  const dialog = captain.page.getByRole('dialog', { name: 'Save search' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Reels ${word}`);
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog).toBeHidden();
  const before = await unreadNotifications(captain.page);

  // A listing in another category does not match; a reel with the word does.
  await createListing(seller, baseURL!, `Tackle box ${word}`, 40, 'tackle');
  await createListing(seller, baseURL!, `Daiwa BG 3000 ${word}`, 110);

  // The bell rises live (other saved alerts of the captain may match too).
  await expect.poll(() => unreadNotifications(captain.page)).toBeGreaterThan(before);
  await expect(bell(captain.page)).toHaveAccessibleName(bellName(await unreadNotifications(captain.page)));
  await bell(captain.page).click();
  const menu = captain.page.getByRole('menu');
  await menu.getByRole('menuitemradio', { name: 'Saved searches' }).click();
  await expect(menu.getByRole('menuitem', { name: new RegExp(`Tackle box ${word} matches`) })).toHaveCount(0);
  await menu
    .getByRole('menuitem', { name: new RegExp(`Daiwa BG 3000 ${word} matches .*Reels ${word}`) })
    .click();
  await expect(captain.page).toHaveURL(/\/captains-club\?tab=notifications/);

  // The club's matches list the reel under this alert, and not the tackle box.
  await captain.page.goto('/captains-club?tab=matches');
  const matches = captain.page.getByRole('list', { name: 'Matches' });
  // Once, naming every saved search of the captain it matched.
  const mine = matches.getByRole('listitem').filter({ hasText: `Reels ${word}` });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`Daiwa BG 3000 ${word}`);
  await expect(matches.getByText(`Tackle box ${word}`)).toHaveCount(0);

  await captain.page.context().close();
  await seller.page.context().close();
});
