import type { ListingDto, SessionStateDto } from '@castline/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guestSession, member, memberSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { APPROVAL_TEXTS } from '../../listings/lib/approval-texts';
import { DETAIL_TEXTS } from '../../listings/components/detail/detail-texts';
import { buildListingDto } from '../../listings/lib/testing/listing-fixture';
import { ListingDetailRoute } from './listing-detail-route';

/*
 * Views are counted for real. The listing page sends one beacon, POST
 * /api/listings/:id/views, once it shows the listing to a reader (never for its seller), and the
 * seller reads the views next to the likes and favourites.
 */

const theirs = buildListingDto({
  id: 'b1c2d3e4-0000-4000-8000-000000000001',
  seller_id: 'u_2',
  seller: { ...buildListingDto().seller, id: 'u_2', username: 'reel_deal' },
});
const mine = buildListingDto({ id: 'b1c2d3e4-0000-4000-8000-000000000002', seller_id: member.id });

function open(listing: ListingDto, session: SessionStateDto = memberSession) {
  return renderRoute(<ListingDetailRoute />, {
    path: '/marketplace/:id',
    initialEntry: `/marketplace/${listing.id}`,
    session,
    server: {
      [`GET /api/listings/${listing.id}`]: { body: listing },
      [`GET /api/listings/${listing.id}/similar`]: { body: { items: [] } },
      [`POST /api/listings/${listing.id}/views`]: { status: 204 },
    },
  });
}

const beacons = (view: ReturnType<typeof open>, listing: ListingDto) =>
  view.server.calls('POST', `/api/listings/${listing.id}/views`);

describe('listing page: views', () => {
  it("sends one view beacon for a member reading someone else's listing", async () => {
    const view = open(theirs);
    await screen.findByRole('heading', { level: 1, name: theirs.title });
    await waitFor(() => expect(beacons(view, theirs)).toHaveLength(1));
    expect(beacons(view, theirs)[0]?.rawBody).toBeUndefined();
    // Re-renders and refetches do not send it again.
    await view.queryClient.refetchQueries();
    await screen.findByRole('heading', { level: 1, name: theirs.title });
    expect(beacons(view, theirs)).toHaveLength(1);
  });

  it('sends one for a guest too', async () => {
    const view = open(theirs, guestSession);
    await screen.findByRole('heading', { level: 1, name: theirs.title });
    await waitFor(() => expect(beacons(view, theirs)).toHaveLength(1));
  });

  it('sends none for the seller, who reads the views with the likes and favourites', async () => {
    const view = open({ ...mine, views_count: 1250, likes_count: 4, favorites_count: 1 });
    await screen.findByRole('heading', { level: 1, name: mine.title });
    expect(screen.getByText('1,250 views · 4 likes · 1 favourite')).toBeInTheDocument();
    // Give a beacon every chance to go out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(beacons(view, mine)).toHaveLength(0);
  });

  it('tells the seller of a listing waiting for approval that the public cannot see it yet', async () => {
    open({ ...mine, moderation_status: 'pending', visible_in_marketplace: false });
    await screen.findByRole('heading', { level: 1, name: mine.title });
    expect(screen.getByText(APPROVAL_TEXTS.awaitingApproval)).toBeInTheDocument();
    expect(screen.queryByText(DETAIL_TEXTS.pendingReview)).not.toBeInTheDocument();
  });

  it('tells the seller of a pending listing already public that buyers can see it', async () => {
    open({ ...mine, moderation_status: 'pending', visible_in_marketplace: true });
    await screen.findByRole('heading', { level: 1, name: mine.title });
    expect(screen.getByText(DETAIL_TEXTS.pendingReview)).toBeInTheDocument();
  });
});
