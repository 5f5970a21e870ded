import type { NotificationDto } from '@castline/shared';
import { NOTIFICATION_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { guestSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { buildNotification, notificationRoutes } from '../api/notification-fixtures';
import { NotificationsMenu } from './notifications-menu';

type Server = NonNullable<Parameters<typeof renderRoute>[1]>['server'];

function renderMenu(items: NotificationDto[], server: Server = {}) {
  return renderRoute(<NotificationsMenu />, {
    path: '/',
    server: { ...notificationRoutes(items), ...server },
  });
}

async function openMenu(user: ReturnType<typeof renderMenu>['user']) {
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return screen.findByRole('menu', { name: 'Notifications' });
}

describe('notifications menu', () => {
  it('shows the unread count on the bell, 9+ above 9, and names the bell with what it shows', async () => {
    renderMenu([], { 'GET /api/me/unread': { body: { messages: 2, notifications: 12 } } });

    // The accessible name holds the visible text (WCAG 2.5.3, axe label-content-name-mismatch).
    const bell = await screen.findByRole('button', { name: 'Notifications, 9+ unread' });
    expect(bell).toHaveTextContent('9+');
  });

  it('names the bell with the exact count up to 9', async () => {
    renderMenu([], { 'GET /api/me/unread': { body: { messages: 0, notifications: 9 } } });

    const bell = await screen.findByRole('button', { name: 'Notifications, 9 unread' });
    expect(bell).toHaveTextContent('9');
  });

  it('shows no badge when everything is read, and nothing at all to a guest', async () => {
    const { unmount } = renderMenu([]);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell).not.toHaveTextContent(/\d/);
    unmount();

    renderRoute(<NotificationsMenu />, { path: '/', session: guestSession });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument(),
    );
  });

  it.each([
    ['All', 'No notifications'],
    ['Offers', 'No offer notifications'],
    ['Messages', 'No message notifications'],
    ['Saved searches', 'No saved search notifications'],
  ])('says so when the %s tab is empty', async (tab, empty) => {
    // A sale is only in All: the other tabs stay empty.
    const { user } = renderMenu(tab === 'All' ? [] : [buildNotification('PRODUCT_SOLD')]);
    const menu = await openMenu(user);

    await user.click(within(menu).getByRole('menuitemradio', { name: tab }));
    expect(within(menu).getByRole('menuitemradio', { name: tab })).toHaveAttribute('aria-checked', 'true');
    expect(await within(menu).findByText(empty)).toBeInTheDocument();
  });

  it('shows notifications of one kind on one thing as one entry, and marks the group read together', async () => {
    const replies = Array.from({ length: 3 }, () => buildNotification('REPLY'));
    const messages = Array.from({ length: 2 }, () => buildNotification('NEW_MESSAGE'));
    const alert = buildNotification('PRODUCT_ALERT');
    const { user, server } = renderMenu([...replies, ...messages, alert].reverse(), {
      'POST /api/notifications/read': { body: { messages: 0, notifications: 1 } },
    });
    const menu = await openMenu(user);

    const entries = () =>
      within(menu)
        .getAllByRole('menuitem')
        .filter((item) => item.querySelector('time'));
    await within(menu).findByText('3 new replies in “Spring crappie report”');
    expect(entries()).toHaveLength(3);
    expect(within(menu).getByText('2 new messages from lake_caster')).toBeInTheDocument();
    // A saved search match shows its listing's price.
    expect(within(menu).getByText('$189.99')).toBeInTheDocument();

    await user.click(within(menu).getByText('3 new replies in “Spring crappie report”'));
    await waitFor(() => expect(server.calls('POST', '/api/notifications/read')).toHaveLength(1));
    expect(server.calls('POST', '/api/notifications/read')[0]?.body).toEqual({
      ids: replies.map((r) => r.id).reverse(),
    });
  });

  it('shows 5 notifications per type, newest first', async () => {
    // Each on a thing of its own (a listing, a sender), so that none of them groups.
    const offers = Array.from({ length: 7 }, (_, i) =>
      buildNotification('OFFER_RECEIVED', { data: { productId: `l_${i}`, is_seller: true } }),
    );
    const messages = Array.from({ length: 6 }, (_, i) =>
      buildNotification('NEW_MESSAGE', { data: { senderId: `u_${i}`, senderName: `angler_${i}` } }),
    );
    const alerts = Array.from({ length: 2 }, () => buildNotification('PRODUCT_ALERT'));
    const sold = buildNotification('PRODUCT_SOLD');
    const newestFirst = [...offers, ...messages, ...alerts, sold].reverse();
    const { user } = renderMenu(newestFirst);
    const menu = await openMenu(user);

    await within(menu).findByText(sold.title);
    const items = () =>
      within(menu)
        .getAllByRole('menuitem')
        .filter((item) => item.querySelector('time'));
    expect(items()).toHaveLength(5 + 5 + 2 + 1);
    expect(items()[0]).toHaveTextContent(sold.message);
    expect(within(menu).getByRole('menuitemradio', { name: 'All' })).toHaveAttribute('aria-checked', 'true');

    await user.click(within(menu).getByRole('menuitemradio', { name: 'Offers' }));
    expect(items()).toHaveLength(5);
    expect(items().every((item) => item.textContent?.includes('New Offer'))).toBe(true);
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Messages' }));
    expect(items()).toHaveLength(5);
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Saved searches' }));
    expect(items()).toHaveLength(2);
    expect(within(menu).getByRole('menuitem', { name: 'See all' })).toHaveAttribute(
      'href',
      '/notifications?tab=alerts',
    );
  });

  it.each<[string, NotificationDto, string]>([
    ['an offer received', buildNotification('OFFER_RECEIVED'), '/profile?tab=offers-received'],
    [
      'an accepted offer, to the buyer',
      buildNotification('OFFER_ACCEPTED', { data: { is_seller: false } }),
      '/profile?tab=offers-made',
    ],
    [
      'a countered offer, to the buyer',
      buildNotification('OFFER_COUNTERED', { data: { is_seller: false } }),
      '/profile?tab=offers-made',
    ],
    [
      'a rejected offer, to the seller',
      buildNotification('OFFER_REJECTED', { data: { is_seller: true } }),
      '/profile?tab=offers-received',
    ],
    [
      'an offer the buyer cancelled (no seller flag)',
      buildNotification('OFFER_CANCELLED', { message: 'The buyer cancelled their offer', data: {} }),
      '/profile?tab=offers-received',
    ],
    [
      'an expired offer, to the buyer',
      buildNotification('OFFER_CANCELLED', { message: 'Your offer expired', data: { is_seller: false } }),
      '/profile?tab=offers-made',
    ],
    [
      'a message with its conversation',
      buildNotification('NEW_MESSAGE', { data: { conversationId: 'u_1_u_2', senderId: 'u_2' } }),
      '/messages/u_1_u_2',
    ],
    [
      'a message with only its sender',
      buildNotification('NEW_MESSAGE', { data: { senderId: 'u_2' } }),
      '/messages?recipient=u_2',
    ],
    ['a message with neither', buildNotification('NEW_MESSAGE', { data: {} }), '/messages'],
    ['a sale', buildNotification('PRODUCT_SOLD', { data: { productId: 'l_9' } }), '/marketplace/l_9'],
    ['a product alert', buildNotification('PRODUCT_ALERT'), '/captains-club?tab=notifications'],
  ])('marks %s read and follows it', async (_what, notification, target) => {
    const { user, router, server } = renderMenu([notification], {
      [`POST /api/notifications/${notification.id}/read`]: { body: { ...notification, read: true } },
    });
    const menu = await openMenu(user);

    await user.click(await within(menu).findByRole('menuitem', { name: new RegExp(notification.title) }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(target),
    );
    await waitFor(() =>
      expect(server.calls('POST', `/api/notifications/${notification.id}/read`)).toHaveLength(1),
    );
  });

  it('does not mark a read notification again', async () => {
    const read = buildNotification('PRODUCT_SOLD', { read: true });
    const { user, router, server } = renderMenu([read]);
    const menu = await openMenu(user);

    await user.click(await within(menu).findByRole('menuitem', { name: /Item Sold/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/l_9'));
    expect(server.requests.filter((request) => request.path.endsWith('/read'))).toHaveLength(0);
  });

  it('tells why a product alert could not be marked read', async () => {
    const alert = buildNotification('PRODUCT_ALERT');
    const { user } = renderMenu([alert], {
      [`POST /api/notifications/${alert.id}/read`]: apiError(
        409,
        'CONFLICT',
        NOTIFICATION_MESSAGES.markAlertFailed,
      ),
    });
    const menu = await openMenu(user);

    await user.click(await within(menu).findByRole('menuitem', { name: /Product Alert Match/ }));
    expect(await screen.findByText('Failed to mark product alert as read')).toBeInTheDocument();
  });

  it('marks all read at once and keeps the menu open', async () => {
    const items = [buildNotification('NEW_MESSAGE'), buildNotification('OFFER_RECEIVED')];
    let unread = 2;
    const { user, server } = renderMenu(items, {
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return { body: { messages: 0, notifications: 0 } };
      },
      'GET /api/me/unread': () => ({ body: { messages: 0, notifications: unread } }),
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    const menu = await openMenu(user);
    // The open menu hides the rest of the page from assistive technology, the bell included.
    const [bell] = screen
      .getAllByRole('button', { hidden: true })
      .filter((button) => button.getAttribute('aria-haspopup') === 'menu');

    await within(menu).findAllByText('Unread');
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark all read' }));
    await waitFor(() => expect(within(menu).queryByText('Unread')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/notifications/read-all')).toHaveLength(1);
    expect(screen.getByRole('menu', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(bell).toHaveAttribute('aria-label', 'Notifications'));
    expect(within(menu).getByRole('menuitem', { name: 'Mark all read' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('syncs missing notifications when the list loads, at most every 30 s', async () => {
    const { user, server } = renderMenu([buildNotification('NEW_MESSAGE')]);
    await openMenu(user);
    await screen.findByText('New Message');
    expect(server.calls('POST', '/api/notifications/sync')).toHaveLength(1);
    expect(server.calls('GET', '/api/notifications')).toHaveLength(1);

    await user.keyboard('{Escape}');
    await openMenu(user);
    expect(server.calls('POST', '/api/notifications/sync')).toHaveLength(1);
  });

  it('goes to the notifications page with See all', async () => {
    const { user, router } = renderMenu([]);
    const menu = await openMenu(user);

    await user.click(within(menu).getByRole('menuitem', { name: 'See all' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
  });

  it('says when the list could not be loaded and tries again', async () => {
    let fail = true;
    const { user } = renderMenu([], {
      'GET /api/notifications': () =>
        fail
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a moment.')
          : { body: { items: [], unread_count: 0 } },
    });
    const menu = await openMenu(user);

    expect(await within(menu).findByRole('alert')).toHaveTextContent('Try again in a moment.');
    fail = false;
    await user.click(within(menu).getByRole('menuitem', { name: 'Try again' }));
    expect(await within(menu).findByText('No notifications')).toBeInTheDocument();
  });
});
