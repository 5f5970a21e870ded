import type { ConversationDto, SessionStateDto } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockAnswer, RecordedRequest } from '../../../test/fetch-mock';
import { apiError, mockServer } from '../../../test/fetch-mock';
import { member, memberSession } from '../../../test/fixtures';
import { heldAnswer } from '../../../test/render-route';
import { renderApp } from '../../../test/render-app';
import { buildMatch, matchPage } from '../../alerts/api/alert-fixtures';
import {
  buildListing,
  buildListings,
  currentQuery,
  listPage,
  queriesSentTo,
} from '../../listings/api/listing-queries.fixtures';
import { buildConversation, buildMessage, buyer, seller } from '../../messaging/api/messaging.fixtures';
import { asMadeByMember, buildOffer, offerPage } from '../../offers/api/offer-fixtures';

type Routes = Record<string, MockAnswer | ((request: RecordedRequest) => MockAnswer | Promise<MockAnswer>)>;

const captainSession: SessionStateDto = { ...memberSession, user: { ...member, is_captain: true } };

const ownListings = [
  buildListing({ seller_id: member.id, title: 'Penn Battle III 4000', moderation_status: 'active' }),
  buildListing({ seller_id: member.id, title: 'Ugly Stik GX2 7ft', moderation_status: 'pending' }),
];

function conversations(items: ConversationDto[]) {
  return { body: { items, total: items.length } };
}

const withSeller = buildConversation(
  seller,
  buildMessage({ sender_id: seller.id, recipient_id: member.id, content: 'Still have the reel?' }),
  { unread_count: 2 },
);
const withBuyer = buildConversation(
  buyer,
  buildMessage({ sender_id: member.id, recipient_id: buyer.id, content: 'Sure, Saturday works.' }),
);

const received = buildOffer({ amount: 150 });
const made = asMadeByMember(
  buildOffer({
    amount: 90,
    status: 'countered',
    counter_amount: 110,
    actions: ['accept', 'reject', 'cancel'],
    listing: {
      id: 'l_2',
      title: 'Daiwa BG 3000',
      price: 130,
      image: null,
      seller_id: 'u_9',
      sold: false,
      available: true,
      handover: 'shipping',
      shipping_price: 0,
    },
  }),
);

/** Everything a member's home asks for, each answer replaceable. */
function memberHome(session: SessionStateDto, routes: Routes = {}) {
  const server = mockServer({
    'GET /api/auth/session': { body: session },
    'GET /api/listings/home': { body: { featured: buildListings(4), newest: [], recentlySold: [] } },
    'GET /api/listings': { body: listPage(ownListings, { total: 5 }) },
    'GET /api/conversations': conversations([withSeller, withBuyer]),
    'GET /api/me/offers': () =>
      currentQuery().get('role') === 'received'
        ? { body: offerPage([received]) }
        : { body: offerPage([made]) },
    'GET /api/alerts/matches': {
      body: matchPage([
        buildMatch({ alert_name: 'Penn reels', is_read: false }),
        buildMatch({ alert_name: 'Penn reels', is_read: true }),
      ]),
    },
    ...routes,
  });
  const view = renderApp('/');
  return { ...view, server };
}

async function region(name: string) {
  return within(await screen.findByRole('region', { name }));
}

