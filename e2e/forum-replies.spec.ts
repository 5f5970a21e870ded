import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, openAs, type Member } from './support';

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

async function createPost(member: Member, baseURL: string, title: string): Promise<string> {
  const response = await member.page.request.post('/api/forum/posts', {
    data: { title, category: 'Gear Talk', content: 'Braid to fluoro: which knot do you trust?', images: [] },
    headers: origin(baseURL),
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
  const commented = await commenter.page.request.post(`/api/forum/posts/${postId}/comments`, {
    data: { content: 'The FG knot is the slimmest through the guides.' },
    headers: origin(baseURL!),
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
