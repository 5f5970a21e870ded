import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, isPhone, openAs, screenshot, signInAs, test, UNKNOWN_ID } from './support';

type Expectation =
  | { path: string; heading: string | RegExp; url?: RegExp; text?: string }
  | { path: string; redirect: RegExp; heading: string | RegExp; text?: string };

const SIGN_IN = { redirect: /\/auth\/login$/, heading: 'Welcome Back' } as const;
const HOME_REDIRECT = { redirect: /:\d+\/$/, heading: /Good to see you/ } as const;

async function expectRoute(page: Page, expectation: Expectation): Promise<void> {
  await page.goto(expectation.path);
  const heading = page.getByRole('heading', { level: 1, name: expectation.heading });
  await expect(heading, `heading on ${expectation.path}`).toBeVisible();
  if ('redirect' in expectation) {
    await expect(page, `redirect from ${expectation.path}`).toHaveURL(expectation.redirect);
  } else {
    await expect(page).toHaveURL(expectation.url ?? new RegExp(`${escape(expectation.path)}$`));
  }
  if (expectation.text) await expect(page.getByText(expectation.text).first()).toBeVisible();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Pages everyone sees the same way. */
const PUBLIC: Expectation[] = [
  { path: '/marketplace', heading: 'Marketplace' },
  { path: `/marketplace/${UNKNOWN_ID}`, heading: 'Product not found' },
  { path: `/product/${UNKNOWN_ID}`, heading: 'Product not found' },
  { path: '/forum', heading: 'Community' },
  { path: `/forum/post/${UNKNOWN_ID}`, heading: 'Post not found' },
  { path: '/early-access-info', heading: 'Early Access' },
  { path: '/dev/icons', heading: 'Icon Playground' },
  { path: '/error-test', heading: 'Error Test' },
  { path: '/reset-password', heading: 'Reset your password' },
  { path: '/reset-password/expired', heading: 'Reset your password' },
  { path: '/no-such-water', heading: 'Page not found' },
];

async function checkShellAccessibility(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('header').include('nav').include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('every route, by audience', () => {
  test('guest', async ({ page }, testInfo) => {
    const guestRoutes: Expectation[] = [
      { path: '/', heading: 'Buy, sell and talk fishing gear.' },
      { path: '/login', heading: 'Welcome Back' },
      { path: '/signup', redirect: /\/auth\/login$/, heading: 'Welcome Back' },
      { path: '/auth/login', heading: 'Welcome Back' },
      { path: '/auth/signup', heading: 'Create your account' },
      { path: '/verify-email', heading: 'Check your email' },
      ...[
        '/dashboard',
        '/marketplace/new',
        `/marketplace/${UNKNOWN_ID}/edit`,
        '/profile',
        `/profile/${UNKNOWN_ID}`,
        '/settings',
        '/messages',
        `/messages/${UNKNOWN_ID}`,
        '/notifications',
        '/admin',
        '/admin/image-performance',
        '/captains-club',
      ].map((path) => ({ path, ...SIGN_IN })),
      ...PUBLIC,
    ];
    for (const route of guestRoutes) await expectRoute(page, route);

    // A guarded page remembers where the guest was going and returns there after sign-in.
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel('Email', { exact: true }).fill(DEMO.member);
    await page.getByLabel('Password', { exact: true }).fill('castline-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    void testInfo;
  });

  test('member', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, DEMO.member);
    const routes: Expectation[] = [
      { path: '/', heading: /Good to see you, flyfisher_fran/ },
      { path: '/login', ...HOME_REDIRECT },
      { path: '/signup', ...HOME_REDIRECT },
      { path: '/auth/login', ...HOME_REDIRECT },
      { path: '/auth/signup', ...HOME_REDIRECT },
      { path: '/verify-email', ...HOME_REDIRECT },
      { path: '/dashboard', heading: 'Dashboard' },
      { path: '/marketplace/new', heading: 'Create New Listing' },
      { path: `/marketplace/${UNKNOWN_ID}/edit`, heading: 'Edit Listing', text: 'Product not found' },
      { path: '/profile', heading: 'flyfisher_fran' },
      { path: `/profile/${UNKNOWN_ID}`, heading: 'Profile not found' },
      { path: '/settings', heading: 'Settings' },
      { path: '/messages', heading: 'Messages' },
      { path: `/messages/${UNKNOWN_ID}`, heading: 'Messages' },
      { path: '/notifications', heading: 'Notifications' },
      { path: '/admin', ...HOME_REDIRECT },
      { path: '/admin/image-performance', ...HOME_REDIRECT },
      ...PUBLIC,
    ];
    for (const route of routes) await expectRoute(page, route);
  });

  test('captain', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, DEMO.captain);
    await expectRoute(page, { path: '/captains-club', heading: "Captain's Club" });
    await expect(page.getByText(/captains? aboard|captains in the club/i).first()).toBeVisible();
    await expectRoute(page, { path: '/captains-club?tab=notifications', heading: "Captain's Club" });
    // The demo captain's saved searches have matched demo listings.
    await expect(page.getByText('Product Alert Match').first()).toBeVisible();
    await expectRoute(page, { path: '/admin', ...HOME_REDIRECT, heading: /Good to see you, captain_ahab/ });
  });

  test('non-captain', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, DEMO.nonCaptain);
    await expectRoute(page, { path: '/captains-club', redirect: /\/marketplace$/, heading: 'Marketplace' });
    await expectRoute(page, { path: '/dashboard', heading: 'Dashboard' });
  });

  test('admin and moderator', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, DEMO.admin);
    await expectRoute(page, { path: '/admin', heading: 'Admin Dashboard' });
    await expect(page.getByRole('term').filter({ hasText: /^Members$/ })).toBeVisible();
    await expectRoute(page, { path: '/admin/image-performance', heading: 'Image Performance' });
    await expect(page.getByText('No image metrics collected yet')).toBeVisible();

    // A moderator is an admin without the analytics permission.
    await page.context().clearCookies();
    await signInAs(page, baseURL!, DEMO.moderator);
    await expectRoute(page, { path: '/admin', heading: 'Admin Dashboard' });
    await expectRoute(page, { path: '/admin/image-performance', heading: 'Access Denied' });
    await expect(
      page.getByText("You don't have the required permissions to access this page."),
    ).toBeVisible();
  });
});

