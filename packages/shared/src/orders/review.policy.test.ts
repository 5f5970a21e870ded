import { describe, expect, it } from 'vitest';
import type { OrderState } from './orders.schemas.js';
import {
  canReplyToReview,
  canReviewOrder,
  canSeeReview,
  isPositiveRating,
  replyRefusal,
  reviewerRoleOf,
  reviewOrderRefusal,
  reviewWindowOf,
} from './review.policy.js';
import { REVIEW_WINDOW_DAYS } from './review-constants.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const seller = { id: 'seller', status: 'active' };
const buyer = { id: 'buyer', status: 'active' };
const stranger = { id: 'stranger', status: 'active' };
const received = new Date('2026-03-01T12:00:00Z');
const completed = new Date('2026-03-05T12:00:00Z');
const order = (state: OrderState, changes: Partial<Parameters<typeof reviewWindowOf>[0]> = {}) => ({
  state,
  buyer_id: 'buyer',
  seller_id: 'seller',
  received_at: ['received', 'completed'].includes(state) ? received : null,
  completed_at: state === 'completed' ? completed : null,
  ...changes,
});
const inWindow = new Date(received.getTime() + DAY_MS);

describe('review policy: who may review an order, and when', () => {
  it('either side, once the order is received or completed; not before, not when cancelled', () => {
    const table = (
      ['awaiting_payment', 'paid', 'shipped', 'received', 'completed', 'cancelled'] as const
    ).map((state) => [
      state,
      reviewOrderRefusal(seller, order(state), inWindow, []),
      reviewOrderRefusal(buyer, order(state), inWindow, []),
    ]);
    expect(table).toEqual([
      ['awaiting_payment', 'not_yet', 'not_yet'],
      ['paid', 'not_yet', 'not_yet'],
      ['shipped', 'not_yet', 'not_yet'],
      ['received', null, null],
      ['completed', null, null],
      ['cancelled', 'cancelled', 'cancelled'],
    ]);
  });

  it('nobody else, not a banned side, not twice, and not after the window', () => {
    const done = order('completed');
    expect(reviewOrderRefusal(stranger, done, inWindow, [])).toBe('not_party');
    expect(reviewOrderRefusal(null, done, inWindow, [])).toBe('not_party');
    expect(reviewOrderRefusal({ ...buyer, status: 'banned' }, done, inWindow, [])).toBe('banned');
    expect(reviewOrderRefusal(buyer, done, inWindow, [{ reviewer_id: 'buyer' }])).toBe('already_reviewed');
    // The other side's review does not stop this one.
    expect(canReviewOrder(seller, done, inWindow, [{ reviewer_id: 'buyer' }])).toBe(true);
    const closes = new Date(received.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
    expect(canReviewOrder(buyer, done, new Date(closes.getTime() - 1), [])).toBe(true);
    expect(reviewOrderRefusal(buyer, done, closes, [])).toBe('window_closed');
  });

  it('the window opens at receipt, or at completion for an order never marked received', () => {
    expect(reviewWindowOf(order('completed'))?.opensAt).toEqual(received);
    const marked = order('completed', { received_at: null });
    expect(reviewWindowOf(marked)).toEqual({
      opensAt: completed,
      closesAt: new Date(completed.getTime() + REVIEW_WINDOW_DAYS * DAY_MS),
    });
    expect(reviewWindowOf(order('shipped'))).toBeNull();
  });

  it('a sale marked sold to nobody on Castline has no reviews, not even the seller’s', () => {
    const noBuyer = order('completed', { buyer_id: null, received_at: null });
    expect(reviewWindowOf(noBuyer)).toBeNull();
    expect(reviewOrderRefusal(seller, noBuyer, inWindow, [])).toBe('no_buyer');
  });

  it('names the reviewer’s side', () => {
    expect(reviewerRoleOf('seller', order('completed'))).toBe('seller');
    expect(reviewerRoleOf('buyer', order('completed'))).toBe('buyer');
  });
});

describe('review policy: seeing and replying', () => {
  const hidden = { reviewer_id: 'buyer', reviewee_id: 'seller', revealed_at: null, reply: null };
  const shown = { ...hidden, revealed_at: completed };

  it('a hidden review is its writer’s alone; a revealed one is public', () => {
    expect([buyer, seller, stranger, null].map((viewer) => canSeeReview(viewer, hidden))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([buyer, seller, stranger, null].map((viewer) => canSeeReview(viewer, shown))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('only the member reviewed replies, once, after the reveal, unless banned', () => {
    expect(canReplyToReview(seller, shown)).toBe(true);
    expect(replyRefusal(seller, hidden)).toBe('not_revealed');
    expect(replyRefusal(seller, { ...shown, reply: 'Thanks!' })).toBe('already_replied');
    expect(replyRefusal(buyer, shown)).toBe('not_reviewee');
    expect(replyRefusal(stranger, shown)).toBe('not_reviewee');
    expect(replyRefusal(null, shown)).toBe('not_reviewee');
    expect(replyRefusal({ ...seller, status: 'banned' }, shown)).toBe('banned');
  });

  it('4 and 5 stars are positive', () => {
    expect([1, 2, 3, 4, 5].map(isPositiveRating)).toEqual([false, false, false, true, true]);
  });
});
