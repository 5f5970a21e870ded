import type { PublicProfileDto } from '@castline/shared';
import { AUTH_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { member } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import {
  buildListing,
  buildListings,
  currentQuery,
  listPage,
  queriesSentTo,
} from '../../listings/api/listing-queries.fixtures';
import { buildNotification, notificationRoutes } from '../../notifications/api/notification-fixtures';
import { asMadeByMember, buildOffer, offerPage } from '../../offers/api/offer-fixtures';
import { initialsOf, ProfileRoute } from './profile-route';

const ownProfile: PublicProfileDto = {
  id: member.id,
  username: member.username,
  full_name: member.full_name,
  avatar_url: null,
  bio: null,
  title: 'Fly-fishing guide',
  location: 'Bend, Oregon',
  role: 'user',
  is_captain: true,
  is_online: true,
  last_seen_at: null,
  created_at: member.created_at,
  products_count: 3,
  posts_count: 12,
  comments_count: 4,
  likes_count: 9,
  sales_count: 2,
  seller_rating: 4.86,
};

const otherProfile: PublicProfileDto = {
  ...ownProfile,
  id: 'u_2',
  username: 'lake_caster',
  full_name: null,
  avatar_url: '/files/avatars/u_2.webp',
  title: null,
  location: null,
  is_captain: false,
  products_count: 0,
  sales_count: 0,
  seller_rating: 0,
  posts_count: 1,
};

/** The profile owner has no listings (the listings tests below say otherwise). */
const NO_LISTINGS = { 'GET /api/listings': { body: listPage([]) } };
const NO_OFFERS = { 'GET /api/me/offers': { body: offerPage([]) } };
const NO_NOTIFICATIONS = notificationRoutes([]);

function stat(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('own profile', () => {
  it('shows the member from the session at once, then their figures', async () => {
    const held = heldAnswer({ body: ownProfile });
    renderRoute(<ProfileRoute />, {
      path: '/profile',
      server: {
        ...NO_LISTINGS,
        [`GET /api/profiles/${member.id}`]: held.route,
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: member.username })).toBeInTheDocument();
    expect(screen.getByText('River Runner')).toBeInTheDocument();
    expect(screen.getByText('RR')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading profile figures' })).toBeInTheDocument();

    held.release();
    expect(await screen.findByText('Fly-fishing guide')).toBeInTheDocument();
    expect(screen.getByText('Bend, Oregon')).toBeInTheDocument();
    expect(screen.getByText('Captain')).toBeInTheDocument();
    expect(screen.getByText('January 1, 2025')).toHaveAttribute('datetime', member.created_at);
    expect(stat('Listings')).toBe('3');
    expect(stat('Sales')).toBe('2');
    expect(stat('Seller rating')).toBe('4.9');
    expect(stat('Posts')).toBe('12');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await waitFor(() => expect(document.title).toBe(`${member.username} · Castline`));
  });

  it('has the listings, offers and notifications tabs', async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile',
      server: { ...NO_LISTINGS, [`GET /api/profiles/${member.id}`]: { body: ownProfile } },
    });

    const tabs = within(await screen.findByRole('navigation', { name: 'Profile sections' }));
    expect(tabs.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Listings', '/profile'],
      ['Offers received', '/profile?tab=offers-received'],
      ['Offers made', '/profile?tab=offers-made'],
      ['Notifications', '/profile?tab=notifications'],
    ]);
    expect(tabs.getByRole('link', { name: 'Listings' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'You have no listings yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'List My Gear' })[0]).toHaveAttribute(
      'href',
      '/marketplace/new',
    );
  });

  it.each([
    ['offers-received', 'Offers received', 'No offers received yet'],
    ['offers-made', 'Offers made', "You haven't made any offers yet"],
    ['notifications', 'Notifications', 'No notifications'],
  ])('opens the %s tab from the address', async (tab, label, empty) => {
    renderRoute(<ProfileRoute />, {
      path: '/profile',
      initialEntry: `/profile?tab=${tab}`,
      server: {
        ...NO_LISTINGS,
        ...NO_OFFERS,
        ...NO_NOTIFICATIONS,
        [`GET /api/profiles/${member.id}`]: { body: ownProfile },
      },
    });

    expect(await screen.findByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: empty })).toBeInTheDocument();
  });

  it('keeps the header when the figures fail to load', async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile',
      server: {
        ...NO_LISTINGS,
        [`GET /api/profiles/${member.id}`]: apiError(
          500,
          'INTERNAL',
          'An unexpected error occurred. Please try again.',
        ),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: member.username })).toBeInTheDocument();
  });
});