test.describe('header, menus and bottom bar', () => {
  test(
    'a guest opens the sign-in dialog, switches to sign-up and to the reset form',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await page.goto('/marketplace');
      await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
      await checkShellAccessibility(page);
      await screenshot(page, testInfo, 'header-guest');

      if (isPhone(testInfo)) {
        await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toBeVisible();
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu).toBeVisible();
        await screenshot(page, testInfo, 'mobile-menu-guest');
        await menu.getByRole('button', { name: 'Sign In / Sign Up' }).click();
      } else {
        await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toBeHidden();
        await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      }

      const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
      await expect(dialog).toBeVisible();
      await screenshot(page, testInfo, 'sign-in-dialog');
      await dialog.getByRole('button', { name: 'Create an account' }).click();
      await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign in instead' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).click();
      await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      // Signing in from the dialog keeps the visitor on the page they were reading.
      await page.goto('/forum');
      if (isPhone(testInfo)) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('button', { name: 'Sign In / Sign Up' }).click();
      } else {
        await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      }
      const signIn = page.getByRole('dialog', { name: 'Welcome Back' });
      await signIn.getByLabel('Email', { exact: true }).fill(DEMO.captain);
      await signIn.getByLabel('Password', { exact: true }).fill('castline-demo');
      await signIn.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page).toHaveURL(/\/forum$/);
      if (!isPhone(testInfo)) await expect(page.getByRole('button', { name: 'captain_ahab' })).toBeVisible();
    },
  );

  test(
    'a member uses the header menu or the mobile menu, the bottom bar, and signs out',
    { tag: '@phone' },
    async ({ page, baseURL, browser }, testInfo) => {
      await signInAs(page, baseURL!, DEMO.admin);
      // A message the admin has not read yet: the shell is checked with an unread count on show.
      const admin = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
      const sender = await openAs(browser, baseURL!, DEMO.member);
      const sent = await sender.page.request.post('/api/messages', {
        data: { recipient_id: admin.id, content: 'Is the Penn reel still for sale?' },
        headers: { origin: new URL(baseURL!).origin },
      });
      expect(sent.status(), await sent.text()).toBe(201);

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: /Good to see you, admin/ })).toBeVisible();
      await expect(
        page.getByRole('link', { name: /^Messages, (\d|9\+) unread$/ }).filter({ visible: true }),
      ).toBeVisible();
      await checkShellAccessibility(page);
      await screenshot(page, testInfo, 'header-member');

      if (isPhone(testInfo)) {
        const bar = page.getByRole('navigation', { name: 'Quick navigation' });
        await screenshot(page, testInfo, 'bottom-bar');
        await bar.getByRole('link', { name: 'Shop' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
        await bar.getByRole('link', { name: 'Sell' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Create New Listing' })).toBeVisible();
        await bar.getByRole('link', { name: 'Profile' }).click();
        await expect(page).toHaveURL(/\/profile$/);

        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu.getByText('admin@castline.test')).toBeVisible();
        await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
        await expect(menu.getByRole('link', { name: "Captain's Club" })).toBeVisible();
        await screenshot(page, testInfo, 'mobile-menu-member');
        await menu.getByRole('link', { name: 'Messages' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

        // 'Create Post' goes to the forum with the composer flag set.
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(
          page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Messages' }),
        ).toHaveAttribute('aria-current', 'page');
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Create Post' }).click();
        // The forum opens with its create-post dialog ready.
        await expect(page).toHaveURL(/\/forum$/);
        await expect(page.getByRole('dialog', { name: 'Create Post' })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();

        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' }).click();
      } else {
        await expect(
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'List My Gear' }),
        ).toBeVisible();
        // The avatar's dot says there is something unread (the message above): "admin, unread messages".
        const avatar = page.getByRole('button', { name: /^admin\b/ });
        await avatar.click();
        const menu = page.getByRole('menu');
        await expect(menu.getByRole('menuitem', { name: 'Admin' })).toBeVisible();
        await expect(menu.getByRole('menuitem', { name: "Captain's Club" })).toBeVisible();
        await screenshot(page, testInfo, 'user-menu');
        // Keyboard: arrows move through the menu, Enter follows the link.
        await page.keyboard.press('ArrowDown');
        await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await expect(menu.getByRole('menuitem', { name: 'Messages' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

        await avatar.click();
        await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      }

      await expect(page).toHaveURL(/:\d+\/$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Buy, sell and talk fishing gear.' }),
      ).toBeVisible();
      const session = await page.request.get('/api/auth/session');
      expect((await session.json()) as unknown).toMatchObject({ user: null });
    },
  );

  test('account pages show neither header nor bottom bar', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toHaveCount(0);
  });
});

test.describe('failures', () => {
  test("a page chunk that cannot load shows 'Loading Error' with Retry and Go to Login", async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Buy, sell and talk fishing gear.' }),
    ).toBeVisible();
    // Every further page module fails from now on, as after a deploy on a flaky network.
    await page.route(/\/assets\/(community|inbox|info|marketplace)[^/]*\.js$/, (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'Early Access Info' }).click();
    await expect(page.getByRole('heading', { name: 'Loading Error' })).toBeVisible();
    await expect(
      page
        .getByText('Failed to load page component. This may be due to network issues or an expired session.')
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test(
    'a request that finds the session gone raises the banner, which offers Sign In and Dismiss',
    { tag: '@phone' },
    async ({ page, baseURL }, testInfo) => {
      await signInAs(page, baseURL!, DEMO.nonCaptain);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      // The session ends elsewhere (signed out on another device, or timed out) while this tab is open.
      await page.context().clearCookies();
      if (isPhone(testInfo)) {
        await page
          .getByRole('navigation', { name: 'Quick navigation' })
          .getByRole('link', { name: 'Profile' })
          .click();
      } else {
        await page.getByRole('button', { name: 'landlubber', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Profile' }).click();
      }
      // The profile request answers 401, the session refresh finds no session: banner, then sign-in.
      const banner = page
        .getByRole('alert')
        .filter({ hasText: 'Your session has expired. Please sign in again.' });
      await expect(banner).toBeVisible();
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await expect(banner).toBeHidden();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
      await expect(page.getByText('Your session has expired. Please sign in again.')).toHaveCount(0);
    },
  );
});

test.describe('narrow screens', () => {
  test(
    'pages fit a 360 px wide screen without sideways scrolling',
    { tag: '@phone-only' },
    async ({ page, baseURL }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await signInAs(page, baseURL!, DEMO.admin);
      for (const path of [
        '/',
        '/dashboard',
        '/marketplace',
        '/marketplace/new',
        '/forum',
        '/messages',
        '/notifications',
        '/profile',
        '/settings',
        '/captains-club',
        '/admin',
        '/admin/users',
        '/admin/moderation',
        '/admin/audit-logs',
        '/admin/monitoring',
        '/admin/image-performance',
        '/early-access-info',
        '/error-test',
        '/dev/icons',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const { overflow, culprits } = await page.evaluate(() => {
          // The layout width: without a classic scrollbar's 15 px, which the page must not need either.
          const width = document.documentElement.clientWidth;
          const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
            .filter((element) => element.getBoundingClientRect().right > width + 0.5)
            .slice(-3)
            .map((element) => {
              const box = element.getBoundingClientRect();
              const text = (element.textContent ?? '').trim().slice(0, 40);
              return `<${element.tagName.toLowerCase()} class="${element.className}"> ${Math.round(box.left)}–${Math.round(box.right)} px "${text}"`;
            });
          return { overflow: document.documentElement.scrollWidth - width, culprits: wide };
        });
        expect(overflow, `sideways overflow on ${path}: ${culprits.join('; ')}`).toBeLessThanOrEqual(0);
      }
    },
  );
});