describe('member home', () => {
  it('leads with their listings, conversations, offers and, for a captain, saved search matches', async () => {
    const { server } = memberHome(captainSession);

    const main = within(await screen.findByRole('main'));
    expect(
      await main.findByRole('heading', { level: 1, name: `Good to see you, ${member.username}` }),
    ).toBeInTheDocument();
    expect(await main.findByRole('heading', { level: 2, name: 'Saved search matches' })).toBeInTheDocument();
    expect(await main.findByRole('heading', { level: 2, name: 'Featured gear' })).toBeInTheDocument();
    const sections = main.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual([
      'Your listings',
      'Messages',
      'Offers',
      'Saved search matches',
      'Featured gear',
    ]);
    // Signing out is in the header's menu, not on the page.
    expect(main.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(main.getByRole('link', { name: 'List My Gear' })).toHaveAttribute('href', '/marketplace/new');

    // Their listings: newest first, what state each is in, and where to manage them.
    const listings = await region('Your listings');
    const rows = await listings.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Penn Battle III 4000');
    expect(rows[0]).toHaveTextContent('Live');
    expect(rows[1]).toHaveTextContent('Pending review');
    expect(within(rows[0]!).getByRole('link', { name: 'Penn Battle III 4000' })).toHaveAttribute(
      'href',
      `/marketplace/${ownListings[0]!.id}`,
    );
    expect(listings.getByText('5 for sale')).toBeInTheDocument();
    expect(listings.getByRole('link', { name: 'Manage your listings' })).toHaveAttribute('href', '/profile');
    const [listingQuery] = queriesSentTo(server, '/api/listings');
    expect(listingQuery?.get('seller_id')).toBe(member.id);
    expect(listingQuery?.get('sold')).toBe('false');

    // Conversations, newest first, the unread ones counted.
    const messages = await region('Messages');
    expect(await messages.findByText('2 unread')).toBeInTheDocument();
    const threads = messages.getAllByRole('listitem');
    expect(threads).toHaveLength(2);
    expect(within(threads[0]!).getByRole('link', { name: /reel_deal/ })).toHaveAttribute(
      'href',
      `/messages/${seller.id}`,
    );
    expect(threads[0]).toHaveTextContent('Still have the reel?');
    expect(threads[0]).toHaveTextContent('2 unread messages');
    expect(threads[1]).toHaveTextContent('You: Sure, Saturday works.');
    expect(messages.getByRole('link', { name: 'All messages' })).toHaveAttribute('href', '/messages');

    // Open offers on both sides.
    const offers = await region('Offers');
    const receivedList = within(await offers.findByRole('list', { name: 'Open offers received' }));
    expect(receivedList.getByRole('listitem')).toHaveTextContent('Shimano Stradic FL 2500');
    expect(receivedList.getByRole('listitem')).toHaveTextContent('$150 from @lake_caster');
    expect(receivedList.getByRole('listitem')).toHaveTextContent('Pending');
    const madeList = within(await offers.findByRole('list', { name: 'Open offers made' }));
    expect(madeList.getByRole('listitem')).toHaveTextContent('$90 to @reel_deal');
    expect(madeList.getByRole('listitem')).toHaveTextContent('countered at $110');
    expect(madeList.getByRole('listitem')).toHaveTextContent('Countered');
    expect(offers.getByRole('link', { name: 'All offers received' })).toHaveAttribute(
      'href',
      '/profile?tab=offers-received',
    );
    expect(offers.getByRole('link', { name: 'All offers made' })).toHaveAttribute(
      'href',
      '/profile?tab=offers-made',
    );
    const offerQueries = queriesSentTo(server, '/api/me/offers');
    // (StrictMode may ask twice.)
    expect(
      [...new Set(offerQueries.map((query) => `${query.get('role')} ${query.get('status')}`))].sort(),
    ).toEqual(['made open', 'received open']);

    // What the captain's saved searches found.
    const matches = await region('Saved search matches');
    expect(await matches.findByText('1 new')).toBeInTheDocument();
    expect(matches.getAllByRole('listitem')).toHaveLength(2);
    expect(matches.getAllByRole('listitem')[0]).toHaveTextContent('Matched “Penn reels”');
    expect(matches.getByRole('link', { name: 'All matches' })).toHaveAttribute(
      'href',
      '/captains-club?tab=matches',
    );
  });

  it('shows the member’s avatar beside the greeting', async () => {
    memberHome({ ...memberSession, user: { ...member, avatar_url: '/files/avatars/u_1.svg' } });

    const greeting = await screen.findByRole('heading', { name: `Good to see you, ${member.username}` });
    const header = greeting.closest('header');
    expect(header?.querySelector('img')).toHaveAttribute('src', '/files/avatars/u_1.svg');
  });

  it('says where to start when there is nothing yet, and asks a member who is not a captain for no matches', async () => {
    const { server } = memberHome(memberSession, {
      'GET /api/listings': { body: listPage([]) },
      'GET /api/conversations': conversations([]),
      'GET /api/me/offers': { body: offerPage([]) },
    });

    const listings = await region('Your listings');
    expect(await listings.findByRole('heading', { name: 'No gear for sale' })).toBeInTheDocument();
    expect(listings.getByRole('link', { name: 'List My Gear' })).toHaveAttribute('href', '/marketplace/new');
    const messages = await region('Messages');
    expect(await messages.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(messages.getByRole('link', { name: 'Browse the Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    const offers = await region('Offers');
    expect(await offers.findByText('No open offers on your gear.')).toBeInTheDocument();
    expect(offers.getByText('None of your offers is waiting for an answer.')).toBeInTheDocument();

    expect(screen.queryByRole('region', { name: 'Saved search matches' })).not.toBeInTheDocument();
    expect(server.calls('GET', '/api/alerts/matches')).toHaveLength(0);
  });

  it('tells a captain how matches come in when none has', async () => {
    memberHome(captainSession, { 'GET /api/alerts/matches': { body: matchPage([]) } });

    const matches = await region('Saved search matches');
    expect(await matches.findByRole('heading', { name: 'No matches yet' })).toBeInTheDocument();
    expect(matches.getByText(/save a search/i)).toBeInTheDocument();
  });

  it('shows placeholders while each part loads', async () => {
    const listings = heldAnswer({ body: listPage(ownListings) });
    const threads = heldAnswer(conversations([withSeller]));
    const offers = heldAnswer({ body: offerPage([]) });
    const matches = heldAnswer({ body: matchPage([]) });
    memberHome(captainSession, {
      'GET /api/listings': listings.route,
      'GET /api/conversations': threads.route,
      'GET /api/me/offers': offers.route,
      'GET /api/alerts/matches': matches.route,
    });

    for (const label of [
      'Loading your listings',
      'Loading your conversations',
      'Loading your offers',
      'Loading your saved search matches',
    ]) {
      expect(await screen.findByRole('status', { name: label })).toBeInTheDocument();
    }
    listings.release();
    threads.release();
    offers.release();
    matches.release();
    expect(await (await region('Your listings')).findAllByRole('listitem')).toHaveLength(2);
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading your offers' })).not.toBeInTheDocument(),
    );
  });

  it('says why a part could not be loaded and tries it again', async () => {
    let fail = true;
    const { user } = memberHome(memberSession, {
      'GET /api/conversations': () =>
        fail ? apiError(503, 'SERVICE_UNAVAILABLE', 'The database is busy.') : conversations([withSeller]),
      'GET /api/listings': apiError(503, 'SERVICE_UNAVAILABLE', 'The database is busy.'),
    });

    const messages = await region('Messages');
    expect(await messages.findByRole('alert')).toHaveTextContent('The database is busy.');
    expect(await (await region('Your listings')).findByRole('alert')).toHaveTextContent(
      'Failed to fetch products: The database is busy.',
    );
    fail = false;
    await user.click(messages.getByRole('button', { name: 'Try again' }));
    expect(await messages.findByText('Still have the reel?')).toBeInTheDocument();
  });
});
