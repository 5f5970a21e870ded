import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, openAs, test, type Member } from './support';

/*
 * Forum conversation: a reply that quotes a comment and mentions a member picked from the
 * autocomplete; the mentioned member's notification opens the topic at that reply.
 */

function origin(baseURL: string) {
  return { origin: new URL(baseURL).origin };
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Posts as the member, waiting once as told when the forum's pace refuses ("Try again in 5 seconds"). */
async function paced(member: Member, baseURL: string, url: string, data: unknown) {
  let response = await member.page.request.post(url, { data, headers: origin(baseURL) });
  const wait = /Try again in (\d+) second/.exec(await response.text());
  if (response.status() === 429 && wait) {
    await member.page.waitForTimeout((Number(wait[1]) + 1) * 1000);
    response = await member.page.request.post(url, { data, headers: origin(baseURL) });
  }
  return response;
}

async function createPost(member: Member, baseURL: string, title: string): Promise<string> {
  const response = await paced(member, baseURL, '/api/forum/posts', {
    title,
    category: 'Gear Talk',
    content: 'Braid to fluoro: which knot do you trust?',
    images: [],
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('a reply quotes a comment and mentions a member from the autocomplete, who is taken to it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const author = await openAs(browser, baseURL!, DEMO.member);
  const commenter = await openAs(browser, baseURL!, DEMO.nonCaptain);
  const replier = await openAs(browser, baseURL!, DEMO.captain);
  const title = `FG or Alberto ${Date.now().toString(36)}`;
  const postId = await createPost(author, baseURL!, title);
  const commented = await paced(commenter, baseURL!, `/api/forum/posts/${postId}/comments`, {
    content: 'The FG knot is the slimmest through the guides.',
  });
  expect(commented.status(), await commented.text()).toBe(201);

  // The replier answers the comment, quoting it, and mentions the post's author by picking her.
  const page = replier.page;
  await page.goto(`/forum/post/${postId}`);
  await page.getByRole('button', { name: `Reply to ${commenter.username}` }).click();
  await page.getByRole('button', { name: `Quote ${commenter.username}` }).click();
  const box = page.getByRole('textbox', { name: `Reply to @${commenter.username}` });
  await expect(box).toHaveValue(
    new RegExp(
      `^> \\[@${commenter.username} wrote\\]\\(#comment-[0-9a-f-]{36}\\):\\n> The FG knot is the slimmest`,
    ),
  );
  await box.press('End');
  await box.pressSequentially(`Agreed. @${author.username.slice(0, 5)}`);
  const option = page.getByRole('option', { name: new RegExp(`^@${author.username}`) });
  await expect(option).toBeVisible();
  // Keyboard only: move to the member, then Enter picks her.
  for (let step = 0; step < 10 && (await option.getAttribute('aria-selected')) !== 'true'; step += 1) {
    await box.press('ArrowDown');
  }
  await box.press('Enter');
  await box.pressSequentially('what do you tie?');
  await expect(box).toHaveValue(new RegExp(`Agreed\\. @${author.username} what do you tie\\?$`));
  await page.getByRole('button', { name: 'Post reply' }).click();

  // The reply shows under the comment, with the quote and a link to the mentioned member.
  const replies = page.getByRole('list', { name: `Replies to ${commenter.username}` });
  const reply = replies.getByRole('article', { name: `Comment by ${replier.username}` });
  await expect(reply.getByRole('blockquote')).toContainText('The FG knot is the slimmest');
  await expect(reply.getByRole('link', { name: `@${author.username}` })).toHaveAttribute(
    'href',
    `/profile/${author.id}`,
  );
  await expectNoAxeViolations(page);

  // The mentioned author's notification opens the topic at that reply.
  await author.page.goto('/forum');
  await author.page.getByRole('button', { name: /^Notifications/ }).click();
  await author.page
    .getByRole('menu')
    .getByRole('menuitem', {
      name: new RegExp(`${replier.username} mentioned you in a comment on "${title}"`),
    })
    .first()
    .click();
  await expect(author.page).toHaveURL(new RegExp(`/forum/post/${postId}#comment-[0-9a-f-]{36}$`));
  const target = author.page.getByRole('article', { name: `Comment by ${replier.username}` });
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();

  // The commenter hears of the reply.
  await commenter.page.goto('/notifications');
  await expect(
    commenter.page.getByText(`${replier.username} replied to your comment on "${title}"`).first(),
  ).toBeVisible();
});

test('unread counts go down as a member reads a topic', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const author = await openAs(browser, baseURL!, DEMO.member);
  const reader = await openAs(browser, baseURL!, DEMO.captain);
  const commenter = await openAs(browser, baseURL!, DEMO.nonCaptain);
  const title = `Tube jigs for smallmouth ${Date.now().toString(36)}`;
  const postId = await createPost(author, baseURL!, title);

  // The reader opens the topic once; then two comments arrive.
  await reader.page.goto(`/forum/post/${postId}`);
  await expect(reader.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect
    .poll(async () => {
      const list = (await (
        await reader.page.request.get('/api/forum/posts?view=new&pageSize=50')
      ).json()) as {
        items: { id: string }[];
      };
      return list.items.some((item) => item.id === postId);
    })
    .toBe(false);
  // Away from the topic (an open topic page reads the comments that arrive live).
  await reader.page.goto('/marketplace');
  for (const content of ['Green pumpkin, 3/8 oz.', 'Drag it slowly along the bottom.']) {
    const response = await paced(commenter, baseURL!, `/api/forum/posts/${postId}/comments`, { content });
    expect(response.status(), await response.text()).toBe(201);
  }

  // Unread shows the topic with its count.
  await reader.page.goto('/forum?view=unread&sort=latest');
  const card = reader.page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('2 unread')).toBeVisible();
  await expectNoAxeViolations(reader.page);

  // Reading: the jump goes to the first unread comment, and the comments come into view.
  await card.getByRole('link', { name: title }).click();
  await reader.page.getByRole('link', { name: 'Jump to first unread comment' }).click();
  await expect(
    reader.page.getByRole('article', { name: `Comment by ${commenter.username}` }).first(),
  ).toBeFocused();
  await reader.page
    .getByRole('article', { name: `Comment by ${commenter.username}` })
    .last()
    .scrollIntoViewIfNeeded();
  await expect
    .poll(async () => {
      const list = (await (
        await reader.page.request.get('/api/forum/posts?view=unread&pageSize=50')
      ).json()) as {
        items: { id: string }[];
      };
      return list.items.some((item) => item.id === postId);
    })
    .toBe(false);

  // Back on the list the topic has left Unread.
  await reader.page.getByRole('link', { name: 'Back to Community' }).first().click();
  await reader.page.getByRole('button', { name: 'Unread', exact: true }).click();
  await expect(reader.page.getByRole('status').filter({ hasText: /posts?$/ })).toBeVisible();
  await expect(reader.page.getByRole('article').filter({ hasText: title })).toHaveCount(0);
});
