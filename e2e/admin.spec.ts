import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signInAs, test } from './support';

/*
 * Moderation and member administration across four browsers (desktop windows): a member reports
 * a post, a moderator hides it, guests lose it, the audit log shows it; an admin bans the author,
 * whose open page signs out at once and who is told why at the next sign-in; the admin unbans.
 * Then /error-test's four buttons produce rows an admin sees under Errors & events.
 */

const AUTHOR = 'tuna.tom@castline.test';
const REPORTER = 'bluegill.bea@castline.test';

async function openAs(browser: Browser, baseURL: string, email: string | null): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (email) await signInAs(page, baseURL, email);
  return page;
}

async function signInThroughForm(page: Page, email: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a reported post is hidden by a moderator and audited; a banned author is signed out at once, told why, then unbanned', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = new URL(baseURL!).origin;
  const author = await openAs(browser, baseURL!, AUTHOR);
  const reporter = await openAs(browser, baseURL!, REPORTER);
  const moderator = await openAs(browser, baseURL!, DEMO.moderator);
  const admin = await openAs(browser, baseURL!, DEMO.admin);
  const guest = await openAs(browser, baseURL!, null);

  // The author has a post up.
  const title = `Cheap reels wholesale ${Date.now().toString(36)}`;
  const created = await author.request.post('/api/forum/posts', {
    data: { title, category: 'General', content: 'DM me for cheap knock-off reels.', images: [] },
    headers: { origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  const postId = ((await created.json()) as { id: string }).id;
  const me = (await (await author.request.get('/api/auth/me')).json()) as { id: string; username: string };

  // A member reports it from the post itself.
  await reporter.goto(`/forum/post/${postId}`);
  await reporter.getByRole('button', { name: 'Report post' }).click();
  const report = reporter.getByRole('dialog');
  await report.getByRole('radio', { name: /Scam or fraud/ }).check();
  await report.getByRole('textbox', { name: /Note for the moderators/ }).fill('Selling fakes in the forum.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(reporter.getByText('Thanks, our moderators will take a look')).toBeVisible();

  // A moderator reviews it in the queue and hides it.
  await moderator.goto('/admin/moderation?priority=high');
  const item = moderator.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Selling fakes in the forum.');
  await item.getByRole('button', { name: 'Review' }).click();
  const review = moderator.getByRole('dialog', { name: 'Review reported content' });
  await review.getByRole('radio', { name: /Hide/ }).check();
  await review.getByRole('button', { name: 'Confirm: Hide' }).click();
  await expect(moderator.getByText('Content moderated successfully')).toBeVisible();

  // Guests no longer see it, on its page or in the forum.
  await guest.goto(`/forum/post/${postId}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  await guest.goto('/forum');
  await expect(guest.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await expect(guest.getByText(title)).toHaveCount(0);

  // The audit log shows the review.
  await admin.goto('/admin/audit-logs?action=moderation.review');
  await expect(admin.getByRole('heading', { level: 1, name: /Audit log/i })).toBeVisible();
  const entry = admin
    .getByRole('list', { name: 'Audit log entries' })
    .getByRole('listitem')
    .filter({ hasText: postId });
  await expect(entry.getByRole('heading', { name: 'moderation.review' })).toBeVisible();
  await expect(entry.getByRole('link', { name: '@moderator' })).toBeVisible();
  await expect(entry).toContainText('Severity: Medium');

  // The author is on the forum when an admin bans them.
  await author.goto('/forum');
  await expect(author.getByRole('button', { name: 'Create Post' }).first()).toBeVisible();
  await admin.goto(`/admin/users/${me.id}`);
  await admin.getByRole('button', { name: 'Ban member' }).click();
  const ban = admin.getByRole('dialog', { name: `Ban ${me.username}` });
  await ban.getByRole('textbox', { name: 'Reason' }).fill('Selling counterfeit reels');
  await ban.getByRole('button', { name: 'Ban member' }).click();
  await expect(admin.getByText('User banned successfully')).toBeVisible();

  // Signed out at once, with the reason in the banner; told why and until when at sign-in.
  await expect(author.getByRole('alert').filter({ hasText: 'Your account is banned until' })).toContainText(
    'Selling counterfeit reels',
  );
  await expect(author.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await signInThroughForm(author, AUTHOR);
  await expect(
    author.getByText(/Your account is banned until .*: Selling counterfeit reels/).first(),
  ).toBeVisible();

  // The admin lifts the ban; the author signs in again.
  await admin.getByRole('button', { name: 'Unban member' }).click();
  await admin
    .getByRole('dialog', { name: `Unban ${me.username}?` })
    .getByRole('button', { name: 'Unban member' })
    .click();
  await expect(admin.getByText('User unbanned successfully')).toBeVisible();
  await signInThroughForm(author, AUTHOR);
  await expect(author).not.toHaveURL(/\/auth\/login/);
  await expect(author.getByRole('button', { name: me.username }).first()).toBeVisible();
});

test("/error-test's four buttons produce rows an admin sees under Errors & events", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await openAs(browser, baseURL!, DEMO.admin);
  await admin.goto('/error-test');
  await admin.getByRole('button', { name: 'Trigger Uncaught Error' }).click();
  await admin.getByRole('button', { name: 'Trigger Caught Exception' }).click();
  await admin.getByRole('button', { name: 'Log Message' }).click();
  await admin.getByRole('button', { name: 'Run Slow Operation' }).click();
  await expect(admin.getByText('Finished in')).toBeVisible({ timeout: 10_000 });

  // Leaving the page flushes the buffers (the page-hide delivery).
  await admin.goto('/admin/monitoring');
  const errors = admin.getByRole('main');
  await expect(async () => {
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await expect(errors).toContainText('Error test: uncaught error thrown on purpose', { timeout: 2_000 });
    await expect(errors).toContainText('Error test: caught exception thrown on purpose', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  await admin
    .getByRole('navigation', { name: 'Monitoring views' })
    .getByRole('link', { name: 'Events' })
    .click();
  await expect(admin.getByRole('main')).toContainText('Error test page message');
  await expect(admin.getByRole('main')).toContainText('error-test.slow-operation');
});
