import { FORUM_MESSAGES, IMAGE_MESSAGES } from '@castline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { beforeTheNextFrame } from '../../../test/frames';
import { renderRoute } from '../../../test/render-route';
import {
  imageFile,
  installFakeImageDecoding,
  installFakeXhr,
} from '../../listings/lib/testing/browser-doubles';
import { buildPost, memberAuthor } from '../testing/forum-fixtures';
import { CreatePostAction } from './create-post-action';
import { POST_PUBLISHED } from './create-post-dialog';

type Server = NonNullable<NonNullable<Parameters<typeof renderRoute>[1]>['server']>;

async function openComposer(server: Server = {}) {
  const view = renderRoute(<CreatePostAction />, { path: '/forum', server });
  const button = await screen.findByRole('button', { name: 'Create Post' });
  await waitFor(() => expect(button).toBeEnabled());
  await view.user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Create Post' });
  return { ...view, dialog };
}

/** What POST /api/uploads/forum-images answers for a stored image. */
function storedForumImage(key: string) {
  return { url: `/files/forum-images/${key}`, key, width: 1200, height: 900, format: 'webp', bytes: 2048 };
}

describe('Create Post dialog', () => {
  it('checks the post with the shared rules before sending anything', async () => {
    const { user, dialog, server } = await openComposer();

    await user.click(within(dialog).getByRole('button', { name: 'Publish post' }));

    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAccessibleDescription(expect.stringContaining(FORUM_MESSAGES.titleRequired));
    expect(title).toHaveFocus();
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription(
      FORUM_MESSAGES.categoryRequired,
    );
    expect(within(dialog).getByRole('textbox', { name: 'Content' })).toHaveAccessibleDescription(
      expect.stringContaining(FORUM_MESSAGES.contentRequired),
    );
    expect(server.calls('POST', '/api/forum/posts')).toHaveLength(0);
  });

  it('previews the Markdown as it will be shown', async () => {
    const { user, dialog } = await openComposer();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Content' }),
      '# Trip report\n\nLanded a **huge** pike <img src=x onerror=alert(1)>',
    );

    await user.click(within(dialog).getByRole('tab', { name: 'Preview' }));

    const preview = within(dialog).getByRole('tabpanel', { name: 'Preview' });
    // The renderer loads with the first preview.
    expect(
      await within(preview).findByRole('heading', { level: 3, name: 'Trip report' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(preview).getByText('huge').tagName).toBe('STRONG');
    expect(preview.querySelector('img')).toBeNull();
    expect(within(dialog).getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(dialog).getByRole('tab', { name: 'Write' }));
    expect(within(dialog).getByRole('textbox', { name: 'Content' })).toBeVisible();
  });

  it('uploads images to forum-images with a progress bar and publishes them with the post', async () => {
    const xhr = installFakeXhr();
    installFakeImageDecoding();
    const created = buildPost({
      id: 'p_new',
      author: memberAuthor,
      images: ['/files/forum-images/pike.webp'],
    });
    const { user, dialog, server, router } = await openComposer({
      'POST /api/forum/posts': { status: 201, body: created },
    });

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Pike on the fly');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Fishing Reports');
    await user.type(within(dialog).getByRole('textbox', { name: 'Content' }), 'Ten fish in two hours.');
    await user.upload(within(dialog).getByLabelText('Post images'), imageFile('pike.jpg'));

    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    const [upload] = xhr.requests;
    expect(upload).toMatchObject({ method: 'POST', url: '/api/uploads/forum-images' });
    const bar = within(dialog).getByRole('progressbar', { name: 'Uploading pike.jpg' });
    upload?.progress(40, 100);
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    // The post waits for its images.
    expect(within(dialog).getByRole('button', { name: 'Publish post' })).toBeDisabled();

    upload?.respond(201, storedForumImage('pike.webp'));
    expect(await screen.findByText(IMAGE_MESSAGES.uploaded(1))).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Image 1' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Publish post' }));

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/forum/post/p_new');
    expect(server.calls('POST', '/api/forum/posts')[0]?.body).toEqual({
      title: 'Pike on the fly',
      category: 'Fishing Reports',
      content: 'Ten fish in two hours.',
      images: ['/files/forum-images/pike.webp'],
    });
    expect(screen.getByText(POST_PUBLISHED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forum/post/p_new');
  });

  it('removes an added image', async () => {
    const xhr = installFakeXhr();
    installFakeImageDecoding();
    const { user, dialog } = await openComposer();
    await user.upload(within(dialog).getByLabelText('Post images'), imageFile('reel.jpg'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    xhr.requests[0]?.respond(201, storedForumImage('reel.webp'));

    await user.click(await within(dialog).findByRole('button', { name: 'Remove image 1' }));

    expect(within(dialog).queryByRole('img', { name: 'Image 1' })).not.toBeInTheDocument();
  });

  it("shows the server's field messages by their fields", async () => {
    const { user, dialog } = await openComposer({
      'POST /api/forum/posts': apiError(400, 'VALIDATION_FAILED', 'Invalid input', [
        { path: 'title', message: 'That title is already taken today' },
      ]),
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Pike');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'General');
    await user.type(within(dialog).getByRole('textbox', { name: 'Content' }), 'Hello');

    await user.click(within(dialog).getByRole('button', { name: 'Publish post' }));

    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await waitFor(() =>
      expect(title).toHaveAccessibleDescription(expect.stringContaining('That title is already taken today')),
    );
    expect(title).toHaveFocus();
  });

  it('shows a refusal that is not about one field, such as posting too fast', async () => {
    const { user, dialog } = await openComposer({
      'POST /api/forum/posts': apiError(429, 'RATE_LIMITED', FORUM_MESSAGES.rateLimited(12)),
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Pike');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'General');
    await user.type(within(dialog).getByRole('textbox', { name: 'Content' }), 'Hello');

    await user.click(within(dialog).getByRole('button', { name: 'Publish post' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "You're posting too fast. Try again in 12 seconds.",
    );
    expect(screen.getByRole('dialog', { name: 'Create Post' })).toBeInTheDocument();
  });

  it('keeps the draft when the dialog is closed and opened again', async () => {
    const { user, dialog } = await openComposer();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Half-written');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Half-written');
  });

  it('puts back the draft kept on the server, saves what is written after a pause, and discards it', async () => {
    const savedDraft = {
      title: 'Steelhead on the Clearwater',
      category: 'Fishing Reports',
      content: 'Swung flies',
      images: [],
      tags: ['steelhead', 'fly'],
      updated_at: '2026-11-27T10:00:00.000Z',
    };
    const { user, dialog, server } = await openComposer({
      'GET /api/forum/drafts/new-topic': { body: { draft: savedDraft } },
      'PUT /api/forum/drafts/new-topic': (request) => ({
        body: { draft: { ...(request.body as object), updated_at: '2026-11-28T10:00:00.000Z' } },
      }),
      'DELETE /api/forum/drafts/new-topic': { status: 204 },
    });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    const content = within(dialog).getByRole('textbox', { name: 'Content' });
    await waitFor(() => expect(title).toHaveValue('Steelhead on the Clearwater'));
    expect(content).toHaveValue('Swung flies');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveValue('Fishing Reports');
    expect(within(dialog).getByText('Draft restored')).toBeInTheDocument();

    await user.type(content, ' all day.');
    expect(await within(dialog).findByText('Draft saved', {}, { timeout: 3000 })).toBeInTheDocument();
    // One save once typing paused, not one per key; putting the draft back saved nothing.
    const saves = server.calls('PUT', '/api/forum/drafts/new-topic');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toEqual({
      title: 'Steelhead on the Clearwater',
      category: 'Fishing Reports',
      content: 'Swung flies all day.',
      images: [],
      tags: ['steelhead', 'fly'],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(title).toHaveValue('');
    expect(content).toHaveValue('');
    await waitFor(() => expect(server.calls('DELETE', '/api/forum/drafts/new-topic')).toHaveLength(1));
    expect(within(dialog).queryByText('Draft saved')).not.toBeInTheDocument();
  });

  it('says so when the draft could not be saved', async () => {
    const { user, dialog } = await openComposer({
      'GET /api/forum/drafts/new-topic': { body: { draft: null } },
      'PUT /api/forum/drafts/new-topic': apiError(400, 'VALIDATION_FAILED', FORUM_MESSAGES.titleTooLong),
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Pike');
    expect(
      await within(dialog).findByText(
        `Draft not saved: ${FORUM_MESSAGES.titleTooLong}`,
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
  });

  it('formats the selection from the toolbar and with Ctrl shortcuts; the arrow keys move along the toolbar', async () => {
    const { user, dialog } = await openComposer();
    const content = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Content' });
    await user.type(content, 'A great reel');
    content.setSelectionRange(2, 7);

    const toolbar = within(dialog).getByRole('toolbar', { name: 'Formatting' });
    await user.click(within(toolbar).getByRole('button', { name: 'Bold' }));
    expect(content).toHaveValue('A **great** reel');
    expect(content).toHaveFocus();
    await waitFor(() =>
      expect(content.value.slice(content.selectionStart, content.selectionEnd)).toBe('great'),
    );

    await user.keyboard('{Control>}i{/Control}');
    expect(content).toHaveValue('A **_great_** reel');
    await waitFor(() =>
      expect(content.value.slice(content.selectionStart, content.selectionEnd)).toBe('great'),
    );

    content.setSelectionRange(content.value.length, content.value.length);
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    expect(content).toHaveValue('A **_great_** reel[link text](https://)');
    // The address is selected to type over.
    await waitFor(() =>
      expect(content.value.slice(content.selectionStart, content.selectionEnd)).toBe('https://'),
    );

    // One Tab stop: the arrow keys, Home and End move between the buttons.
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toHaveLength(1);
    bold.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: 'Italic' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(toolbar).getByRole('button', { name: 'Add an image' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(bold).toHaveFocus();
  });

  it('selects the formatted words at once, so what is typed next replaces them even before the next frame', async () => {
    const { user, dialog } = await openComposer();
    const content = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Content' });
    await user.type(content, 'A great reel');
    content.setSelectionRange(2, 7);
    // A busy page: the next animation frame has not come when the member types on.
    await beforeTheNextFrame(() => user.keyboard('{Control>}b{/Control}fine'));
    expect(content).toHaveValue('A **fine** reel');
  });

  it('uploads a pasted or dropped photo with its progress and writes it into the text', async () => {
    const xhr = installFakeXhr();
    installFakeImageDecoding();
    const { user, dialog } = await openComposer();
    const content = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Content' });
    await user.type(content, 'My new spool:');

    fireEvent.paste(content, { clipboardData: { files: [imageFile('spool.jpg')], types: ['Files'] } });
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(xhr.requests[0]).toMatchObject({ method: 'POST', url: '/api/uploads/forum-images' });
    const bar = within(dialog).getByRole('progressbar', { name: 'Uploading spool.jpg' });
    xhr.requests[0]?.progress(60, 100);
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    expect(within(dialog).getByRole('button', { name: 'Publish post' })).toBeDisabled();
    xhr.requests[0]?.respond(201, storedForumImage('spool.webp'));
    await waitFor(() =>
      expect(content).toHaveValue('My new spool:\n![Photo](/files/forum-images/spool.webp)\n'),
    );

    const writePanel = within(dialog).getByRole('tabpanel', { name: 'Write' });
    fireEvent.drop(writePanel, { dataTransfer: { files: [imageFile('reel.jpg')], types: ['Files'] } });
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    xhr.requests[1]?.respond(201, storedForumImage('reel.webp'));
    await waitFor(() => expect(content.value).toContain('![Photo](/files/forum-images/reel.webp)'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Publish post' })).toBeEnabled());
  });
});

beforeEach(() => {
  window.localStorage.clear();
});
