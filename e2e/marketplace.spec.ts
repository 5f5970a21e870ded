import { expect } from '@playwright/test';
import { choosePlace, DEMO, fillReelListing, isPhone, signInAs, test } from './support';

test(
  'a member lists gear with three photos; another finds and favourites it; the owner edits it and sells it to them; they rate it',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const unique = `${Date.now().toString(36)}${testInfo.project.name === 'phone' ? 'p' : 'd'}`;
    const title = `Penn Slammer IV 6500 spinning reel ${unique}`;

    // The seller: captain_ahab.
    await signInAs(page, baseURL!, DEMO.captain);
    await page.goto('/marketplace/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Listing' })).toBeVisible();
    await fillReelListing(page, {
      title,
      description: 'Smooth drag, serviced last month. Spooled with 30 lb braid.',
      price: '149',
      reelBrand: 'Penn',
      dragSystem: 'star-drag',
      gearType: 'Saltwater',
    });

    // Three photos; uploads are slowed down a little so that the progress bars can be seen.
    await page.route('**/api/uploads/product-images', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    const files = await Promise.all(
      ['rods-1', 'reels-2', 'tackle-3'].map(async (name, index) => ({
        name: `photo-${index + 1}.webp`,
        mimeType: 'image/webp',
        buffer: Buffer.from(await (await page.request.get(`/files/product-images/demo-${name}.webp`)).body()),
      })),
    );
    await page.locator('input[type="file"]').setInputFiles(files);
    await expect(page.getByRole('progressbar').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set as main, photo 2' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Remove photo 3' })).toBeVisible();
    await page.getByRole('button', { name: 'Set as main, photo 2' }).click();
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await expect(page.getByText('Listing created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/marketplace$/);

    // A buyer (flyfisher_fran) searches by category, price range and 50 miles around a typed city.
    const buyerContext = await browser.newContext({ baseURL: baseURL!, viewport: page.viewportSize()! });
    const buyer = await buyerContext.newPage();
    await signInAs(buyer, baseURL!, DEMO.member);
    await buyer.goto('/marketplace');
    await expect(buyer.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    if (isPhone(testInfo)) await buyer.getByRole('button', { name: /^Filters/ }).click();
    const filters = isPhone(testInfo)
      ? buyer.getByRole('dialog', { name: 'Filters' })
      : buyer.locator('body');
    // The filters live in the address: the box shows checked once the page has navigated.
    const reels = filters.getByRole('group', { name: 'Category' }).getByLabel('Reels');
    await reels.click();
    await expect(reels).toBeChecked();
    await filters.getByLabel('Min price').fill('100');
    await filters.getByLabel('Max price').fill('200');
    await filters.getByLabel('Max price').press('Tab');
    await choosePlace(buyer, 'Near', 'Round Rock', /^Round Rock, TX/);
    await filters.getByLabel('Distance').selectOption('50');
    if (isPhone(testInfo)) await buyer.getByRole('button', { name: /^Show \d+ results?$/ }).click();
    await expect(buyer).toHaveURL(/category=reels/);
    await expect(buyer).toHaveURL(/price=100-200/);
    await expect(buyer).toHaveURL(/radius=50/);
    const card = buyer.getByRole('link', { name: title });
    await expect(card).toBeVisible();
    await card.click();
    await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const listingUrl = buyer.url();
    const favourite = buyer.getByRole('button', { name: /^Favourite/ });
    await favourite.click();
    await expect(favourite).toHaveAttribute('aria-pressed', 'true');

    // The owner edits the price, then marks it sold to the buyer.
    await page.goto(listingUrl);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await page.getByLabel('Price (USD)', { exact: true }).fill('139');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Listing updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto(listingUrl);
    await expect(page.getByText('$139').first()).toBeVisible();
    await page.getByRole('button', { name: 'Mark as sold' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /flyfisher_fran/ }).check();
    await dialog.getByRole('button', { name: 'Mark as sold' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^Sold/).first()).toBeVisible();

    // The buyer rates the purchase.
    await buyer.goto(listingUrl);
    // Chosen with the keyboard: the star inputs are visually hidden behind their star icons.
    const fiveStars = buyer.getByRole('radio', { name: '5 stars' });
    await fiveStars.focus();
    await buyer.keyboard.press('Space');
    await expect(fiveStars).toBeChecked();
    await buyer.getByRole('button', { name: 'Submit rating' }).click();
    await expect(buyer.getByRole('img', { name: '5 out of 5 stars' }).first()).toBeVisible();

    // It shows in Recently sold and no longer in the marketplace.
    await buyer.goto('/');
    const recentlySold = buyer.getByRole('region', { name: 'Recently sold' });
    await expect(recentlySold.getByRole('link', { name: title })).toBeVisible();
    await buyer.goto(`/marketplace?q=${encodeURIComponent(unique)}`);
    await expect(buyer.getByRole('heading', { name: 'No listings match your filters' })).toBeVisible();
    await buyerContext.close();
  },
);
