import type { NotificationDto } from '@castline/shared';
import { NOTIFICATION_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { buildNotification, notificationList, notificationRoutes } from '../api/notification-fixtures';
import { NotificationsRoute } from './notifications-route';

type Server = NonNullable<Parameters<typeof renderRoute>[1]>['server'];

function renderAt(entry: string, items: NotificationDto[] = [], server: Server = {}) {
  return renderRoute(<NotificationsRoute />, {
    path: '/notifications',
    initialEntry: entry,
    server: { ...notificationRoutes(items), ...server },
  });
}

function rowOf(title: string): HTMLElement {
  const link = screen.getByRole('link', { name: new RegExp(title) });
  const row = link.closest('li');
  if (!row) throw new Error(`No row for ${title}`);
  return row;
}

describe('notifications page', () => {
  it('shows all notifications by default', async () => {
    renderAt('/notifications');

    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Notification types' });
    expect(tabs).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'No notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await waitFor(() => expect(document.title).toBe('Notifications · Castline'));
  });

  it.each([
    ['offers', 'Offers', 'No offer notifications'],
    ['messages', 'Messages', 'No message notifications'],
    ['alerts', 'Saved searches', 'No saved search notifications'],
  ])('shows the %s tab from the address', async (tab, label, empty) => {
    // A sale shows under All only.
    renderAt(`/notifications?tab=${tab}`, [buildNotification('PRODUCT_SOLD')]);

    expect(await screen.findByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: empty })).toBeInTheDocument();
  });

  it('switches tabs with the tab links', async () => {
    const { user, router } = renderAt('/notifications');

    await user.click(await screen.findByRole('link', { name: 'Saved searches' }));
    expect(router.state.location.search).toBe('?tab=alerts');
    expect(await screen.findByRole('heading', { name: 'No saved search notifications' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'All' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'No notifications' })).toBeInTheDocument();
  });

  it('shows a skeleton, then each notification with its time and unread marker', async () => {
    const message = buildNotification('NEW_MESSAGE');
    const offer = buildNotification('OFFER_RECEIVED', {
      read: true,
      created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    });
    const held = heldAnswer({ body: notificationList([message, offer]) });
    renderAt('/notifications', [], { 'GET /api/notifications': held.route });

    expect(await screen.findByRole('status', { name: 'Loading notifications' })).toBeInTheDocument();
    held.release();

    const list = await screen.findByRole('list', { name: 'All notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('New Message');
    expect(rows[0]).toHaveTextContent('lake_caster: Is the reel still available?');
    expect(rows[0]).toHaveTextContent('Unread');
    expect(within(rows[0]!).getByRole('button', { name: 'Mark read' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('2 hours ago');
    expect(rows[1]).not.toHaveTextContent('Unread');
    expect(within(rows[1]!).queryByRole('button', { name: 'Mark read' })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByText(/1 unread/)).toBeInTheDocument();
  });

  it('filters by tab', async () => {
    renderAt('/notifications?tab=offers', [
      buildNotification('NEW_MESSAGE'),
      buildNotification('OFFER_COUNTERED'),
      buildNotification('PRODUCT_ALERT'),
    ]);

    const list = await screen.findByRole('list', { name: 'Offers notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Counter Offer');
  });

  it('marks one read', async () => {
    const message = buildNotification('NEW_MESSAGE');
    const { user, server } = renderAt('/notifications', [message], {
      [`POST /api/notifications/${message.id}/read`]: { body: { ...message, read: true } },
    });

    await screen.findByText('New Message');
    await user.click(within(rowOf('New Message')).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(rowOf('New Message')).not.toHaveTextContent('Unread'));
    expect(server.calls('POST', `/api/notifications/${message.id}/read`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('shows replies on one topic as one entry and marks the whole group read', async () => {
    const replies = [buildNotification('REPLY'), buildNotification('REPLY'), buildNotification('REPLY')];
    const alert = buildNotification('PRODUCT_ALERT');
    const { user, server } = renderAt('/notifications', [...replies, alert].reverse(), {
      'POST /api/notifications/read': { body: { messages: 0, notifications: 1 } },
    });

    const summary = '3 new replies in “Spring crappie report”';
    await screen.findByText(summary);
    expect(within(rowOf(summary)).getByText('3 unread')).toBeInTheDocument();
    expect(screen.getByText('$189.99')).toBeInTheDocument();
    await user.click(within(rowOf(summary)).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(rowOf(summary)).not.toHaveTextContent('unread'));
    expect(server.calls('POST', '/api/notifications/read')[0]?.body).toEqual({
      ids: [...replies].reverse().map((r) => r.id),
    });
  });

  it('deletes one, and puts it back when the server refuses', async () => {
    const sold = buildNotification('PRODUCT_SOLD');
    const offer = buildNotification('OFFER_ACCEPTED');
    let refuse = false;
    const { user, server } = renderAt('/notifications', [sold, offer], {
      [`DELETE /api/notifications/${sold.id}`]: { status: 204 },
      [`DELETE /api/notifications/${offer.id}`]: () =>
        refuse ? apiError(404, 'NOT_FOUND', NOTIFICATION_MESSAGES.notFound) : { status: 204 },
    });

    await screen.findByText('Item Sold');
    await user.click(within(rowOf('Item Sold')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Item Sold')).not.toBeInTheDocument());
    expect(server.calls('DELETE', `/api/notifications/${sold.id}`)).toHaveLength(1);

    refuse = true;
    await user.click(within(rowOf('Offer Accepted')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByText('Offer Accepted')).toBeInTheDocument();
  });

  it('marks all read', async () => {
    const { user, server } = renderAt(
      '/notifications',
      [buildNotification('NEW_MESSAGE'), buildNotification('PRODUCT_ALERT')],
      { 'POST /api/notifications/read-all': { body: { messages: 0, notifications: 0 } } },
    );

    await screen.findByText('New Message');
    expect(screen.getAllByText('Unread')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByText('Unread')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/notifications/read-all')).toHaveLength(1);
  });

  it('opens a notification where it leads and marks it read', async () => {
    const offer = buildNotification('OFFER_COUNTERED', { data: { is_seller: false } });
    const { user, router, server } = renderAt('/notifications', [offer], {
      [`POST /api/notifications/${offer.id}/read`]: { body: { ...offer, read: true } },
    });

    await user.click(await screen.findByRole('link', { name: /Counter Offer/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?tab=offers-made');
    await waitFor(() => expect(server.calls('POST', `/api/notifications/${offer.id}/read`)).toHaveLength(1));
  });

  it("says 'Failed to mark product alert as read' when an alert cannot be marked", async () => {
    const alert = buildNotification('PRODUCT_ALERT');
    const { user } = renderAt('/notifications?tab=alerts', [alert], {
      [`POST /api/notifications/${alert.id}/read`]: apiError(
        409,
        'CONFLICT',
        NOTIFICATION_MESSAGES.markAlertFailed,
      ),
    });

    await screen.findByText('Product Alert Match');
    await user.click(within(rowOf('Product Alert Match')).getByRole('button', { name: 'Mark read' }));
    expect(await screen.findByText('Failed to mark product alert as read')).toBeInTheDocument();
    // Put back as unread.
    expect(rowOf('Product Alert Match')).toHaveTextContent('Unread');
  });

  it('shows the same text for an alert whatever the server said, even after leaving the page', async () => {
    const alert = buildNotification('PRODUCT_ALERT');
    const { user, router } = renderAt('/notifications', [alert], {
      [`POST /api/notifications/${alert.id}/read`]: apiError(500, 'INTERNAL', 'Something broke'),
    });

    await user.click(await screen.findByRole('link', { name: /Product Alert Match/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/captains-club'));
    expect(await screen.findByText('Failed to mark product alert as read')).toBeInTheDocument();
  });

  it('says when the list could not be loaded and tries again', async () => {
    let fail = true;
    const { user } = renderAt('/notifications', [], {
      'GET /api/notifications': () =>
        fail
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a moment.')
          : { body: notificationList([]) },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a moment.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No notifications' })).toBeInTheDocument();
  });
});
