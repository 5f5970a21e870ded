import { MODERATION_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { buildQueueItem, moderatorSession, page, person, queriesTo } from '../testing/moderation-fixtures';
import { ModerationQueueRoute, splitReason } from './moderation-queue-route';

const QUEUE = '/api/admin/moderation/queue';

type Options = NonNullable<Parameters<typeof renderRoute>[1]>;

function renderQueue(options: Options = {}) {
  return renderRoute(<ModerationQueueRoute />, {
    path: '/admin/moderation',
    session: moderatorSession,
    ...options,
  });
}

describe('splitReason', () => {
  it('separates the report reason from the note', () => {
    expect(splitReason('scam: pay by gift card')).toEqual({ reason: 'scam', note: 'pay by gift card' });
    expect(splitReason('spam')).toEqual({ reason: 'spam', note: null });
    expect(splitReason('Matched rule: x')).toEqual({ reason: 'Matched rule: x', note: null });
    expect(splitReason(null)).toEqual({ reason: null, note: null });
  });
});

describe('Moderation queue', () => {
  it('shows each item with its content, reason, note, reporter, priority and link', async () => {
    const reviewed = buildQueueItem({
      entity_type: 'forum_post',
      status: 'hidden',
      priority: 'urgent',
      reason: 'offensive',
      notes: 'Insults in the title',
      reviewed_by: person({ id: 'u_mod', username: 'mod_mia', full_name: 'Mia Moderator' }),
      reviewed_at: '2025-05-02T09:30:00.000Z',
      entity: {
        exists: true,
        title: 'You all fish badly',
        excerpt: 'Rude text',
        status: 'hidden',
        author: person(),
        href: '/forum/post/p_9',
      },
    });
    renderQueue({ server: { [`GET ${QUEUE}`]: { body: page([buildQueueItem(), reviewed]) } } });

    const list = await screen.findByRole('list', { name: 'Moderation queue' });
    const [first, second] = within(list).getAllByRole('listitem');
    const one = within(first!);
    expect(one.getByRole('link', { name: 'Shimano Stradic 2500' })).toHaveAttribute(
      'href',
      '/marketplace/l_1',
    );
    expect(one.getByText('Listing')).toBeInTheDocument();
    expect(one.getByText('High priority')).toBeInTheDocument();
    expect(one.getByText('Scam')).toBeInTheDocument();
    expect(one.getByText('Asks for payment by gift card')).toBeInTheDocument();
    expect(one.getByRole('link', { name: '@trout_tess' })).toHaveAttribute('href', '/profile/u_3');
    expect(one.getByRole('button', { name: 'Review' })).toBeInTheDocument();

    const two = within(second!);
    expect(two.getByRole('link', { name: 'You all fish badly' })).toHaveAttribute('href', '/forum/post/p_9');
    expect(two.getByText('Urgent priority')).toBeInTheDocument();
    expect(two.getByText('Mia Moderator (@mod_mia)')).toBeInTheDocument();
    expect(two.getByText('Insults in the title')).toBeInTheDocument();
    expect(two.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });

  it('says so when content is gone', async () => {
    const gone = buildQueueItem({
      entity_type: 'message',
      entity: { exists: false, title: null, excerpt: null, status: null, author: null, href: null },
    });
    renderQueue({ server: { [`GET ${QUEUE}`]: { body: page([gone]) } } });
    expect(await screen.findByText('This content no longer exists.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Message' })).toBeInTheDocument();
  });

  it('sends the filters and page from the address and writes changes back', async () => {
    const view = renderQueue({
      initialEntry: '/admin/moderation?status=all&priority=urgent&page=2',
      server: { [`GET ${QUEUE}`]: { body: page([buildQueueItem()], 25, 2) } },
    });
    await screen.findByRole('list', { name: 'Moderation queue' });
    const first = queriesTo(view.server.fetch, QUEUE)[0]!;
    expect(first.get('status')).toBe('all');
    expect(first.get('priority')).toBe('urgent');
    expect(first.get('page')).toBe('2');
    expect(first.get('pageSize')).toBe('10');

    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(view.router.state.location.search).toBe('?status=all&priority=urgent&page=3');

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    expect(view.router.state.location.search).toBe('?priority=urgent');
    await waitFor(() => expect(queriesTo(view.server.fetch, QUEUE).at(-1)?.get('status')).toBe('pending'));
  });

  it('shows an empty queue', async () => {
    renderQueue({ server: { [`GET ${QUEUE}`]: { body: page([]) } } });
    expect(await screen.findByRole('heading', { name: 'The queue is clear' })).toBeInTheDocument();
  });

  it('shows a failure with Try again', async () => {
    let fail = true;
    const view = renderQueue({
      server: {
        [`GET ${QUEUE}`]: () => (fail ? apiError(500, 'INTERNAL', 'Something broke') : { body: page([]) }),
      },
    });
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
    fail = false;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'The queue is clear' })).toBeInTheDocument();
  });

  it('reviews an item with an action and notes', async () => {
    const item = buildQueueItem({ id: 'q_1' });
    const view = renderQueue({
      server: {
        [`GET ${QUEUE}`]: { body: page([item]) },
        [`POST ${QUEUE}/q_1/review`]: { body: { message: MODERATION_MESSAGES.contentModerated } },
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review reported content' });
    await view.user.click(within(dialog).getByRole('radio', { name: /Hide/ }));
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Notes (optional)' }), 'Scam attempt');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm: Hide' }));

    expect(await screen.findByText('Content moderated successfully')).toBeInTheDocument();
    expect(view.server.calls('POST', `${QUEUE}/q_1/review`)[0]?.body).toEqual({
      action: 'hide',
      notes: 'Scam attempt',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for explicit confirmation before deleting', async () => {
    const item = buildQueueItem({ id: 'q_1' });
    const view = renderQueue({
      server: {
        [`GET ${QUEUE}`]: { body: page([item]) },
        [`POST ${QUEUE}/q_1/review`]: { body: { message: MODERATION_MESSAGES.contentModerated } },
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog');
    await view.user.click(within(dialog).getByRole('radio', { name: /Delete/ }));
    const confirm = within(dialog).getByRole('button', { name: 'Delete content' });
    expect(confirm).toBeDisabled();
    await view.user.click(within(dialog).getByRole('checkbox', { name: /Yes, delete this content/ }));
    await view.user.click(confirm);
    expect(await screen.findByText('Content moderated successfully')).toBeInTheDocument();
    expect(view.server.calls('POST', `${QUEUE}/q_1/review`)[0]?.body).toEqual({ action: 'delete' });
  });

  it('shows the failure toasts', async () => {
    let answer = apiError(500, 'INTERNAL', 'boom');
    const item = buildQueueItem({ id: 'q_1' });
    const view = renderQueue({
      server: {
        [`GET ${QUEUE}`]: { body: page([item]) },
        [`POST ${QUEUE}/q_1/review`]: () => answer,
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Review' }));
    await view.user.click(await screen.findByRole('button', { name: 'Confirm: Approve' }));
    expect(await screen.findByText('Failed to moderate content')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    answer = apiError(404, 'NOT_FOUND', MODERATION_MESSAGES.queueItemNotFound);
    await view.user.click(screen.getByRole('button', { name: 'Confirm: Approve' }));
    expect(await screen.findByText('Moderation queue item not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
