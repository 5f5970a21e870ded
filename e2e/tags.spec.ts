import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, fillReelListing, signInAs, test } from './support';

/*
 * Tags join the two halves of Castline: a member tags a listing redfish and surf; the redfish tag
 * page shows a demo topic (the talk) beside that listing (the gear); the marketplace filters by the
 * tag from the address and from the filter panel. axe checks the tag page and the picker.
 */

async function expectNoAxeViolations(page: Page, selector = 'main'): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a tagged listing shows on its tag page beside the talk, and the marketplace filters by the tag', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Penn Spinfisher VI 5500 surf reel ${Date.now().toString(36)}`;

  await signInAs(page, baseURL!, DEMO.captain);
  await page.goto('/marketplace/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Listing' })).toBeVisible();
  await fillReelListing(page, {
    title,
    description: 'Sealed for surf work; spooled with 30 lb braid for bull reds off the beach.',
    price: '129',
    reelBrand: 'Penn',
    dragSystem: 'star-drag',
    gearType: 'Saltwater',
  });
  // The tag picker: two groups of checkboxes, chosen with the keyboard.
  const picker = page.getByRole('group', { name: /^Tags/ });
  await picker.getByRole('group', { name: 'Species' }).getByRole('checkbox', { name: 'Redfish' }).check();
  const surf = picker.getByRole('group', { name: 'Technique' }).getByRole('checkbox', { name: 'Surf' });
  await surf.focus();
  await page.keyboard.press('Space');
  await expect(surf).toBeChecked();
  await expect(picker.getByText('2 of 5 chosen')).toBeVisible();
  await expectNoAxeViolations(page, '[data-field="tags"]');

  const photo = Buffer.from(await (await page.request.get('/files/product-images/demo-reels-2.webp')).body());
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'reel.webp', mimeType: 'image/webp', buffer: photo });
  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Listing created successfully!')).toBeVisible();

  // The redfish tag page: the talk (demo topics) and the gear (the new listing).
  await page.goto('/tags/redfish');
  await expect(page.getByRole('heading', { level: 1, name: 'Redfish' })).toBeVisible();
  const talk = page.getByRole('region', { name: /The talk/ });
  await expect(
    talk.getByRole('link', { name: 'Casting farther from the beach: the pendulum cast basics' }),
  ).toBeVisible();
  const gear = page.getByRole('region', { name: /The gear/ });
  await expect(gear.getByRole('link', { name: title })).toBeVisible();
  await expectNoAxeViolations(page);

  // The listing's page links each of its tags to that tag's page.
  await gear.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Surf', exact: true }).click();
  await expect(page).toHaveURL(/\/tags\/surf$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Surf' })).toBeVisible();

  // "All Surf gear": the marketplace filtered by the tag, the filter shown checked.
  await page.getByRole('link', { name: /All Surf gear/ }).click();
  await expect(page).toHaveURL(/\/marketplace\?tags=surf$/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Technique' }).getByLabel('Surf')).toBeChecked();

  // Adding a second tag in the panel narrows to listings with both.
  const redfish = page.getByRole('group', { name: 'Species' }).getByLabel('Redfish');
  await redfish.click();
  await expect(redfish).toBeChecked();
  await expect(page).toHaveURL(/tags=redfish(%2C|,)surf/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // The forum list filtered by the tag (?tag=).
  await page.goto('/forum?tag=redfish');
  await expect(page.getByText('Tagged')).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Casting farther from the beach: the pendulum cast basics' }),
  ).toBeVisible();
});
