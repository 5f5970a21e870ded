import type { OrderDto, OrderEventDto, OrderListDto, OrderSummaryDto } from '@castline/shared';
import { OrderDto as OrderSchema } from '@castline/shared';
import { member } from '../../../test/fixtures';

/*
 * Test data for orders (parsed with the shared schema so it cannot drift from the contract). The
 * signed-in test member (river_runner) is the buyer unless a test turns the order around (asSeller).
 */

export const ME = { id: member.id, username: member.username, full_name: member.full_name, avatar_url: null };
export const SELLER = {
  id: '5d3e2f1a-9b8c-4d7e-8f6a-1b2c3d4e5f60',
  username: 'reel_deal',
  full_name: null,
  avatar_url: null,
};
export const BUYER = {
  id: '2c0a4b1e-7d52-4b8e-9f0e-0d6c5a4b3e21',
  username: 'lake_caster',
  full_name: null,
  avatar_url: null,
};

export const ORDER_ID = '0d0e0000-0000-4000-8000-000000000001';

export function placedEvent(overrides: Partial<OrderEventDto> = {}): OrderEventDto {
  return {
    state: 'awaiting_payment',
    actor: ME,
    note: null,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The member's purchase from reel_deal, awaiting payment, shipped at $12. */
export function buildOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  const price = overrides.price ?? 180;
  const shipping = overrides.shipping_price ?? 12;
  return OrderSchema.parse({
    id: ORDER_ID,
    state: 'awaiting_payment',
    source: 'buy_now',
    listing: {
      id: 'l_1',
      title: 'Shimano Stradic FL 2500',
      price: 180,
      image: '/files/product-images/stradic.webp',
      seller_id: SELLER.id,
      sold: true,
      available: false,
      handover: 'both',
      shipping_price: 12,
    },
    buyer: ME,
    seller: SELLER,
    role: 'buyer',
    price,
    shipping_price: shipping,
    total: price + shipping,
    handover: 'shipping',
    carrier: null,
    tracking_number: null,
    pickup_note: null,
    cancel_reason: null,
    cancelled_by: null,
    return_window_days: null,
    completes_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    timeline: [placedEvent()],
    actions: ['cancel'],
    ...overrides,
  });
}

/** The same order seen by its seller: the signed-in member sold it to lake_caster. */
export function asSeller(order: OrderDto): OrderDto {
  return {
    ...order,
    role: 'seller',
    buyer: BUYER,
    seller: ME,
    listing: { ...order.listing, seller_id: ME.id },
    timeline: order.timeline.map((event) =>
      event.actor?.id === ME.id
        ? { ...event, actor: BUYER }
        : event.actor?.id === SELLER.id
          ? { ...event, actor: ME }
          : event,
    ),
  };
}

export function summaryOf(order: OrderDto): OrderSummaryDto {
  const { timeline: _timeline, ...summary } = order;
  return summary;
}

export function orderPage(
  items: OrderDto[],
  { total = items.length, page = 1, pageSize = 20 }: Partial<Omit<OrderListDto, 'items'>> = {},
): OrderListDto {
  return { items: items.map(summaryOf), total, page, pageSize };
}
