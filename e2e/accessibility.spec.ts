import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { PAGE_PATHS } from '../packages/shared/src/common/page-paths';
import { DEMO, signInAs, test, UNKNOWN_ID } from './support';

/*
 * axe over every page of the route table, signed out and as the admin, at both sizes, and the
 * not-found pages. The shell's own checks (routes by audience, header, menus) are in
 * shell.spec.ts; these long sweeps are a file of their own so that the two workers share them.
 */

/** Every page of the route table (packages/shared PAGE_PATHS), its ids filled with demo rows that exist. */
async function everyPage(page: Page): Promise<string[]> {
  const listing = (await (await page.request.get('/api/listings?pageSize=1')).json()) as {
    items: { id: string; seller: { id: string } }[];
  };
  const posts = (await (await page.request.get('/api/forum/posts?pageSize=1')).json()) as {
    items: { id: string }[];
  };
  const listingId = listing.items[0]!.id;
  const memberId = listing.items[0]!.seller.id;
  const postId = posts.items[0]!.id;
  return Object.values(PAGE_PATHS).map((pattern) =>
    pattern
      .replace(/^\/forum\/post\/:postId$/, `/forum/post/${postId}`)
      .replace(/^\/tags\/:slug$/, '/tags/trout')
      .replace(/^\/(marketplace|product)\/:id/, `/$1/${listingId}`)
      .replace(/:\w+/, memberId)
      .replace('*', 'expired'),
  );
}

/** Waits until nothing on the page says it is loading (skeletons, lists refetching). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Every axe violation on the whole page, whatever its impact, as "rule: elements". Legacy mode
 * runs axe in the page itself (the app has no frames), without a second page to finish the run.
 */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

test.describe('accessibility of every page', () => {
  for (const audience of ['guest', 'admin'] as const) {
    test(
      `axe finds nothing on any page of the route table, ${audience === 'guest' ? 'signed out' : 'signed in as the admin'}`,
      { tag: '@phone' },
      async ({ page, baseURL }) => {
        test.setTimeout(720_000);
        if (audience === 'admin') await signInAs(page, baseURL!, DEMO.admin);
        const found: string[] = [];
        for (const path of await everyPage(page)) {
          const response = await page.goto(path);
          // Every page of the table exists for this audience (404 is for other paths and ids).
          expect(response?.status(), path).toBe(200);
          // A guest's public page arrives server-rendered and inert; axe reads the page once the
          // app has drawn it over (checking while the app replaces it sees a page without one).
          await expect(page.locator('#root[inert]'), path).toHaveCount(0);
          await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
          await settled(page);
          for (const violation of await axeViolations(page)) found.push(`${path} → ${violation}`);
        }
        expect(found).toEqual([]);
      },
    );
  }

  test('unknown paths and ids answer 404 with the not-found page, signed in or out', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    for (const signedIn of [false, true]) {
      if (signedIn) await signInAs(page, baseURL!, DEMO.admin);
      for (const expectation of [
        { path: '/no-such-water', heading: 'Page not found' },
        { path: `/marketplace/${UNKNOWN_ID}`, heading: 'Product not found' },
        { path: '/product/not-an-id', heading: 'Product not found' },
        { path: `/forum/post/${UNKNOWN_ID}`, heading: 'Post not found' },
      ]) {
        const response = await page.goto(expectation.path);
        expect(response?.status(), expectation.path).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: expectation.heading })).toBeVisible();
        expect(await axeViolations(page), expectation.path).toEqual([]);
      }
    }
  });
});
