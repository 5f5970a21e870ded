import { describe, expect, it } from 'vitest';
import { buyNowHandovers, canBuyNow, canViewOrder, offersBuyNow, orderActionsFor } from './order.policy.js';
import type { OrderState } from './orders.schemas.js';

const seller = { id: 'seller', status: 'active' };
const buyer = { id: 'buyer', status: 'active' };
const stranger = { id: 'stranger', status: 'active' };
const order = (state: OrderState) => ({ state, buyer_id: 'buyer', seller_id: 'seller' });

describe('order policy', () => {
  it('each side takes only its own steps, in the states that allow them', () => {
    const table = (
      ['awaiting_payment', 'paid', 'shipped', 'received', 'completed', 'cancelled'] as const
    ).map((state) => [state, orderActionsFor(seller, order(state)), orderActionsFor(buyer, order(state))]);
    expect(table).toEqual([
      ['awaiting_payment', ['confirm-payment', 'cancel'], ['cancel']],
      ['paid', ['ship', 'cancel'], ['cancel']],
      ['shipped', [], ['receive']],
      ['received', [], []],
      ['completed', [], []],
      ['cancelled', [], []],
    ]);
  });

  it('a banned side, a stranger and a guest may do nothing; only the two sides see the order', () => {
    expect(orderActionsFor({ ...seller, status: 'banned' }, order('awaiting_payment'))).toEqual([]);
    expect(orderActionsFor(stranger, order('awaiting_payment'))).toEqual([]);
    expect(orderActionsFor(null, order('awaiting_payment'))).toEqual([]);
    expect([seller, buyer, stranger, null].map((a) => canViewOrder(a, order('paid')))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // A sale marked to nobody on Castline has no buyer side.
    expect(orderActionsFor(buyer, { state: 'shipped', buyer_id: null, seller_id: 'seller' })).toEqual([]);
  });

  it('buy now: a listing on the market that ships; not its seller, not a banned member', () => {
    const listing = {
      seller_id: 'seller',
      sold: false,
      deleted: false,
      visible_in_marketplace: true,
      moderation_status: 'active',
      handover: 'both' as const,
    };
    expect(canBuyNow(buyer, listing)).toBe(true);
    expect(canBuyNow(seller, listing)).toBe(false);
    expect(canBuyNow({ ...buyer, status: 'banned' }, listing)).toBe(false);
    expect(canBuyNow(null, listing)).toBe(false);
    expect(offersBuyNow({ ...listing, handover: 'pickup' })).toBe(false);
    expect(offersBuyNow({ ...listing, sold: true })).toBe(false);
    expect(offersBuyNow({ ...listing, moderation_status: 'hidden' })).toBe(false);
    expect(buyNowHandovers(listing)).toEqual(['shipping', 'pickup']);
    expect(buyNowHandovers({ handover: 'shipping' })).toEqual(['shipping']);
    expect(buyNowHandovers({ handover: 'pickup' })).toEqual([]);
  });
});
