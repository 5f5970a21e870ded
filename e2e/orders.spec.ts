import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, openAs, test, type Member } from './support';

/*
 * A deal carried to its end in two browsers: a buyer buys now, the seller confirms the payment and
 * ships with tracking, the buyer marks it received; an offer under the seller's auto-decline amount
 * is refused; an accepted offer shows as a card in the two members' conversation.
 */

/** A reel of the member's own that ships for $9, with the given terms (through the API). */
async function createReel(
  member: Member,
  baseURL: string,
  title: string,
  price: number,
  terms: Record<string, unknown> = {},
): Promise<string> {
  const response = await member.page.request.post('/api/listings', {
    headers: { origin: new URL(baseURL).origin },
    data: {
      title,
      description: 'Smooth drag, fresh line, always rinsed after salt water.',
      price,
      condition: 'good',
      category: 'reels',
      gear_types: ['Saltwater'],
      images: ['/files/product-images/demo-reels-1.webp'],
      location: 'Austin, TX',
      location_coordinates: { lat: 30.2672, lng: -97.7431 },
      reel_brand: 'Penn',
      reel_type: 'spinning',
      reel_gear_ratio: 'single-speed',
      handover: 'shipping',
      shipping_price: 9,
      handling_days: 2,
      ...terms,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a buyer buys now, the seller confirms payment and ships with tracking, the buyer marks it received, both review and the reviews appear together on both profiles', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = await openAs(browser, baseURL!, DEMO.moderator);
  const buyer = await openAs(browser, baseURL!, DEMO.member);
  const title = `Penn Slammer IV 3500 ${Date.now().toString(36)}`;
  const listingId = await createReel(seller, baseURL!, title, 160);

  // The buyer buys now at the listed price plus shipping.
  await buyer.page.goto(`/marketplace/${listingId}`);
  await buyer.page.getByRole('button', { name: 'Buy now' }).click();
  const dialog = buyer.page.getByRole('dialog', { name: 'Buy now' });
  await expect(dialog.getByText('$169')).toBeVisible();
  await dialog.getByRole('button', { name: 'Buy now' }).click();
  await expect(buyer.page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderPath = new URL(buyer.page.url()).pathname;
  await expect(buyer.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyer.page.getByText('Awaiting payment').first()).toBeVisible();
  await expectNoAxeViolations(buyer.page);

  // The listing is off the market: "Sale pending", and no one else can buy it.
  await seller.page.goto(`/marketplace/${listingId}`);
  await expect(seller.page.getByText('Sale pending').first()).toBeVisible();

  // The seller confirms the payment, then ships with a carrier and a tracking number.
  await seller.page.goto(orderPath);
  await seller.page.getByRole('button', { name: 'Confirm payment received' }).click();
  await seller.page
    .getByRole('dialog', { name: 'Confirm payment received?' })
    .getByRole('button', { name: 'Yes, payment received' })
    .click();
  await expect(seller.page.getByText('Paid').first()).toBeVisible();
  await seller.page.getByRole('button', { name: 'Mark as shipped' }).click();
  const ship = seller.page.getByRole('dialog', { name: 'Mark as shipped' });
  await ship.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
  await ship.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(seller.page.getByRole('list', { name: 'Order timeline' })).toContainText('1Z999AA10123456784');

  // The buyer sees it shipped without reloading, and marks it received: it completes.
  await expect(buyer.page.getByText('Shipped').first()).toBeVisible();
  await expect(buyer.page.getByText('1Z999AA10123456784').first()).toBeVisible();
  await buyer.page.getByRole('button', { name: 'Mark as received' }).click();
  await buyer.page
    .getByRole('dialog', { name: 'Mark as received?' })
    .getByRole('button', { name: 'Yes, I have it' })
    .click();
  await expect(buyer.page.getByText('Completed').first()).toBeVisible();
  const timeline = buyer.page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem');
  await expect(timeline).toHaveCount(5);

  // The buyer reviews the seller: kept from everyone until the seller has reviewed too.
  const buyerWords = `Reel exactly as described, shipped the next morning ${title}`;
  const sellerWords = `Paid at once and easy to deal with ${title}`;
  const buyerForm = buyer.page.getByRole('form', { name: `Review @${seller.username}` });
  // The stars are radio buttons drawn as stars: chosen with the keyboard, as a screen reader would.
  await buyerForm.getByRole('radio', { name: '5 stars' }).focus();
  await buyer.page.keyboard.press('Space');
  await expect(buyerForm.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await buyerForm.getByRole('textbox', { name: 'Your review' }).fill(buyerWords);
  await buyerForm.getByRole('button', { name: 'Post review' }).click();
  await expect(buyer.page.getByText('Your review is in').first()).toBeVisible();
  await seller.page.goto(`/profile/${seller.id}?tab=reviews`);
  await expect(seller.page.getByRole('button', { name: /As seller/ })).toBeVisible();
  await expect(seller.page.getByText(buyerWords)).toHaveCount(0);

  // The seller reviews the buyer: both are visible at once, on both profiles.
  await seller.page.goto(orderPath);
  const sellerForm = seller.page.getByRole('form', { name: `Review @${buyer.username}` });
  await sellerForm.getByRole('radio', { name: '5 stars' }).focus();
  await seller.page.keyboard.press('Space');
  await sellerForm.getByRole('textbox', { name: 'Your review' }).fill(sellerWords);
  await sellerForm.getByRole('button', { name: 'Post review' }).click();
  await expect(seller.page.getByText('Your review is posted: both reviews are visible now')).toBeVisible();
  await expect(seller.page.getByText(buyerWords)).toBeVisible();

  await buyer.page.goto(`/profile/${seller.id}?tab=reviews`);
  await expect(buyer.page.getByText(buyerWords)).toBeVisible();
  await seller.page.goto(`/profile/${buyer.id}?tab=reviews`);
  await seller.page.getByRole('button', { name: /As buyer/ }).click();
  await expect(seller.page.getByText(sellerWords)).toBeVisible();
  await expectNoAxeViolations(seller.page);

  // Both find it in their lists.
  await buyer.page.goto('/orders?role=buying&state=completed');
  await expect(buyer.page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await seller.page.goto('/orders?role=selling');
  await expect(seller.page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expectNoAxeViolations(seller.page);

  await seller.page.context().close();
  await buyer.page.context().close();
});

test('an offer under the auto-decline amount is refused; an accepted offer shows as a card in the conversation', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = await openAs(browser, baseURL!, DEMO.moderator);
  const buyer = await openAs(browser, baseURL!, DEMO.nonCaptain);
  const title = `Daiwa Saltist MQ 5000 ${Date.now().toString(36)}`;
  const listingId = await createReel(seller, baseURL!, title, 240, { auto_decline_below: 150 });

  // Too low: refused in the dialog, and nothing reaches the seller.
  await buyer.page.goto(`/marketplace/${listingId}`);
  await buyer.page.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = buyer.page.getByRole('dialog', { name: 'Make an offer' });
  await dialog.getByRole('textbox', { name: 'Your offer' }).fill('5');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This offer is below what the seller will consider. Try a higher amount.',
  );
  const received = await seller.page.request.get('/api/me/offers?role=received&status=open');
  expect(
    ((await received.json()) as { items: { listing: { id: string } }[] }).items.map((o) => o.listing.id),
  ).not.toContain(listingId);

  // A fair offer goes through; the seller accepts it from the conversation's card.
  await dialog.getByRole('textbox', { name: 'Your offer' }).fill('200');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(buyer.page.getByText('Offer of $200 sent to the seller')).toBeVisible();

  await seller.page.goto(`/messages/${buyer.id}`);
  const sellerThread = seller.page.getByRole('log', { name: `Messages with ${buyer.username}` });
  const card = sellerThread.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByRole('link', { name: 'View order' })).toBeVisible();

  // The buyer's side of the conversation shows the accepted offer as a card, with its order.
  await buyer.page.goto(`/messages/${seller.id}`);
  const buyerCard = buyer.page
    .getByRole('log', { name: `Messages with ${seller.username}` })
    .getByRole('article')
    .filter({ hasText: title });
  await expect(buyerCard.getByText(/Accepted/i).first()).toBeVisible();
  await buyerCard.getByRole('link', { name: 'View order' }).click();
  await expect(buyer.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyer.page.getByText('Awaiting payment').first()).toBeVisible();
  await expectNoAxeViolations(buyer.page);

  await seller.page.context().close();
  await buyer.page.context().close();
});