describe("another member's profile", () => {
  it('loads the profile named in the address', async () => {
    const held = heldAnswer({ body: otherProfile });
    renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2',
      server: {
        ...NO_LISTINGS,
        'GET /api/profiles/u_2': held.route,
      },
    });

    expect(await screen.findByRole('status', { name: 'Loading profile' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    held.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'lake_caster' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Profile photo of lake_caster' })).toHaveAttribute(
      'src',
      '/files/avatars/u_2.webp',
    );
    expect(screen.queryByText('Captain')).not.toBeInTheDocument();
    expect(stat('Seller rating')).toBe('0.0');
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Profile sections' })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'lake_caster has no listings yet' }),
    ).toBeInTheDocument();
  });

  it("says 'Profile not found' for an unknown member", async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/nobody',
      server: {
        ...NO_LISTINGS,
        'GET /api/profiles/nobody': apiError(404, 'NOT_FOUND', AUTH_MESSAGES.profileNotFound),
      },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: AUTH_MESSAGES.profileNotFound }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Profile not found · Castline'));
  });

  it('treats its own id in the address as the own profile', async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: `/profile/${member.id}`,
      server: { ...NO_LISTINGS, [`GET /api/profiles/${member.id}`]: { body: ownProfile } },
    });

    expect(await screen.findByRole('navigation', { name: 'Profile sections' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toBeInTheDocument();
  });
});

describe('profile listings', () => {
  it('shows your own listings, with your pending ones marked', async () => {
    const pending = buildListing({
      title: 'Abu Garcia Revo SX',
      seller_id: member.id,
      moderation_status: 'pending',
    });
    const live = buildListing({ title: 'Fenwick Eagle 6ft 6in', seller_id: member.id });
    const { server } = renderRoute(<ProfileRoute />, {
      path: '/profile',
      server: {
        [`GET /api/profiles/${member.id}`]: { body: ownProfile },
        'GET /api/listings': { body: listPage([pending, live]) },
      },
    });

    const tab = within(await screen.findByRole('region', { name: 'Listings' }));
    const cards = await tab.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Abu Garcia Revo SX',
      'Fenwick Eagle 6ft 6in',
    ]);
    expect(await within(cards[0] as HTMLElement).findByText('Pending review')).toBeInTheDocument();
    expect(tab.queryByRole('heading', { name: 'You have no listings yet' })).not.toBeInTheDocument();
    expect(queriesSentTo(server, '/api/listings')[0]?.get('seller_id')).toBe(member.id);
  });

  it("shows another member's listings and comes back to their profile from a listing", async () => {
    const theirs = buildListings(3, { seller_id: 'u_2' });
    const { server, user, router } = renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2',
      server: {
        'GET /api/profiles/u_2': { body: otherProfile },
        'GET /api/listings': { body: listPage(theirs) },
      },
    });

    const tab = within(await screen.findByRole('region', { name: 'Listings' }));
    expect(await tab.findAllByRole('article')).toHaveLength(3);
    expect(tab.queryByText('Pending review')).not.toBeInTheDocument();
    expect(queriesSentTo(server, '/api/listings')[0]?.get('seller_id')).toBe('u_2');

    await user.click(tab.getByRole('link', { name: theirs[1]?.title }));
    expect(router.state.location.pathname).toBe(`/marketplace/${theirs[1]?.id}`);
    expect(router.state.location.state).toEqual({ from: '/profile/u_2' });
  });

  it('says when the listings could not be loaded and tries again', async () => {
    let fail = true;
    const { user } = renderRoute(<ProfileRoute />, {
      path: '/profile',
      server: {
        [`GET /api/profiles/${member.id}`]: { body: ownProfile },
        'GET /api/listings': () =>
          fail ? apiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a moment.') : { body: listPage([]) },
      },
    });

    const tab = within(await screen.findByRole('region', { name: 'Listings' }));
    const alert = await tab.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch products: Try again in a moment.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await tab.findByRole('heading', { name: 'You have no listings yet' })).toBeInTheDocument();
  });
});

