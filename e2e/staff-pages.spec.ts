import { expect, type Page } from '@playwright/test';
import { CATEGORIES, CATEGORY_OPTIONS } from '../packages/shared/src/listings/reference';
import { PAGE_PATHS } from '../packages/shared/src/common/page-paths';
import { DEMO, screenshot, signInAs, test } from './support';

/*
 * Every staff page as the demo admin, in each project's screen: 1,280 × 800 (desktop) and
 * 390 × 844 (phone). The page never scrolls sideways, the members table shows every column
 * (Details too) without scrolling at 1,280 px, permissions and categories read as words, charts
 * label their axes at 12 px or more, and each page is saved to e2e/screenshots as
 * <project>-staff-<page>.png.
 */

/** The staff pages of the route table, with a member's id where one is needed. */
function staffPages(memberId: string): { name: string; path: string }[] {
  return Object.entries(PAGE_PATHS)
    .filter(([, pattern]) => pattern.startsWith('/admin'))
    .map(([name, pattern]) => ({ name, path: pattern.replace(':id', memberId) }));
}

/** How far the page scrolls sideways, and the widest elements when it does. */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(-3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${String(element.className)}">`);
    return { overflow: root.scrollWidth - width, culprits };
  });
}

test(
  'staff pages fit the screen, with readable labels and charts',
  { tag: '@phone' },
  async ({ page, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    await signInAs(page, baseURL!, DEMO.admin);
    const members = (await (await page.request.get('/api/admin/users?pageSize=1')).json()) as {
      users: { id: string }[];
    };
    const pages = staffPages(members.users[0]!.id);
    expect(pages.length).toBeGreaterThanOrEqual(14);
    const wide = page.viewportSize()!.width >= 1280;

    for (const { name, path } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      // Nothing on the page is loading any more (skeletons, lists refetching).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

      const { overflow, culprits } = await sidewaysOverflow(page);
      expect(overflow, `${path} scrolls sideways: ${culprits.join('; ')}`).toBeLessThanOrEqual(0);

      if (name === 'adminUsers' && wide) {
        // The whole table shows: it does not scroll inside its box, and each row's View link is in it.
        const table = page.getByRole('table', { name: 'Members' });
        await expect(table).toBeVisible();
        const box = table.locator('xpath=..');
        const scroll = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(scroll, 'the members table scrolls sideways').toBeLessThanOrEqual(0);
        const frame = (await box.boundingBox())!;
        const view = table.getByRole('link', { name: /^View / }).first();
        await expect(view).toBeVisible();
        const link = (await view.boundingBox())!;
        expect(link.x + link.width).toBeLessThanOrEqual(frame.x + frame.width);
        await expect(table.getByRole('columnheader', { name: 'Details' })).toBeAttached();
      }

      if (name === 'listingApproval') {
        // The demo's listings waiting for approval name their category as the listing form does.
        const queue = page.getByRole('list', { name: 'Listings waiting for approval' });
        await expect(queue.getByRole('listitem').first()).toBeVisible();
        const labels = CATEGORY_OPTIONS.map((option) => option.label);
        await expect(queue.getByText(new RegExp(`^(${labels.join('|')})$`)).first()).toBeVisible();
        await expect(queue.getByText(new RegExp(`^(${CATEGORIES.join('|')})$`))).toHaveCount(0);
      }

      if (name === 'admin') {
        // Permissions read as words, not codes.
        const access = page.getByRole('region', { name: 'Your access' });
        await expect(access.getByRole('listitem').filter({ hasText: 'View members' })).toBeVisible();
        await expect(access.getByText('users.read', { exact: true })).toHaveCount(0);
        // Axis labels are 12 px or more on the screen, whatever the chart's width.
        const charts = page.locator('figure svg[role="img"]');
        await expect(charts.first()).toBeVisible();
        const sizes = await charts.evaluateAll((svgs) =>
          svgs.flatMap((svg) =>
            Array.from(svg.querySelectorAll('text')).map(
              (text) =>
                Number(text.getAttribute('font-size')) * ((text as SVGTextElement).getScreenCTM()?.a ?? 0),
            ),
          ),
        );
        expect(sizes.length).toBeGreaterThan(0);
        expect(Math.min(...sizes), 'the smallest chart label, in px').toBeGreaterThanOrEqual(12);
        await page.evaluate(() => document.fonts.ready);
        await charts.first().scrollIntoViewIfNeeded();
        await screenshot(page, testInfo, 'staff-admin-charts');
        await page.evaluate(() => window.scrollTo(0, 0));
      }

      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, testInfo, `staff-${name}`);
    }
  },
);
