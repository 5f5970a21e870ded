import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockAnswer } from '../../../test/fetch-mock';
import { apiError } from '../../../test/fetch-mock';
import { member, memberSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import {
  buildListing,
  buildListings,
  currentQuery,
  listPage,
  queriesSentTo,
} from '../../listings/api/listing-queries.fixtures';
import { APPROVAL_TEXTS } from '../../listings/lib/approval-texts';
import { listingReach, listingStatus } from '../../listings/components/own-listing-row';
import { DashboardRoute } from './dashboard-route';

type Route = MockAnswer | (() => MockAnswer);

/** The dashboard of `member`; the listings and favourites are empty unless a test says otherwise. */
function renderDashboard({
  session = memberSession,
  listings = { body: listPage([]) },
  favorites = { body: listPage([]) },
}: { session?: typeof memberSession; listings?: Route; favorites?: Route } = {}) {
  return renderRoute(<DashboardRoute />, {
    path: '/dashboard',
    session,
    server: { 'GET /api/listings': listings, 'GET /api/me/favorites': favorites },
  });
}

function quickActions() {
  return within(screen.getByRole('region', { name: 'Quick actions' }));
}

describe('dashboard', () => {
  it('greets the member and offers the member shortcuts', async () => {
    renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(member.username)).toBeInTheDocument();

    const links = quickActions().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['List My Gear', '/marketplace/new'],
      ['Marketplace', '/marketplace'],
      ['Messages', '/messages'],
      ['Notifications', '/notifications'],
      ['Community', '/forum'],
      ['Settings', '/settings'],
    ]);
    expect(quickActions().getByRole('link', { name: 'Messages' })).toHaveAccessibleDescription(
      'Talk with buyers and sellers.',
    );
    await waitFor(() => expect(document.title).toBe('Dashboard · Castline'));
  });

  it("adds the Captain's Club and the Admin Dashboard for those who may enter them", async () => {
    renderDashboard({
      session: { ...memberSession, user: { ...member, is_captain: true, is_admin: true, role: 'admin' } },
    });

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(quickActions().getByRole('link', { name: "Captain's Club" })).toHaveAttribute(
      'href',
      '/captains-club',
    );
    expect(quickActions().getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('shows the account at a glance', async () => {
    renderDashboard();

    const account = within(await screen.findByRole('region', { name: 'Your account' }));
    expect(account.getByText(member.email)).toBeInTheDocument();
    expect(account.getByText('Verified')).toBeInTheDocument();
    expect(account.getByText('January 1, 2025')).toHaveAttribute('datetime', member.created_at);
    expect(account.queryByText('Role')).not.toBeInTheDocument();
  });

  it('says when the email is not verified and names a role other than member', async () => {
    renderDashboard({
      session: { ...memberSession, user: { ...member, emailVerified: false, role: 'moderator' } },
    });

    const account = within(await screen.findByRole('region', { name: 'Your account' }));
    expect(account.getByText('Not verified')).toBeInTheDocument();
    expect(account.getByText('Role')).toBeInTheDocument();
    expect(account.getByText('Moderator')).toBeInTheDocument();
  });

  it('invites a member without listings to list gear', async () => {
    renderDashboard();

    const listings = within(await screen.findByRole('region', { name: 'Your listings' }));
    expect(await listings.findByRole('heading', { name: 'You have no listings yet' })).toBeInTheDocument();
    expect(listings.getByRole('link', { name: 'List My Gear' })).toHaveAttribute('href', '/marketplace/new');
  });

  it("lists the member's own listings, newest first, with their status and an Edit link", async () => {
    const live = buildListing({ title: 'Penn Battle III 4000', price: 89.5, seller_id: member.id });
    const pending = buildListing({
      title: 'Ugly Stik GX2 7ft',
      seller_id: member.id,
      moderation_status: 'pending',
    });
    const sold = buildListing({ title: 'Old tackle box', seller_id: member.id, sold: true });
    const view = renderDashboard({ listings: { body: listPage([pending, live, sold]) } });

    const section = within(await screen.findByRole('region', { name: 'Your listings' }));
    const rows = await section.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(section.getByText('3 listings')).toBeInTheDocument();

    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Ugly Stik GX2 7ft' })).toHaveAttribute(
      'href',
      `/marketplace/${pending.id}`,
    );
    expect(within(first).getByText('Pending review')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit Ugly Stik GX2 7ft' })).toHaveAttribute(
      'href',
      `/marketplace/${pending.id}/edit`,
    );
    expect(within(second).getByText('$89.50')).toBeInTheDocument();
    expect(within(second).getByText('Live')).toBeInTheDocument();
    expect(within(third).getByText('Sold')).toBeInTheDocument();

    const [query] = queriesSentTo(view.server, '/api/listings');
    expect(query?.get('seller_id')).toBe(member.id);
    expect(query?.get('sort')).toBe('newest');

    await view.user.click(within(first).getByRole('link', { name: 'Ugly Stik GX2 7ft' }));
    expect(view.router.state.location.pathname).toBe(`/marketplace/${pending.id}`);
    expect(view.router.state.location.state).toEqual({ from: '/dashboard' });
  });

  it('loads more of the member’s listings', async () => {
    const view = renderDashboard({
      listings: () =>
        currentQuery().get('page') === '2'
          ? { body: listPage(buildListings(2, { seller_id: member.id }), { total: 22, page: 2 }) }
          : { body: listPage(buildListings(20, { seller_id: member.id }), { total: 22 }) },
    });

    const section = within(await screen.findByRole('region', { name: 'Your listings' }));
    expect(await section.findAllByRole('listitem')).toHaveLength(20);
    await view.user.click(section.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(22));
  });

  it('says when the listings could not be loaded and tries again', async () => {
    let fail = true;
    const view = renderDashboard({
      listings: () =>
        fail
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a moment.')
          : { body: listPage([buildListing({ title: 'Fenwick HMG', seller_id: member.id })]) },
    });

    const section = within(await screen.findByRole('region', { name: 'Your listings' }));
    const alert = await section.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch products: Try again in a moment.');
    fail = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await section.findByRole('link', { name: 'Fenwick HMG' })).toBeInTheDocument();
  });

  it('shows the member’s favourites', async () => {
    const saved = buildListings(2);
    renderDashboard({ favorites: { body: listPage(saved) } });

    const section = within(await screen.findByRole('region', { name: 'Favourites' }));
    const cards = await section.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(section.getByRole('link', { name: saved[0]?.title })).toHaveAttribute(
      'href',
      `/marketplace/${saved[0]?.id}`,
    );
  });

  it('points a member without favourites to the marketplace', async () => {
    renderDashboard();

    const section = within(await screen.findByRole('region', { name: 'Favourites' }));
    expect(await section.findByRole('heading', { level: 3, name: 'No favourites yet' })).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Browse the Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
  });
});

