import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, openAs, test } from './support';

/*
 * The forum composer (issue 23, item 5): a full-width sheet (the whole screen on a phone) with a
 * formatting toolbar; what is written is kept on the server as a draft, so a reload and another
 * device find it again, and publishing discards it. A reply in a topic keeps its own draft.
 */

async function expectNoAxeViolations(page: Page, selector: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Opens Create Post on the forum once the member's stored draft has been read. */
async function openComposer(page: Page) {
  await page.goto('/forum');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  const draftRead = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/forum/drafts/new-topic') && response.request().method() === 'GET',
  );
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  await draftRead;
  return page.getByRole('dialog', { name: 'Create Post' });
}

test('a new topic is kept as a draft through a reload and on another device, formatted from the toolbar, and published', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const first = await openAs(browser, baseURL!, DEMO.captain);
  const stamp = Date.now().toString(36);
  const title = `Ice report from the north bay ${stamp}`;

  // A draft kept from before (the demo's, on a fresh start) is put back, then discarded.
  const kept = (await (await first.page.request.get('/api/forum/drafts/new-topic')).json()) as {
    draft: { title: string } | null;
  };
  let sheet = await openComposer(first.page);
  if (kept.draft) {
    await expect(sheet.getByText('Draft restored')).toBeVisible();
    await expect(sheet.getByRole('textbox', { name: 'Title' })).toHaveValue(kept.draft.title);
    await sheet.getByRole('button', { name: 'Discard draft' }).click();
  }
  await expect(sheet.getByRole('textbox', { name: 'Title' })).toHaveValue('');

  await sheet.getByRole('textbox', { name: 'Title' }).fill(title);
  await sheet.getByRole('combobox', { name: 'Category' }).selectOption('Fishing Reports');
  const content = sheet.getByRole('textbox', { name: 'Content' });
  await content.fill('The ice was 4 inches thick at dawn.');
  // Bold from the toolbar, on the words selected.
  await content.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(12, 20));
  await sheet.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
  await expect(content).toHaveValue('The ice was **4 inches** thick at dawn.');
  await expect(sheet.getByText('Draft saved')).toBeVisible();
  await expectNoAxeViolations(first.page, '[role="dialog"]');

  // A reload finds it again.
  await first.page.reload();
  sheet = await openComposer(first.page);
  await expect(sheet.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(sheet.getByRole('textbox', { name: 'Content' })).toHaveValue(
    'The ice was **4 inches** thick at dawn.',
  );

  // So does another device, which publishes it: the draft is gone everywhere.
  const second = await openAs(browser, baseURL!, DEMO.captain);
  const other = await openComposer(second.page);
  await expect(other.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(other.getByRole('combobox', { name: 'Category' })).toHaveValue('Fishing Reports');
  await other.getByRole('button', { name: 'Publish post' }).click();
  await expect(second.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(second.page.locator('article strong').filter({ hasText: '4 inches' }).first()).toBeVisible();
  const left = (await (await second.page.request.get('/api/forum/drafts/new-topic')).json()) as {
    draft: unknown;
  };
  expect(left.draft).toBeNull();

  // A reply keeps its own draft in the topic.
  await first.page.goto(second.page.url());
  const box = first.page.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('Update: 5 inches by noon, still walking out carefully.');
  await expect(first.page.getByText('Draft saved')).toBeVisible();
  await first.page.reload();
  await expect(first.page.getByRole('textbox', { name: 'Add a comment' })).toHaveValue(
    'Update: 5 inches by noon, still walking out carefully.',
  );
  await expectNoAxeViolations(first.page, 'main');

  // On a phone the composer takes the whole screen.
  await first.page.setViewportSize({ width: 390, height: 844 });
  sheet = await openComposer(first.page);
  await expect(sheet).toBeVisible();
  // Once it has risen into place (its opening animation).
  await sheet.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box && [box.x, box.y, box.width, box.height].map(Math.round);
    })
    .toEqual([0, 0, 390, 844]);
  await expectNoAxeViolations(first.page, '[role="dialog"]');
});
