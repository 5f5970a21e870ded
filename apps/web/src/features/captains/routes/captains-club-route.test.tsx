import type { CaptainsClubDto } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { member, memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { buildAlert, buildMatch, matchPage } from '../../alerts/api/alert-fixtures';
import { buildNotification, notificationRoutes } from '../../notifications/api/notification-fixtures';
import { CaptainsClubRoute } from './captains-club-route';

const captainSession = { ...memberSession, user: { ...member, is_captain: true } };

const club: CaptainsClubDto = {
  captains_count: 14,
  newest_captains: [
    {
      id: 'u_7',
      username: 'salt_skipper',
      avatar_url: null,
      title: 'Charter captain',
      location: 'Key West, Florida',
      created_at: '2025-03-01T10:00:00.000Z',
    },
    {
      id: 'u_8',
      username: 'reed_runner',
      avatar_url: '/files/avatars/u_8.webp',
      title: null,
      location: null,
      created_at: '2025-02-01T10:00:00.000Z',
    },
  ],
};

describe("Captain's Club", () => {
  it('shows the number of captains and the newest ones', async () => {
    const held = heldAnswer({ body: club });
    renderRoute(<CaptainsClubRoute />, {
      path: '/captains-club',
      session: captainSession,
      server: {
        'GET /api/captains-club': held.route,
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: "Captain's Club" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('status', { name: "Loading the Captain's Club" })).toBeInTheDocument();
    held.release();

    expect(await screen.findByText('14')).toBeInTheDocument();
    expect(screen.getByText('captains in the club')).toBeInTheDocument();
    const newest = within(screen.getByRole('region', { name: 'Newest captains' }));
    const cards = newest.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'salt_skipper' })).toHaveAttribute(
      'href',
      '/profile/u_7',
    );
    expect(cards[0]).toHaveTextContent('Charter captain');
    expect(cards[0]).toHaveTextContent('Key West, Florida');
    expect(within(cards[1]!).getByRole('link', { name: 'reed_runner' })).toHaveAttribute(
      'href',
      '/profile/u_8',
    );
    await waitFor(() => expect(document.title).toBe("Captain's Club · Castline"));
  });

  it('shows why the club could not be loaded', async () => {
    renderRoute(<CaptainsClubRoute />, {
      path: '/captains-club',
      session: captainSession,
      server: {
        'GET /api/captains-club': apiError(403, 'FORBIDDEN', "The Captain's Club is open to captains only."),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The Captain's Club is open to captains only.",
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows saved search notifications under ?tab=notifications without loading the overview', async () => {
    const { server } = renderRoute(<CaptainsClubRoute />, {
      path: '/captains-club',
      initialEntry: '/captains-club?tab=notifications',
      session: captainSession,
      server: notificationRoutes([buildNotification('NEW_MESSAGE')]),
    });

    expect(await screen.findByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('heading', { name: 'No saved search notifications' })).toBeInTheDocument();
    expect(screen.getByText(/Matches of your saved searches will appear here/)).toBeInTheDocument();
    expect(server.calls('GET', '/api/captains-club')).toHaveLength(0);
  });

  it('has the overview, alerts, matches and notifications tabs', async () => {
    renderRoute(<CaptainsClubRoute />, {
      path: '/captains-club',
      session: captainSession,
      server: { 'GET /api/captains-club': { body: club } },
    });

    const tabs = within(await screen.findByRole('navigation', { name: "Captain's Club sections" }));
    expect(tabs.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/captains-club'],
      ['Saved searches', '/captains-club?tab=alerts'],
      ['Matches', '/captains-club?tab=matches'],
      ['Notifications', '/captains-club?tab=notifications'],
    ]);
  });

  it('lists only product alert notifications, each leading to the listing it found', async () => {
    const alert = buildNotification('PRODUCT_ALERT', {
      message: 'Penn Slammer IV matches Saltwater reels',
      data: { alertNotificationId: 'an_1', productId: 'l_5', productName: 'Penn Slammer IV' },
    });
    const { user, server, router } = renderRoute(<CaptainsClubRoute />, {
      path: '/captains-club',
      initialEntry: '/captains-club?tab=notifications',
      session: captainSession,
      server: {
        ...notificationRoutes([buildNotification('NEW_MESSAGE'), alert, buildNotification('OFFER_RECEIVED')]),
        [`POST /api/notifications/${alert.id}/read`]: { body: { ...alert, read: true } },
      },
    });

    const list = await screen.findByRole('list', { name: 'Saved search notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Penn Slammer IV matches Saltwater reels');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/marketplace/l_5');

    await user.click(within(rows[0]!).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/l_5'));
    await waitFor(() => expect(server.calls('POST', `/api/notifications/${alert.id}/read`)).toHaveLength(1));
  });

  it("says 'Failed to mark product alert as read' when marking fails", async () => {
    const alert = buildNotification('PRODUCT_ALERT');
    const { user } = renderRoute(<CaptainsClubRoute />, {
      path: '/captains-club',
      initialEntry: '/captains-club?tab=notifications',
      session: captainSession,
      server: {
        ...notificationRoutes([alert]),
        [`POST /api/notifications/${alert.id}/read`]: apiError(
          409,
          'CONFLICT',
          'Failed to mark product alert as read',
        ),
      },
    });

    const list = await screen.findByRole('list', { name: 'Saved search notifications' });
    await user.click(within(list).getByRole('button', { name: 'Mark read' }));
    expect(await screen.findByText('Failed to mark product alert as read')).toBeInTheDocument();
    expect(within(list).getByText('Unread')).toBeInTheDocument();
  });

  it('manages the saved alerts under ?tab=alerts', async () => {
    const { server } = renderRoute(<CaptainsClubRoute />, {
      path: '/captains-club',
      initialEntry: '/captains-club?tab=alerts',
      session: captainSession,
      server: { 'GET /api/alerts': { body: { items: [buildAlert()] } } },
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Your saved searches' })).toBeInTheDocument();
    expect(screen.getByText(/choose “Save search”/)).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Shimano reels under $200' });
    expect(within(card).getByRole('switch', { name: 'Active' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open in marketplace' })).toBeInTheDocument();
    expect(server.calls('GET', '/api/captains-club')).toHaveLength(0);
  });

  it('shows what the alerts matched under ?tab=matches', async () => {
    renderRoute(<CaptainsClubRoute />, {
      path: '/captains-club',
      initialEntry: '/captains-club?tab=matches',
      session: captainSession,
      server: {
        'GET /api/alerts': { body: { items: [buildAlert()] } },
        'GET /api/alerts/matches': {
          body: matchPage([
            buildMatch(),
            buildMatch({
              id: 'm_pickup',
              listing: {
                ...buildMatch().listing,
                id: 'l_pickup',
                title: 'Plano 3700',
                handover: 'pickup',
                shipping_price: null,
              },
            }),
          ]),
        },
      },
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Matches' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Matches' });
    expect(within(list).getByRole('link', { name: 'Shimano Stradic FL 2500' })).toBeInTheDocument();
    // A listing's terms show as on the marketplace's cards.
    const rows = within(list).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('Pickup only');
    expect(rows[0]).not.toHaveTextContent('Pickup only');
  });
});
