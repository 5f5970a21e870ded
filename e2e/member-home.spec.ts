import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, isPhone, screenshot, signInAs, test } from './support';

/** What axe finds in the page region, as readable lines (none expected). */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

const SECTIONS = ['Your listings', 'Messages', 'Offers', 'Saved search matches'];

test(
  'a captain’s home leads with their listings, messages, offers and alert matches',
  { tag: '@phone' },
  async ({ page, baseURL }, testInfo) => {
    await signInAs(page, baseURL!, DEMO.captain);
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: 'Good to see you, captain_ahab' }),
    ).toBeVisible();
    // Signing out stays in the header's menu: the page itself has no Sign Out button.
    await expect(main.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);

    for (const name of SECTIONS) await expect(main.getByRole('region', { name })).toBeVisible();
    // What the member came for comes first, the marketplace's rows after it.
    await expect(main.getByRole('heading', { level: 2, name: 'Featured gear' })).toBeVisible();
    const headings = (await main.getByRole('heading', { level: 2 }).allTextContents()).map((text) =>
      text.trim(),
    );
    expect(headings.slice(0, SECTIONS.length)).toEqual(SECTIONS);

    // Their gear on sale, with its status.
    const listings = main.getByRole('region', { name: 'Your listings' });
    await expect(listings.getByRole('listitem').first()).toBeVisible();
    await expect(listings.getByText(/^(Live|Pending review)$/).first()).toBeVisible();
    await expect(listings.getByRole('link', { name: 'Manage your listings' })).toHaveAttribute(
      'href',
      '/profile',
    );

    // Conversations, the unread ones counted (the demo seed leaves some unread for the captain).
    const messages = main.getByRole('region', { name: 'Messages' });
    await expect(messages.getByText(/^\d+ unread$/)).toBeVisible();
    const conversation = messages.getByRole('listitem').first().getByRole('link').first();
    await expect(conversation).toHaveAttribute('href', /^\/messages\/[\w-]+$/);

    // Offers waiting on either side.
    const offers = main.getByRole('region', { name: 'Offers' });
    await expect(offers.getByRole('heading', { level: 3, name: /^Received/ })).toBeVisible();
    await expect(offers.getByRole('heading', { level: 3, name: /^Made/ })).toBeVisible();
    await expect(offers.getByText('Pending').first()).toBeVisible();
    await expect(offers.getByRole('link', { name: 'All offers received' })).toHaveAttribute(
      'href',
      '/profile?tab=offers-received',
    );

    // New listings matching the captain's saved searches.
    const matches = main.getByRole('region', { name: 'Saved search matches' });
    await expect(matches.getByRole('listitem').first()).toBeVisible();
    await expect(matches.getByRole('link', { name: 'All matches' })).toHaveAttribute(
      'href',
      '/captains-club?tab=matches',
    );

    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'member-home');

    // By keyboard: skip the header, then the first stops are the member's own things.
    await page.goto('/');
    await expect(listings.getByRole('listitem').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(main).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(main.getByRole('link', { name: 'List My Gear' }).first()).toBeFocused();
    await page.keyboard.press('Tab');
    const focusedSection = await page.evaluate(
      () => document.activeElement?.closest('section')?.getAttribute('aria-labelledby') ?? '',
    );
    const sectionHeading = await page.evaluate(
      (id) => document.getElementById(id)?.textContent?.trim() ?? '',
      focusedSection,
    );
    expect(sectionHeading).toBe('Your listings');

    // Opening a conversation from the home page lands in it.
    await messages.getByRole('listitem').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/messages\/[\w-]+$/);
  },
);

test(
  'a member who is not a captain gets the same home without alert matches',
  { tag: '@phone' },
  async ({ page, baseURL }, testInfo) => {
    await signInAs(page, baseURL!, DEMO.nonCaptain);
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Good to see you, landlubber' })).toBeVisible();
    await expect(main.getByRole('region', { name: 'Your listings' })).toBeVisible();
    await expect(main.getByRole('region', { name: 'Offers' })).toBeVisible();
    await expect(main.getByRole('region', { name: 'Saved search matches' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    if (isPhone(testInfo)) expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  },
);

test('a profile shows the top contributors', async ({ page, baseURL }) => {
  await signInAs(page, baseURL!, DEMO.member);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const contributors = page.getByRole('region', { name: 'Top contributors' });
  await expect(contributors).toBeVisible();
  const rows = contributors.getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(10);
  await expect(rows.first()).toContainText(/\d+ posts? · \d+ comments? · \d+ likes?/);
  await expect(rows.first().getByRole('link')).toHaveAttribute('href', /^\/profile\/[\w-]+$/);
  expect(await axeViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
