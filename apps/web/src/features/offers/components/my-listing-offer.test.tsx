import type { OfferDto } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { asMadeByMember, buildOffer, OTHER_SELLER } from '../api/offer-fixtures';
import { MyListingOfferSlot } from './my-listing-offer-slot';

type Server = NonNullable<Parameters<typeof renderRoute>[1]>['server'];

const MINE = 'GET /api/listings/l_1/offers/mine';

function renderPanel(server: Server, viewerId: string | null = member.id, sellerId = OTHER_SELLER.id) {
  return renderRoute(
    <>
      <MyListingOfferSlot listingId="l_1" viewerId={viewerId} sellerId={sellerId} />
      <p>Listing page</p>
    </>,
    { path: '/', server },
  );
}

function madeOffer(overrides: Partial<OfferDto> = {}): OfferDto {
  return asMadeByMember(buildOffer({ actions: ['cancel'], ...overrides }));
}

describe('the buyer’s own offer on the listing page', () => {
  it('shows a pending offer: the amount, that it waits for the seller, and when it expires', async () => {
    renderPanel({ [MINE]: { body: { offer: madeOffer() } } });

    const card = await screen.findByRole('article', { name: 'Your offer on Shimano Stradic FL 2500' });
    expect(card).toHaveTextContent('Your offer of $150 — waiting for the seller');
    expect(within(card).getByText('Expires in 2 days')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel offer' })).toBeInTheDocument();
  });

  it('shows the seller’s counter with the steps it allows', async () => {
    renderPanel({
      [MINE]: {
        body: {
          offer: madeOffer({
            status: 'countered',
            counter_amount: 170,
            actions: ['accept', 'reject', 'cancel'],
          }),
        },
      },
    });

    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('The seller countered with $170');
    const actions = within(card).getByRole('group', { name: 'Offer actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accept counter', 'Reject counter', 'Cancel offer']);
  });

  it('shows nothing when the member has no offer on the listing', async () => {
    const { server } = renderPanel({ [MINE]: { body: { offer: null } } });

    await waitFor(() =>
      expect(server.calls('GET', '/api/listings/l_1/offers/mine').length).toBeGreaterThan(0),
    );
    expect(screen.getByText('Listing page')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('asks nothing for a guest or the seller', async () => {
    const guest = renderPanel({}, null);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(guest.server.calls('GET', '/api/listings/l_1/offers/mine')).toHaveLength(0);
    guest.unmount();

    const seller = renderPanel({}, member.id, member.id);
    expect(seller.server.calls('GET', '/api/listings/l_1/offers/mine')).toHaveLength(0);
  });

  it('asks to confirm before cancelling, then cancels and hides the offer', async () => {
    const offer = madeOffer();
    const { user, server } = renderPanel({
      [MINE]: { body: { offer } },
      [`POST /api/offers/${offer.id}/cancel`]: { body: { ...offer, status: 'cancelled', actions: [] } },
    });

    await user.click(await screen.findByRole('button', { name: 'Cancel offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your offer?' });
    expect(server.calls('POST', `/api/offers/${offer.id}/cancel`)).toHaveLength(0);

    // Backing out ("Keep offer", not a second "Cancel" beside "Yes, cancel offer") keeps the offer.
    await user.click(within(dialog).getByRole('button', { name: 'Keep offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', `/api/offers/${offer.id}/cancel`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel offer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel your offer?' })).getByRole('button', {
        name: 'Yes, cancel offer',
      }),
    );
    expect(await screen.findByText('Offer cancelled')).toBeInTheDocument();
    expect(server.calls('POST', `/api/offers/${offer.id}/cancel`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
  });
});
