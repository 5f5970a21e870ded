import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { DEMO, fillReelListing, signInAs, test } from './support';

test('a member lists a reel with free shipping and 14-day returns; its card and page show the terms, and the Free shipping filter finds it but not a pickup-only listing', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const unique = `terms${Date.now().toString(36)}${testInfo.project.name === 'phone' ? 'p' : 'd'}`;
  const title = `Shimano Stradic FL 4000 ${unique}`;
  const pickupTitle = `Daiwa BG 3000 pickup ${unique}`;

  await signInAs(page, baseURL!, DEMO.captain);
  await page.goto('/marketplace/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Listing' })).toBeVisible();
  await fillReelListing(page, {
    title,
    description: 'Fished one season, fresh grease, boxed.',
    price: '180',
    reelBrand: 'Shimano',
    dragSystem: 'single-speed',
    gearType: 'Freshwater',
  });

  // Delivery and terms: shipping only, free, returns within 14 days.
  const terms = page.getByRole('region', { name: 'Delivery and terms' });
  await expect(terms.getByRole('radio', { name: 'Local pickup only' })).toBeChecked();
  await expect(terms.getByLabel('Shipping price (USD)')).toBeHidden();
  await terms.getByRole('radio', { name: 'Shipping only' }).check();
  await terms.getByRole('checkbox', { name: 'Free shipping' }).check();
  await expect(terms.getByLabel('Shipping price (USD)')).toBeDisabled();
  await expect(terms.getByLabel('Shipping price (USD)')).toHaveValue('0');
  await expect(terms.getByRole('checkbox', { name: 'Accept offers' })).toBeChecked();
  await terms.getByRole('checkbox', { name: 'Accept returns' }).check();
  await terms.getByLabel('Return window').selectOption('14');
  const axeForm = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    axeForm.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  const photo = {
    name: 'reel.webp',
    mimeType: 'image/webp',
    buffer: Buffer.from(await (await page.request.get('/files/product-images/demo-reels-2.webp')).body()),
  };
  await page.locator('input[type="file"]').setInputFiles([photo]);
  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Listing created successfully!')).toBeVisible();

  // A pickup-only listing of the same seller, written through the API (no terms: pickup only).
  const created = await page.request.post('/api/listings', {
    headers: { origin: new URL(baseURL!).origin },
    data: {
      title: pickupTitle,
      description: 'Pickup in Austin only.',
      price: 60,
      condition: 'good',
      category: 'reels',
      gear_types: ['Freshwater'],
      images: ['/files/product-images/demo-reels-2.webp'],
      location: 'Austin, TX',
      location_coordinates: { lat: 30.2672, lng: -97.7431 },
      reel_brand: 'Daiwa',
      reel_type: 'spinning',
      reel_gear_ratio: 'single-speed',
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The cards carry one tag for their terms.
  await page.goto(`/marketplace?q=${unique}`);
  const card = page.getByRole('article', { name: title });
  const pickupCard = page.getByRole('article', { name: pickupTitle });
  await expect(card.getByRole('list', { name: 'Details' })).toContainText('Free shipping');
  await expect(pickupCard.getByRole('list', { name: 'Details' })).toContainText('Pickup only');

  // Free shipping keeps the shipped reel and leaves the pickup-only one out.
  const delivery = page.getByRole('group', { name: 'Delivery' });
  // The filters follow the address: a control shows its new state once the address has it.
  await delivery.getByRole('checkbox', { name: 'Free shipping' }).click();
  await expect(page).toHaveURL(/free_shipping=true/);
  await expect(delivery.getByRole('checkbox', { name: 'Free shipping' })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Free shipping');
  await expect(card).toBeVisible();
  await expect(pickupCard).toBeHidden();
  await delivery.getByRole('radio', { name: 'Local pickup' }).click();
  await expect(page).toHaveURL(/handover=pickup/);
  await expect(delivery.getByRole('radio', { name: 'Local pickup' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'No listings match your filters' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/free_shipping|handover/);

  // Its page shows the terms near the price.
  await page.goto(`/marketplace?q=${unique}&free_shipping=true`);
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const block = page.getByRole('region', { name: 'Delivery and terms' });
  await expect(block).toContainText('Shipping only');
  await expect(block).toContainText('Free shipping');
  await expect(block).toContainText('Austin, TX');
  await expect(block).toContainText('Ships within 2 business days');
  await expect(block).toContainText('Offers accepted');
  await expect(block).toContainText('Returns accepted within 14 days');
  const axeDetail = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    axeDetail.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
