import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO, signInAs, test } from './support';

/*
 * The forum and blocking, in two signed-in browsers and one guest browser (desktop windows),
 * and stored-XSS payloads rendered as text.
 */

interface Member {
  page: Page;
  id: string;
  username: string;
}

async function openAs(browser: Browser, baseURL: string, email: string | null): Promise<Member> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (!email) return { page, id: '', username: '' };
  await signInAs(page, baseURL, email);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string; username: string };
  return { page, id: me.id, username: me.username };
}

function origin(baseURL: string) {
  return { origin: new URL(baseURL).origin };
}

test('a post with a photo and Markdown gets a comment and a live like; a guest must sign in to like; a block stops messages', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const author = await openAs(browser, baseURL!, DEMO.member);
  const reader = await openAs(browser, baseURL!, DEMO.captain);
  const title = `Dawn topwater on the Colorado ${Date.now().toString(36)}`;

  // The author writes a post with Markdown and a photo.
  await author.page.goto('/forum');
  await expect(author.page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await author.page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = author.page.getByRole('dialog', { name: 'Create Post' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption('Fishing Reports');
  await dialog
    .getByRole('textbox', { name: 'Content' })
    .fill(
      '## Conditions\n\nGlassy water, **three** bass on a walking bait.\n\n- Spook Jr.\n- 7 ft medium rod',
    );
  const photo = await (await author.page.request.get('/files/product-images/demo-reels-1.webp')).body();
  await dialog
    .getByLabel('Post images')
    .setInputFiles({ name: 'catch.webp', mimeType: 'image/webp', buffer: Buffer.from(photo) });
  await expect(dialog.getByRole('button', { name: 'Remove image 1' })).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Publish post' }).click();
  await expect(author.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const postUrl = author.page.url();
  await expect(author.page.getByRole('heading', { name: 'Conditions' })).toBeVisible();
  await expect(author.page.locator('strong', { hasText: 'three' })).toBeVisible();
  await expect(author.page.getByRole('listitem').filter({ hasText: 'Spook Jr.' })).toBeVisible();
  const likeButton = author.page.getByRole('button', { name: /^Like this post/ });
  await expect(likeButton).toHaveAccessibleName('Like this post, 0 likes');

  // Another member comments and likes it; the author's page shows both without reloading.
  await reader.page.goto(postUrl);
  await reader.page.getByRole('textbox', { name: 'Add a comment' }).fill('Great report, what colour Spook?');
  await reader.page.getByRole('button', { name: 'Post comment' }).click();
  await expect(reader.page.getByRole('list', { name: 'Comments' })).toContainText('what colour Spook?');
  await reader.page.getByRole('button', { name: /^Like this post/ }).click();
  await expect(reader.page.getByRole('button', { name: /^Like this post/ })).toHaveAccessibleName(
    'Like this post, 1 like',
  );
  await expect(likeButton).toHaveAccessibleName('Like this post, 1 like');
  await expect(author.page.getByRole('list', { name: 'Comments' })).toContainText('what colour Spook?');

  // A guest reads the post but is asked to sign in to like it.
  const guest = await openAs(browser, baseURL!, null);
  await guest.page.goto(postUrl);
  await expect(guest.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await guest.page.getByRole('button', { name: /^Like this post/ }).click();
  await expect(guest.page.getByText('Must be logged in to like posts')).toBeVisible();
  await expect(guest.page.getByText('Must be logged in to add comments')).toBeVisible();
  await guest.page.context().close();

  // The author blocks the reader, whose messages are refused from then on.
  await author.page.goto(`/profile/${reader.id}`);
  await author.page.getByRole('button', { name: 'Block' }).click();
  await author.page.getByRole('button', { name: `Block ${reader.username}` }).click();
  await expect(author.page.getByRole('button', { name: 'Unblock' })).toBeVisible();

  const refused = await reader.page.request.post('/api/messages', {
    headers: origin(baseURL!),
    data: { recipient_id: author.id, content: 'Did you see my comment?' },
  });
  expect(refused.status()).toBe(403);
  await reader.page.goto(`/messages/${author.id}`);
  await expect(
    reader.page.getByText('This member is not accepting messages from you.').first(),
  ).toBeVisible();
  await expect(reader.page.getByRole('textbox', { name: /Message/ })).toBeDisabled();

  // Unblock again so the demo members stay as they were.
  await author.page.getByRole('button', { name: 'Unblock' }).click();
  await expect(author.page.getByRole('button', { name: 'Block' })).toBeVisible();
  await author.page.context().close();
  await reader.page.context().close();
});

test('script and event-handler payloads in a post, comment, bio and username render as text', async ({
  browser,
  baseURL,
}) => {
  const member = await openAs(browser, baseURL!, DEMO.moderator);
  const page = member.page;
  const headers = origin(baseURL!);
  const script = '<script>window.__xss = "script"</script>';
  const handler = '<img src=x onerror="window.__xss = \'handler\'">';
  const link = '[click me](javascript:window.__xss="link")';
  page.on('dialog', (dialog) => void dialog.dismiss());

  // A username carrying markup is refused at sign-up, so no page ever has to show one.
  const signUp = await page.request.post('/api/auth/sign-up', {
    headers: { ...headers, 'x-forwarded-for': '203.0.113.77' },
    data: {
      email: `xss.${Date.now()}@example.com`,
      username: '<img src=x onerror=alert(1)>',
      password: 'correct-horse-battery',
    },
  });
  expect(signUp.status()).toBe(400);

  const created = await page.request.post('/api/forum/posts', {
    headers,
    data: {
      title: `Payload test ${script}`,
      category: 'General',
      content: `Before ${script} middle ${handler} after ${link}`,
      images: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()) as { id: string };
  const comment = await page.request.post(`/api/forum/posts/${post.id}/comments`, {
    headers,
    data: { content: `Comment ${handler} ${script}` },
  });
  expect(comment.status(), await comment.text()).toBe(201);
  const bio = await page.request.patch('/api/profiles/me', {
    headers,
    data: { bio: `Bio ${handler} ${script}` },
  });
  expect(bio.status(), await bio.text()).toBe(200);

  await page.goto(`/forum/post/${post.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    '<script>window.__xss = "script"</script>',
  );
  await expect(page.getByRole('list', { name: 'Comments' })).toContainText(`Comment ${handler}`);
  await expect(page.getByText('click me')).toBeVisible();
  await expect(page.getByRole('link', { name: 'click me' })).toHaveCount(0);
  await page.goto('/forum');
  await expect(page.getByRole('link', { name: /Payload test/ }).first()).toBeVisible();
  await page.goto(`/profile/${member.id}`);
  await expect(page.getByText(`Bio ${handler}`)).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);

  // Leave the demo moderator's bio as it was.
  await page.request.patch('/api/profiles/me', { headers, data: { bio: null } });
  await page.context().close();
});
