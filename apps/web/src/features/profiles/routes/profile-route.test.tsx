import { AUTH_MESSAGES, FORUM_MESSAGES, SETTINGS_MESSAGES } from '@castline/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRealtimeSync } from '../../../app/realtime-sync';
import { FakeWebSocket } from '../../../lib/realtime/testing/fake-web-socket';
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
import { forumKeys } from '../../forum/api/forum-keys';
import { buildOtherProfile, buildPost, buildProfile, postPage } from '../api/profile-fixtures';
import { buildReview, figuresOf, profileReviewsPage } from '../../reviews/api/review-fixtures';
import { initialsOf, ProfileRoute } from './profile-route';

const ownProfile = buildProfile();
const otherProfile = buildOtherProfile();

/** The profile owner has no listings (the listings tests below say otherwise). */
const NO_LISTINGS = { 'GET /api/listings': { body: listPage([]) } };
const NO_OFFERS = { 'GET /api/me/offers': { body: offerPage([]) } };
const NO_NOTIFICATIONS = notificationRoutes([]);
/** The top contributors beside every profile (the 'top contributors' tests below show them). */
const NO_CONTRIBUTORS = { 'GET /api/forum/top-contributors': { body: { items: [] } } };

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
    expect(stat('Active listings')).toBe('3');
    expect(stat('Sales')).toBe('2');
    expect(stat('Seller rating')).toBe('4.9');
    expect(screen.getByText('from 5 ratings')).toBeInTheDocument();
    expect(stat('Posts')).toBe('12');
    expect(stat('Comments')).toBe('31');
    expect(stat('Likes received')).toBe('48');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${member.username} · Castline`));
  });

  it('shows the bio as plain text with its line breaks', async () => {
    const bio = 'Guiding on the Deschutes since 2012.\n<b>Catch</b> and release only.';
    renderRoute(<ProfileRoute />, {
      path: '/profile',
      server: { ...NO_LISTINGS, [`GET /api/profiles/${member.id}`]: { body: buildProfile({ bio }) } },
    });

    const paragraph = await screen.findByText(/Guiding on the Deschutes/);
    expect(paragraph.textContent).toBe(bio);
    expect(paragraph).toHaveClass('whitespace-pre-line');
    expect(paragraph.querySelector('b')).toBeNull();
  });

  it('says when nobody has rated the seller yet', async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile',
      server: {
        ...NO_LISTINGS,
        [`GET /api/profiles/${member.id}`]: { body: buildProfile({ seller_rating: 0, ratings_count: 0 }) },
      },
    });

    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(stat('Seller rating')).toBe('–');
  });

  it('has every tab of your own profile', async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile',
      server: { ...NO_LISTINGS, [`GET /api/profiles/${member.id}`]: { body: ownProfile } },
    });

    const tabs = within(await screen.findByRole('navigation', { name: 'Profile sections' }));
    expect(tabs.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Listings', '/profile'],
      ['Sold', '/profile?tab=sold'],
      ['Reviews', '/profile?tab=reviews'],
      ['Favourites', '/profile?tab=favourites'],
      ['Offers received', '/profile?tab=offers-received'],
      ['Offers made', '/profile?tab=offers-made'],
      ['Notifications', '/profile?tab=notifications'],
      ['Posts', '/profile?tab=posts'],
      ['Bookmarks', '/profile?tab=bookmarks'],
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
    ['sold', 'Sold', 'Nothing sold yet'],
    ['favourites', 'Favourites', 'No favourites yet'],
    ['posts', 'Posts', 'You haven’t posted yet'],
  ])('opens the %s tab from the address', async (tab, label, empty) => {
    renderRoute(<ProfileRoute />, {
      path: '/profile',
      initialEntry: `/profile?tab=${tab}`,
      server: {
        ...NO_LISTINGS,
        ...NO_OFFERS,
        ...NO_NOTIFICATIONS,
        'GET /api/me/favorites': { body: listPage([]) },
        'GET /api/forum/posts': { body: postPage([]) },
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
        ...NO_CONTRIBUTORS,
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
    const photo = screen.getByRole('img', { name: 'Profile photo of lake_caster' });
    expect(photo).toHaveAttribute('src', '/files/avatars/u_2.webp?w=256&format=webp&q=85');
    expect(photo.getAttribute('srcset')).toBe(
      [64, 128, 256].map((w) => `/files/avatars/u_2.webp?w=${w}&format=webp&q=85 ${w}w`).join(', '),
    );
    expect(screen.queryByText('Captain')).not.toBeInTheDocument();
    expect(stat('Active listings')).toBe('0');
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/messages/u_2');
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Profile sections' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Listings',
      'Sold',
      'Reviews',
      'Posts',
    ]);
    expect(
      await screen.findByRole('heading', { name: 'lake_caster has no listings yet' }),
    ).toBeInTheDocument();
  });

  it('opens their reviews from ?tab=reviews: figures and reviews as a seller', async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2?tab=reviews',
      server: {
        ...NO_CONTRIBUTORS,
        'GET /api/profiles/u_2': { body: otherProfile },
        'GET /api/profiles/u_2/reviews': {
          body: profileReviewsPage({
            figures: figuresOf('u_2', { count: 1, average: 5, positive_share: 1 }),
            items: [buildReview({ reviewee_id: 'u_2', revealed_at: '2026-03-04T12:00:00.000Z' })],
          }),
        },
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));
    expect(
      await section.findByText('Packed like it was going overseas. Would buy again.'),
    ).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'As seller (1)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a deleted account as "deleted member", without actions', async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2',
      server: {
        ...NO_LISTINGS,
        'GET /api/profiles/u_2': {
          body: buildOtherProfile({
            username: 'deleted-3f2a9c1b',
            deleted: true,
            avatar_url: null,
            posts_count: 7,
          }),
        },
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'deleted member' })).toBeInTheDocument();
    expect(screen.queryByText('deleted-3f2a9c1b')).not.toBeInTheDocument();
    expect(screen.getByText(/This member deleted their account/)).toBeInTheDocument();
    expect(stat('Posts')).toBe('7');
    expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('deleted member · Castline'));
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

describe('blocking', () => {
  it('blocks after a confirmation and unblocks again', async () => {
    let blocked = false;
    const { server, user } = renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2',
      server: {
        ...NO_LISTINGS,
        'GET /api/profiles/u_2': () => ({ body: { ...otherProfile, blocked_by_me: blocked } }),
        'POST /api/profiles/u_2/block': () => {
          blocked = !blocked;
          return { body: { blocked } };
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block lake_caster?' });
    expect(dialog).toHaveTextContent('They will no longer be able to message you');
    expect(server.calls('POST', '/api/profiles/u_2/block')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Block lake_caster' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.memberBlocked)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/profiles/u_2/block')).toHaveLength(1);
    expect(screen.getByText(/You blocked this member/)).toBeInTheDocument();

    // Unblocking needs no confirmation.
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.memberUnblocked)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(screen.queryByText(/You blocked this member/)).not.toBeInTheDocument();
    expect(server.calls('POST', '/api/profiles/u_2/block')).toHaveLength(2);
  });

  it('keeps the dialog open with the reason when blocking fails, and cancels', async () => {
    const { server, user } = renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2',
      server: {
        ...NO_LISTINGS,
        'GET /api/profiles/u_2': { body: otherProfile },
        'POST /api/profiles/u_2/block': apiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a moment.'),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Block lake_caster' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Try again in a moment.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(server.calls('POST', '/api/profiles/u_2/block')).toHaveLength(1);
  });

  it('shows an already blocked member with Unblock', async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2',
      server: { ...NO_LISTINGS, 'GET /api/profiles/u_2': { body: { ...otherProfile, blocked_by_me: true } } },
    });

    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });
});

describe('profile tabs', () => {
  it('asks for unsold listings under Listings and sold ones under Sold', async () => {
    const sold = buildListing({ title: 'Sage X 9ft 5wt', seller_id: 'u_2', sold: true });
    const { server, user } = renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2',
      server: {
        'GET /api/profiles/u_2': { body: otherProfile },
        'GET /api/listings': () =>
          currentQuery().get('sold') === 'true' ? { body: listPage([sold]) } : { body: listPage([]) },
      },
    });

    expect(
      await screen.findByRole('heading', { name: 'lake_caster has no listings yet' }),
    ).toBeInTheDocument();
    expect(queriesSentTo(server, '/api/listings')[0]?.get('sold')).toBe('false');

    await user.click(screen.getByRole('link', { name: 'Sold' }));
    const tab = within(await screen.findByRole('region', { name: 'Sold' }));
    expect(await tab.findByRole('link', { name: 'Sage X 9ft 5wt' })).toBeInTheDocument();
    const soldQuery = queriesSentTo(server, '/api/listings').at(-1);
    expect(soldQuery?.get('sold')).toBe('true');
    expect(soldQuery?.get('seller_id')).toBe('u_2');
  });

  it("lists the member's forum posts as cards linking to each post", async () => {
    const posts = [
      buildPost({ title: 'Steelhead on the swing', likes_count: 1, comments_count: 4 }),
      buildPost({ title: 'Which 5wt for a beginner?', category: 'Gear Talk' }),
    ];
    const { server } = renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2?tab=posts',
      server: {
        'GET /api/profiles/u_2': { body: otherProfile },
        'GET /api/forum/posts': { body: postPage(posts) },
      },
    });

    const list = await screen.findByRole('list', { name: 'Posts' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Steelhead on the swing' })).toHaveAttribute(
      'href',
      `/forum/post/${posts[0]!.id}`,
    );
    expect(cards[0]).toHaveTextContent('1 like');
    expect(cards[0]).toHaveTextContent('4 comments');
    expect(cards[0]).toHaveTextContent('Fishing Reports');
    expect(cards[1]).toHaveTextContent('Gear Talk');
    const query = queriesSentTo(server, '/api/forum/posts')[0];
    expect(query?.get('author_id')).toBe('u_2');
    expect(query?.get('page')).toBe('1');
    expect(server.calls('GET', '/api/listings')).toHaveLength(0);
  });

  it('pages through the posts', async () => {
    const first = Array.from({ length: 20 }, () => buildPost());
    const second = [buildPost({ title: 'The last one' })];
    const { user } = renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2?tab=posts',
      server: {
        'GET /api/profiles/u_2': { body: otherProfile },
        'GET /api/forum/posts': () => {
          const page = Number(currentQuery().get('page'));
          return { body: postPage(page === 1 ? first : second, { total: 21, page }) };
        },
      },
    });

    const list = await screen.findByRole('list', { name: 'Posts' });
    expect(within(list).getAllByRole('article')).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'The last one' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('collapses posts of a member you blocked until asked', async () => {
    const post = buildPost({
      title: 'Secret spot',
      excerpt: 'Behind the old mill',
      author: {
        id: 'u_2',
        username: 'lake_caster',
        full_name: null,
        avatar_url: null,
        deleted: false,
        blocked_by_viewer: true,
      },
    });
    const { user } = renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2?tab=posts',
      server: {
        'GET /api/profiles/u_2': { body: { ...otherProfile, blocked_by_me: true } },
        'GET /api/forum/posts': { body: postPage([post]) },
      },
    });

    expect(await screen.findByText(/collapsed because you blocked its author/)).toBeInTheDocument();
    expect(screen.queryByText('Behind the old mill')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show post' }));
    expect(screen.getByText('Behind the old mill')).toBeInTheDocument();
  });

  it("says when the posts can't be loaded and tries again", async () => {
    let fail = true;
    const { user } = renderRoute(<ProfileRoute />, {
      path: '/profile',
      initialEntry: '/profile?tab=posts',
      server: {
        ...NO_CONTRIBUTORS,
        [`GET /api/profiles/${member.id}`]: { body: ownProfile },
        'GET /api/forum/posts': () =>
          fail
            ? apiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.')
            : { body: postPage([]) },
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(FORUM_MESSAGES.fetchPostsFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'You haven’t posted yet' })).toBeInTheDocument();
  });

  it('shows your favourites', async () => {
    const favourite = buildListing({ title: 'Hardy Perfect reel' });
    renderRoute(<ProfileRoute />, {
      path: '/profile',
      initialEntry: '/profile?tab=favourites',
      server: {
        [`GET /api/profiles/${member.id}`]: { body: ownProfile },
        'GET /api/me/favorites': { body: listPage([favourite]) },
      },
    });

    const tab = within(await screen.findByRole('region', { name: 'Favourites' }));
    expect(await tab.findByRole('link', { name: 'Hardy Perfect reel' })).toBeInTheDocument();
  });
});

describe('live profile', () => {
  function Connected() {
    useRealtimeSync();
    return <ProfileRoute />;
  }

  it("refreshes the figures and posts when the member's content changes", async () => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const post = buildPost({ title: 'Steelhead on the swing', likes_count: 3 });
    let likes = 3;
    const { server } = renderRoute(<Connected />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2?tab=posts',
      server: {
        'GET /api/profiles/u_2': () => ({ body: { ...otherProfile, likes_received: likes } }),
        'GET /api/forum/posts': () => ({ body: postPage([{ ...post, likes_count: likes }]) }),
      },
    });

    expect(await screen.findByText('3 likes')).toBeInTheDocument();
    expect(stat('Likes received')).toBe('3');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    const profileLoads = server.calls('GET', '/api/profiles/u_2').length;

    // Someone else's content: nothing to refresh here.
    act(() =>
      socket.receive({ type: 'content.changed', entity: 'post', post_id: 'other-post', user_id: 'u_9' }),
    );
    // A like on one of this member's posts.
    likes = 4;
    act(() => socket.receive({ type: 'content.changed', entity: 'like', post_id: post.id, user_id: 'u_9' }));

    expect(await screen.findByText('4 likes')).toBeInTheDocument();
    await waitFor(() => expect(stat('Likes received')).toBe('4'));
    expect(server.calls('GET', '/api/profiles/u_2')).toHaveLength(profileLoads + 1);
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

describe('top contributors', () => {
  const contributors = {
    items: [
      {
        id: 'u_7',
        username: 'reel_queen',
        avatar_url: null,
        posts_count: 12,
        comments_count: 40,
        total_likes: 1,
      },
      {
        id: 'u_8',
        username: 'pike_patrol',
        avatar_url: null,
        posts_count: 9,
        comments_count: 3,
        total_likes: 22,
      },
    ],
  };

  it('lists the top contributors on a profile, refreshed every 2 minutes and stale after 1 (spec 001 §1, §3, §9)', async () => {
    const view = renderRoute(<ProfileRoute />, {
      path: '/profile',
      server: {
        ...NO_LISTINGS,
        [`GET /api/profiles/${member.id}`]: { body: ownProfile },
        'GET /api/forum/top-contributors': { body: contributors },
      },
    });

    const region = await screen.findByRole('region', { name: 'Top contributors' });
    const rows = await within(region).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!).getByRole('link', { name: /reel_queen/ });
    expect(first).toHaveAttribute('href', '/profile/u_7');
    expect(first).toHaveTextContent('12 posts · 40 comments · 1 like');
    expect(rows[1]).toHaveTextContent('pike_patrol');

    const query = view.queryClient.getQueryCache().find({ queryKey: forumKeys.topContributors });
    expect(query?.options).toMatchObject({ refetchInterval: 120_000, staleTime: 60_000 });
  });

  it("shows them on another member's profile too, and says when they could not be loaded", async () => {
    renderRoute(<ProfileRoute />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_2',
      server: {
        ...NO_LISTINGS,
        'GET /api/profiles/u_2': { body: otherProfile },
        'GET /api/forum/top-contributors': apiError(503, 'SERVICE_UNAVAILABLE', 'The database is busy.'),
      },
    });

    const region = await screen.findByRole('region', { name: 'Top contributors' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Top contributors could not be loaded.',
    );
  });
});
