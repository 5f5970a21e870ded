import type { OfferDto } from '@castline/shared';
import { OFFER_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { member } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { buildListing } from '../../listings/api/listing-queries.fixtures';
import { asMadeByMember, BUYER, buildOffer } from '../api/offer-fixtures';
import { expiryText, OfferCard } from './offer-card';

type Server = NonNullable<Parameters<typeof renderRoute>[1]>['server'];

function renderCard(offer: OfferDto, server: Server = {}) {
  return renderRoute(<OfferCard offer={offer} viewerId={member.id} />, { path: '/', server });
}

function actionNames(): string[] {
  const group = screen.queryByRole('group', { name: 'Offer actions' });
  return group
    ? within(group)
        .getAllByRole('button')
        .map((button) => button.textContent ?? '')
    : [];
}

describe('offer card', () => {
  it('shows the listing, the amount, the note, the state and when it expires', async () => {
    renderCard(buildOffer({ note: 'Can pick it up Saturday.' }));

    const card = await screen.findByRole('article', { name: 'Shimano Stradic FL 2500' });
    expect(within(card).getByRole('link', { name: 'Shimano Stradic FL 2500' })).toHaveAttribute(
      'href',
      '/marketplace/l_1',
    );
    expect(card).toHaveTextContent('Listed at $180');
    expect(within(card).getByRole('link', { name: '@lake_caster' })).toHaveAttribute(
      'href',
      `/profile/${BUYER.id}`,
    );
    expect(card).toHaveTextContent('Offer$150');
    expect(card).toHaveTextContent('Can pick it up Saturday.');
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).getByText('Expires in 2 days')).toBeInTheDocument();
  });

  it.each<[string, Partial<OfferDto>, boolean, string[]]>([
    [
      'a pending offer to the seller',
      { status: 'pending', actions: ['accept', 'reject', 'counter'] },
      false,
      ['Accept', 'Reject', 'Counter'],
    ],
    ['a pending offer to the buyer', { status: 'pending', actions: ['cancel'] }, true, ['Cancel offer']],
    [
      'a countered offer to the buyer',
      { status: 'countered', counter_amount: 170, actions: ['accept', 'reject', 'cancel'] },
      true,
      ['Accept counter', 'Reject counter', 'Cancel offer'],
    ],
    ['a countered offer to the seller', { status: 'countered', counter_amount: 170, actions: [] }, false, []],
    [
      'an accepted offer to the seller',
      { status: 'accepted', actions: ['mark-sold'] },
      false,
      ['Mark sold to @lake_caster'],
    ],
    ['an accepted offer to the buyer', { status: 'accepted', actions: [] }, true, []],
    ['a rejected offer', { status: 'rejected', actions: [] }, false, []],
    ['an expired offer', { status: 'expired', actions: [] }, true, []],
  ])('offers the steps of %s', async (_what, overrides, made, expected) => {
    const offer = buildOffer(overrides);
    renderCard(made ? asMadeByMember(offer) : offer);

    await screen.findByRole('article');
    expect(actionNames()).toEqual(expected);
  });

  it('shows a counter with its amount, and no expiry once settled', async () => {
    renderCard(
      asMadeByMember(
        buildOffer({
          status: 'rejected',
          counter_amount: 170,
          counter_note: 'Lowest I can go.',
          actions: [],
        }),
      ),
    );

    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Your offer$150');
    expect(card).toHaveTextContent('Counter offer$170');
    expect(card).toHaveTextContent('Lowest I can go.');
    expect(within(card).getByText('Rejected')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Expires');
    expect(within(card).getByRole('link', { name: '@reel_deal' })).toBeInTheDocument();
  });

  it('accepts an offer and shows the answer', async () => {
    const offer = buildOffer();
    const { user, server } = renderCard(offer, {
      [`POST /api/offers/${offer.id}/accept`]: {
        body: { ...offer, status: 'accepted', actions: ['mark-sold'] },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Offer accepted')).toBeInTheDocument();
    expect(server.calls('POST', `/api/offers/${offer.id}/accept`)).toHaveLength(1);
  });

  it('rejects and cancels through their endpoints', async () => {
    const offer = buildOffer({
      status: 'countered',
      counter_amount: 170,
      actions: ['accept', 'reject', 'cancel'],
    });
    const made = asMadeByMember(offer);
    const { user, server } = renderCard(made, {
      [`POST /api/offers/${offer.id}/reject`]: { body: { ...made, status: 'rejected', actions: [] } },
    });

    await user.click(await screen.findByRole('button', { name: 'Reject counter' }));
    expect(await screen.findByText('Offer rejected')).toBeInTheDocument();
    expect(server.calls('POST', `/api/offers/${offer.id}/reject`)).toHaveLength(1);
  });

  it("shows the server's reason when a step is refused", async () => {
    const offer = buildOffer({ actions: ['cancel'] });
    const { user } = renderCard(asMadeByMember(offer), {
      [`POST /api/offers/${offer.id}/cancel`]: apiError(409, 'CONFLICT', OFFER_MESSAGES.notOpen),
    });

    await user.click(await screen.findByRole('button', { name: 'Cancel offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel offer' }));
    expect(await within(dialog).findByText(OFFER_MESSAGES.notOpen)).toBeInTheDocument();
  });

  it('counters with an amount, checked before sending', async () => {
    const offer = buildOffer();
    const { user, server } = renderCard(offer, {
      [`POST /api/offers/${offer.id}/counter`]: ({ body }) => ({
        body: {
          ...offer,
          status: 'countered',
          counter_amount: (body as { amount: number }).amount,
          actions: [],
        },
      }),
    });

    const counter = await screen.findByRole('button', { name: 'Counter' });
    await user.click(counter);
    expect(counter).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Counter offer' });
    await user.click(within(form).getByRole('button', { name: 'Send counter' }));
    expect(within(form).getByText(OFFER_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(server.calls('POST', `/api/offers/${offer.id}/counter`)).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Counter amount' }), '165');
    await user.type(
      within(form).getByRole('textbox', { name: 'Note (optional)' }),
      'Includes the spare spool.',
    );
    await user.click(within(form).getByRole('button', { name: 'Send counter' }));
    expect(await screen.findByText('Counter offer of $165 sent')).toBeInTheDocument();
    expect(server.calls('POST', `/api/offers/${offer.id}/counter`)[0]?.body).toEqual({
      amount: 165,
      note: 'Includes the spare spool.',
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Counter offer' })).not.toBeInTheDocument(),
    );
  });

  it('marks the listing sold to the buyer of an accepted offer', async () => {
    const offer = buildOffer({ status: 'accepted', actions: ['mark-sold'] });
    const { user, server } = renderCard(offer, {
      'POST /api/listings/l_1/mark-sold': {
        body: buildListing({ id: 'l_1', sold: true, buyer_id: BUYER.id, seller_id: member.id }),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Mark sold to @lake_caster' }));
    expect(await screen.findByText('Marked as sold to @lake_caster')).toBeInTheDocument();
    expect(server.calls('POST', '/api/listings/l_1/mark-sold')[0]?.body).toEqual({ buyer_id: BUYER.id });
  });

  it('says why the listing could not be marked sold', async () => {
    const offer = buildOffer({ status: 'accepted', actions: ['mark-sold'] });
    const { user } = renderCard(offer, {
      'POST /api/listings/l_1/mark-sold': apiError(409, 'CONFLICT', 'This listing is no longer available'),
    });

    await user.click(await screen.findByRole('button', { name: 'Mark sold to @lake_caster' }));
    expect(await screen.findByText('This listing is no longer available')).toBeInTheDocument();
  });
});

describe('expiryText', () => {
  const now = new Date('2025-06-01T12:00:00.000Z');

  it('counts down while the offer is open', () => {
    expect(expiryText({ status: 'pending', expires_at: '2025-06-03T12:00:00.000Z' }, now)).toBe(
      'Expires in 2 days',
    );
    expect(expiryText({ status: 'countered', expires_at: '2025-06-01T17:00:00.000Z' }, now)).toBe(
      'Expires in 5 hours',
    );
    expect(expiryText({ status: 'pending', expires_at: '2025-06-01T11:00:00.000Z' }, now)).toBe(
      'Expires any moment',
    );
  });

  it('says nothing once the offer is settled', () => {
    expect(expiryText({ status: 'accepted', expires_at: '2025-06-03T12:00:00.000Z' }, now)).toBeNull();
  });
});

describe('offer card and orders', () => {
  it('links an accepted offer to the order it became, and no other', async () => {
    const { unmount } = renderCard(buildOffer({ status: 'accepted', order_id: 'o_1', actions: [] }));
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/orders/o_1');
    unmount();

    renderCard(buildOffer());
    expect(within(await screen.findByRole('article')).queryByRole('link', { name: 'View order' })).toBeNull();
  });
});
