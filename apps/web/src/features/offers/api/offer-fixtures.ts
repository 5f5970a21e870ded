import type { OfferDto, OfferListDto } from '@castline/shared';
import { OfferDto as OfferSchema } from '@castline/shared';
import { member } from '../../../test/fixtures';

/*
 * Test data for offers (parsed with the shared schema so it cannot drift from the contract). The
 * signed-in test member (river_runner) is the seller unless a test says otherwise.
 */

export const BUYER = {
  id: '2c0a4b1e-7d52-4b8e-9f0e-0d6c5a4b3e21',
  username: 'lake_caster',
  full_name: null,
  avatar_url: null,
};
export const SELLER = {
  id: member.id,
  username: member.username,
  full_name: member.full_name,
  avatar_url: null,
};
export const OTHER_SELLER = {
  id: '5d3e2f1a-9b8c-4d7e-8f6a-1b2c3d4e5f60',
  username: 'reel_deal',
  full_name: null,
  avatar_url: null,
};

const HOUR = 3600_000;
let counter = 0;

export function buildOffer(overrides: Partial<OfferDto> = {}): OfferDto {
  counter += 1;
  const created = new Date(Date.now() - 2 * HOUR).toISOString();
  return OfferSchema.parse({
    id: `0ffe0000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    product_id: 'l_1',
    listing: {
      id: 'l_1',
      title: 'Shimano Stradic FL 2500',
      price: 180,
      image: '/files/product-images/stradic.webp',
      seller_id: SELLER.id,
      sold: false,
      available: true,
      handover: 'both',
      shipping_price: 12,
    },
    buyer: BUYER,
    seller: SELLER,
    amount: 150,
    note: null,
    counter_amount: null,
    counter_note: null,
    order_id: null,
    status: 'pending',
    // Two days and a minute ahead: "in 2 days".
    expires_at: new Date(Date.now() + 48 * HOUR + 60_000).toISOString(),
    responded_at: null,
    created_at: created,
    updated_at: created,
    actions: ['accept', 'reject', 'counter'],
    ...overrides,
  });
}

/** The offer turned around: the signed-in member made it on reel_deal's listing. */
export function asMadeByMember(offer: OfferDto): OfferDto {
  return {
    ...offer,
    buyer: SELLER,
    seller: OTHER_SELLER,
    listing: { ...offer.listing, seller_id: OTHER_SELLER.id },
  };
}

export function offerPage(
  items: OfferDto[],
  { total = items.length, page = 1, pageSize = 10 }: Partial<Omit<OfferListDto, 'items'>> = {},
): OfferListDto {
  return { items, total, page, pageSize };
}