describe('profile offers', () => {
  it('lists the offers received with their actions, open ones or all', async () => {
    const pending = buildOffer({ amount: 150 });
    const accepted = buildOffer({ amount: 160, status: 'accepted', actions: ['mark-sold'] });
    const { server, user } = renderRoute(<ProfileRoute />, {
      path: '/profile',
      initialEntry: '/profile?tab=offers-received',
      server: {
        [`GET /api/profiles/${member.id}`]: { body: ownProfile },
        'GET /api/me/offers': () =>
          currentQuery().get('status') === 'open'
            ? { body: offerPage([pending]) }
            : { body: offerPage([pending, accepted]) },
      },
    });

    const list = await screen.findByRole('list', { name: 'Offers received' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Counter' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Mark sold to @lake_caster' })).toBeInTheDocument();
    expect(queriesSentTo(server, '/api/me/offers')[0]?.get('role')).toBe('received');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
    expect(queriesSentTo(server, '/api/me/offers').at(-1)?.get('status')).toBe('open');
  });

  it('lists the offers made, 10 to a page', async () => {
    const made = Array.from({ length: 10 }, () => asMadeByMember(buildOffer({ actions: ['cancel'] })));
    const { server, user } = renderRoute(<ProfileRoute />, {
      path: '/profile',
      initialEntry: '/profile?tab=offers-made',
      server: {
        [`GET /api/profiles/${member.id}`]: { body: ownProfile },
        'GET /api/me/offers': () => {
          const page = Number(currentQuery().get('page'));
          return { body: offerPage(page === 1 ? made : made.slice(0, 2), { total: 12, page }) };
        },
      },
    });

    const list = await screen.findByRole('list', { name: 'Offers made' });
    expect(within(list).getAllByRole('article')).toHaveLength(10);
    expect(within(list).getAllByRole('button', { name: 'Cancel offer' })).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(queriesSentTo(server, '/api/me/offers')[0]?.get('role')).toBe('made');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so when nothing is open and offers to show all', async () => {
    const { user } = renderRoute(<ProfileRoute />, {
      path: '/profile',
      initialEntry: '/profile?tab=offers-received',
      server: { ...NO_OFFERS, [`GET /api/profiles/${member.id}`]: { body: ownProfile } },
    });

    await user.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { name: 'No open offers' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all offers' }));
    expect(await screen.findByRole('heading', { name: 'No offers received yet' })).toBeInTheDocument();
  });

  it("keeps another member's offers tabs out of reach", async () => {
    const { server } = renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2?tab=offers-received',
      server: { ...NO_LISTINGS, 'GET /api/profiles/u_2': { body: otherProfile } },
    });

    expect(
      await screen.findByRole('heading', { name: 'lake_caster has no listings yet' }),
    ).toBeInTheDocument();
    expect(server.calls('GET', '/api/me/offers')).toHaveLength(0);
  });
});

describe('profile notifications', () => {
  it('lists your notifications under ?tab=notifications', async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile',
      initialEntry: '/profile?tab=notifications',
      server: {
        ...notificationRoutes([buildNotification('OFFER_RECEIVED'), buildNotification('NEW_MESSAGE')]),
        [`GET /api/profiles/${member.id}`]: { body: ownProfile },
      },
    });

    const list = await screen.findByRole('list', { name: 'Your notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: /New Offer/ })).toHaveAttribute(
      'href',
      '/profile?tab=offers-received',
    );
    expect(screen.getByRole('link', { name: 'Open the notifications page' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });
});

describe('profile presence', () => {
  const memberId = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

  it('shows whether another member is online next to their name', async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: `/profile/${memberId}`,
      server: {
        ...NO_LISTINGS,
        [`GET /api/profiles/${memberId}`]: { body: { ...otherProfile, id: memberId } },
        'GET /api/presence': {
          body: {
            items: [
              {
                user_id: memberId,
                status: 'online',
                online_at: new Date().toISOString(),
                last_seen_at: null,
              },
            ],
          },
        },
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'lake_caster' })).toBeInTheDocument();
    expect(await screen.findByText('Online')).toBeInTheDocument();
  });

  it('shows no presence on your own profile', async () => {
    const { server } = renderRoute(<ProfileRoute />, {
      path: '/profile',
      server: { ...NO_LISTINGS, [`GET /api/profiles/${member.id}`]: { body: ownProfile } },
    });

    expect(await screen.findByRole('heading', { name: 'You have no listings yet' })).toBeInTheDocument();
    expect(server.calls('GET', '/api/presence')).toHaveLength(0);
  });
});

describe('initialsOf', () => {
  it('takes up to two letters', () => {
    expect(initialsOf('River Runner')).toBe('RR');
    expect(initialsOf('river_runner')).toBe('RR');
    expect(initialsOf('angler')).toBe('AN');
    expect(initialsOf('')).toBe('?');
  });
});
