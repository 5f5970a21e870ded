import type { ListingDto } from '@castline/shared';
import { ORDER_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { guestSession, member, memberSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { authKeys } from '../../../lib/session';
import { buildListingDto } from '../../listings/lib/testing/listing-fixture';
import { buildOrder, ORDER_ID, SELLER } from '../api/order-fixtures';
import { BuyNowButton } from './buy-now-button';

type Options = NonNullable<Parameters<typeof renderRoute>[1]>;

const LISTING_ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const BUY = `/api/listings/${LISTING_ID}/buy`;

/** reel_deal's rod at $120, shipped for $15 or picked up. */
function listingFor(overrides: Partial<ListingDto> = {}): ListingDto {
  return buildListingDto({
    seller_id: SELLER.id,
    seller: {
      id: SELLER.id,
      username: SELLER.username,
      avatar_url: null,
      seller_rating: 0,
      sales_count: 0,
      created_at: '2025-01-01T10:00:00.000Z',
    },
    ...overrides,
  });
}

function renderButton(listing: ListingDto, options: Omit<Options, 'path' | 'initialEntry'> = {}) {
  return renderRoute(<BuyNowButton listing={listing} />, {
    path: '/marketplace/:id',
    initialEntry: `/marketplace/${listing.id}`,
    ...options,
  });
}

async function openDialog(user: ReturnType<typeof renderButton>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Buy now' }));
  return screen.findByRole('dialog', { name: 'Buy now' });
}

describe('buy now', () => {
  it.each<[string, ListingDto]>([
    ['your own listing', buildListingDto()],
    ['sold gear', listingFor({ sold: true, sale_pending: true })],
    ['gear for local pickup only', listingFor({ handover: 'pickup', shipping_price: null })],
    ['hidden gear', listingFor({ visible_in_marketplace: false })],
  ])('is not offered on %s', async (_what, listing) => {
    const { queryClient } = renderButton(listing);
    await waitFor(() => expect(queryClient.getQueryData(authKeys.session)).toBeDefined());
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
  });

  it('is not offered to a banned member', async () => {
    const { queryClient } = renderButton(listingFor(), {
      session: { ...memberSession, user: { ...member, status: 'banned' } },
    });
    await waitFor(() => expect(queryClient.getQueryData(authKeys.session)).toBeDefined());
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
  });

  it('sends a guest to sign in, to come back to the listing', async () => {
    const { user, router } = renderButton(listingFor(), { session: guestSession });

    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: `/marketplace/${LISTING_ID}` } });
  });

  it('sums the price and shipping, or the price alone for local pickup, where the listing offers both', async () => {
    const { user } = renderButton(listingFor());
    const dialog = await openDialog(user);

    expect(dialog).toHaveTextContent('Price$120Shipping$15Total$135');
    const ship = within(dialog).getByRole('radio', { name: /^Ship to me \(\+\$15\)/ });
    expect(ship).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: /^Local pickup/ }));
    expect(dialog).toHaveTextContent('Price$120ShippingLocal pickupTotal$120');
    expect(dialog).toHaveTextContent(
      'Payment is arranged directly with @reel_deal, outside Castline: they confirm here once it arrives. Meanwhile the listing is held for you',
    );
  });

  it('says so when shipping is free, with no choice to make on a listing that only ships', async () => {
    const { user } = renderButton(listingFor({ handover: 'shipping', shipping_price: 0 }));
    const dialog = await openDialog(user);

    expect(dialog).toHaveTextContent('Price$120ShippingFree shippingTotal$120');
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('places the order with the chosen handover and opens its page', async () => {
    const { user, server } = renderButton(listingFor(), {
      server: {
        [`POST ${BUY}`]: { status: 201, body: buildOrder({ handover: 'pickup', shipping_price: 0 }) },
      },
    });
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('radio', { name: /^Local pickup/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(`/orders/${ORDER_ID}`);
    expect(server.calls('POST', BUY)[0]?.body).toEqual({ handover: 'pickup' });
  });

  it('sends no handover where the listing offers one only', async () => {
    const { user, server } = renderButton(listingFor({ handover: 'shipping' }), {
      server: { [`POST ${BUY}`]: { status: 201, body: buildOrder() } },
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(`/orders/${ORDER_ID}`);
    expect(server.calls('POST', BUY)[0]?.body).toEqual({});
  });

  it("shows the server's reason in the dialog when the listing is no longer available", async () => {
    const { user } = renderButton(listingFor(), {
      server: { [`POST ${BUY}`]: apiError(409, 'CONFLICT', ORDER_MESSAGES.notAvailable) },
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.notAvailable);
    expect(screen.getByRole('dialog', { name: 'Buy now' })).toBeInTheDocument();
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });
});
