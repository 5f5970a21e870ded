import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, openAs, test, signInAs } from './support';

/*
 * Notification preferences: a box of the settings grid turned off is saved and still off after a
 * reload; the settings and notifications pages pass axe; several notifications of one kind on one
 * thing show as one entry, which marks them all read.
 */

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test(
  'a notification preference turned off is saved and survives a reload',
  { tag: '@phone' },
  async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, DEMO.nonCaptain);
    await page.goto('/settings#notifications');
    const section = page.getByRole('region', { name: 'Notifications' });
    const mentionsInApp = section.getByRole('checkbox', { name: 'Mentions: In Castline' });
    await expect(mentionsInApp).toBeChecked();
    // The keyboard reaches and flips it.
    await mentionsInApp.focus();
    await page.keyboard.press('Space');
    await expect(mentionsInApp).not.toBeChecked();
    await expect(page.getByText('Your notification preferences have been saved.')).toBeVisible();

    await page.reload();
    const again = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('checkbox', { name: 'Mentions: In Castline' });
    await expect(again).not.toBeChecked();
    // The grid fits the screen: no sideways scroll, at phone width too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);

    // Back as it was, for the other journeys.
    await again.click();
    await expect(again).toBeChecked();
    await expect(page.getByText('Your notification preferences have been saved.').first()).toBeVisible();
  },
);

test('notifications of one kind on one thing show as one entry, read together', async ({
  browser,
  baseURL,
}) => {
  const captain = await openAs(browser, baseURL!, DEMO.captain);
  const sender = await openAs(browser, baseURL!, DEMO.nonCaptain);
  const origin = new URL(baseURL!).origin;
  for (const content of ['Is the Stradic still for sale?', 'I can pick it up this weekend.']) {
    const sent = await sender.page.request.post('/api/messages', {
      data: { recipient_id: captain.id, content },
      headers: { origin },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  const { page } = captain;
  await page.goto('/notifications?tab=messages');
  const entry = page
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`\\d+ new messages from ${sender.username}`) });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('I can pick it up this weekend.');
  await expectNoAxeViolations(page);

  await entry.getByRole('button', { name: 'Mark read' }).click();
  await expect(entry.getByRole('button', { name: 'Mark read' })).toHaveCount(0);
  const list = (await (await page.request.get('/api/notifications')).json()) as {
    items: { type: string; read: boolean; data: { senderId?: string } }[];
  };
  const fromSender = list.items.filter((n) => n.type === 'NEW_MESSAGE' && n.data.senderId === sender.id);
  expect(fromSender.length).toBeGreaterThanOrEqual(2);
  expect(fromSender.every((n) => n.read)).toBe(true);
  await page.context().close();
  await sender.page.context().close();
});