describe('listingStatus', () => {
  it('names sold first, then the moderation state', () => {
    expect(listingStatus({ sold: true, moderation_status: 'active' }).label).toBe('Sold');
    expect(listingStatus({ sold: false, moderation_status: 'pending' }).label).toBe('Pending review');
    expect(listingStatus({ sold: false, moderation_status: 'active' }).label).toBe('Live');
    expect(listingStatus({ sold: false, moderation_status: 'hidden' }).label).toBe('Hidden');
    expect(listingStatus({ sold: false, moderation_status: 'flagged' }).label).toBe('Flagged');
  });
});

/*
 * The dashboard's promises hold: the seller sees their listings' real views and favourites,
 * and the empty state says what the "Listings need approval" setting makes true.
 */
describe('dashboard: what the seller is told about their listings', () => {
  const OLD_PROMISE = /checked by a moderator before they go live|views and offers/;

  function renderWith(siteNotice: MockAnswer, listings: Route = { body: listPage([]) }) {
    return renderRoute(<DashboardRoute />, {
      path: '/dashboard',
      server: {
        'GET /api/listings': listings,
        'GET /api/me/favorites': { body: listPage([]) },
        'GET /api/site-notice': siteNotice,
      },
    });
  }

  async function emptyState() {
    const section = within(await screen.findByRole('region', { name: 'Your listings' }));
    await section.findByRole('heading', { name: 'You have no listings yet' });
    return section;
  }

  it('says new listings appear at once while approval is not required', async () => {
    renderWith({ body: { notice: null, listings_require_approval: false } });
    const section = await emptyState();
    expect(
      await section.findByText(
        `Gear you put up for sale appears here with its status, views and favourites. ${APPROVAL_TEXTS.dashboardApprovalOff}`,
      ),
    ).toBeInTheDocument();
    expect(section.queryByText(OLD_PROMISE)).not.toBeInTheDocument();
  });

  it('says a moderator approves new listings first while approval is required', async () => {
    renderWith({ body: { notice: null, listings_require_approval: true } });
    const section = await emptyState();
    expect(
      await section.findByText(
        `Gear you put up for sale appears here with its status, views and favourites. ${APPROVAL_TEXTS.dashboardApprovalOn}`,
      ),
    ).toBeInTheDocument();
  });

  it('promises nothing about approval while the setting is unknown', async () => {
    renderWith(apiError(500, 'INTERNAL', 'Something went wrong'));
    const section = await emptyState();
    expect(
      section.getByText('Gear you put up for sale appears here with its status, views and favourites.'),
    ).toBeInTheDocument();
  });

  it("shows each listing's views and favourites", async () => {
    const popular = buildListing({
      title: 'Penn Battle III 4000',
      seller_id: member.id,
      views_count: 1250,
      favorites_count: 3,
    });
    const quiet = buildListing({
      title: 'Ugly Stik GX2 7ft',
      seller_id: member.id,
      views_count: 1,
      favorites_count: 1,
    });
    renderWith(
      { body: { notice: null, listings_require_approval: false } },
      { body: listPage([popular, quiet]) },
    );

    const rows = await within(await screen.findByRole('region', { name: 'Your listings' })).findAllByRole(
      'listitem',
    );
    expect(within(rows[0] as HTMLElement).getByText('1,250 views · 3 favourites')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('1 view · 1 favourite')).toBeInTheDocument();
  });

  it('words the counts', () => {
    expect(listingReach(0, 0)).toBe('0 views · 0 favourites');
    expect(listingReach(1, 2)).toBe('1 view · 2 favourites');
  });
});
