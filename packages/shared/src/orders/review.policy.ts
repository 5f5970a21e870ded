import { isBannedMember, type MemberActor } from '../accounts/member.policy.js';
import type { OrderState } from './orders.schemas.js';
import { REVIEW_LIMITS, REVIEW_WINDOW_DAYS, type ReviewerRole } from './review-constants.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who the policy speaks of: the server's Actor or the web's policy actor. */
export type ReviewActor = Pick<MemberActor, 'id' | 'status'>;

/** What the review rules read of an order. */
export interface ReviewOrderSubject {
  state: OrderState;
  buyer_id: string | null;
  seller_id: string;
  received_at: Date | string | null;
  completed_at: Date | string | null;
}

/** What the rules read of a review. */
export interface ReviewSubject {
  reviewer_id: string;
  reviewee_id: string;
  revealed_at: Date | string | null;
  reply: string | null;
  /** 'hidden' once moderation hid it (absent: not hidden). */
  moderation_status?: string;
}

export interface ReviewWindow {
  opensAt: Date;
  closesAt: Date;
}

/**
 * The order's review window: it opens when the order is received (or completed without being
 * marked received, as a sale marked sold is) and lasts REVIEW_WINDOW_DAYS. None before then, for
 * a cancelled order, or for a sale with no buyer on Castline.
 */
export function reviewWindowOf(order: ReviewOrderSubject): ReviewWindow | null {
  if (order.buyer_id === null) return null;
  if (order.state !== 'received' && order.state !== 'completed') return null;
  const anchor = order.received_at ?? order.completed_at;
  if (anchor === null) return null;
  const opensAt = new Date(anchor);
  return { opensAt, closesAt: new Date(opensAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS) };
}

/** Why a member may not review an order now (the server answers each its own way); null: they may. */
export type ReviewRefusal =
  'not_party' | 'banned' | 'no_buyer' | 'cancelled' | 'not_yet' | 'already_reviewed' | 'window_closed';

/**
 * Why `actor` may not review `order` at `now`, given the order's reviews so far (`existing`), or
 * null when they may: only its buyer and its seller, not banned, once each, between receipt and
 * the window's end.
 */
export function reviewOrderRefusal(
  actor: ReviewActor | null,
  order: ReviewOrderSubject,
  now: Date,
  existing: readonly Pick<ReviewSubject, 'reviewer_id'>[],
): ReviewRefusal | null {
  if (!actor) return 'not_party';
  const isSeller = actor.id === order.seller_id;
  const isBuyer = order.buyer_id !== null && actor.id === order.buyer_id;
  if (!isSeller && !isBuyer) return 'not_party';
  if (isBannedMember(actor)) return 'banned';
  if (order.buyer_id === null) return 'no_buyer';
  if (order.state === 'cancelled') return 'cancelled';
  const window = reviewWindowOf(order);
  if (!window) return 'not_yet';
  if (existing.some((review) => review.reviewer_id === actor.id)) return 'already_reviewed';
  if (now.getTime() >= window.closesAt.getTime()) return 'window_closed';
  return null;
}

/** Whether `actor` may leave their review of `order` now. */
export function canReviewOrder(
  actor: ReviewActor | null,
  order: ReviewOrderSubject,
  now: Date,
  existing: readonly Pick<ReviewSubject, 'reviewer_id'>[],
): boolean {
  return reviewOrderRefusal(actor, order, now, existing) === null;
}

/** The reviewer's side of the order. */
export function reviewerRoleOf(
  reviewerId: string,
  order: Pick<ReviewOrderSubject, 'seller_id'>,
): ReviewerRole {
  return reviewerId === order.seller_id ? 'seller' : 'buyer';
}

/** A visible review is public; a hidden one is seen by its writer only. */
export function canSeeReview(viewer: { id: string } | null, review: ReviewSubject): boolean {
  return review.revealed_at !== null || (viewer !== null && viewer.id === review.reviewer_id);
}

/** Moderation hid the review: its words (body and reply) show to its writer alone. */
export function isReviewHidden(review: Pick<ReviewSubject, 'moderation_status'>): boolean {
  return review.moderation_status === 'hidden';
}

/** Whether `viewer` may read the review's words: a visible review not hidden, or their own. */
export function canSeeReviewText(viewer: { id: string } | null, review: ReviewSubject): boolean {
  if (viewer !== null && viewer.id === review.reviewer_id) return true;
  return review.revealed_at !== null && !isReviewHidden(review);
}

export type ReplyRefusal = 'not_reviewee' | 'banned' | 'not_revealed' | 'hidden' | 'already_replied';

/**
 * Why `actor` may not reply to `review` now, or null: the member reviewed, once, after the reveal,
 * while moderation has not hidden it.
 */
export function replyRefusal(actor: ReviewActor | null, review: ReviewSubject): ReplyRefusal | null {
  if (!actor || actor.id !== review.reviewee_id) return 'not_reviewee';
  if (isBannedMember(actor)) return 'banned';
  if (review.revealed_at === null) return 'not_revealed';
  if (isReviewHidden(review)) return 'hidden';
  if (review.reply !== null) return 'already_replied';
  return null;
}

/** Whether `actor` may post the one public reply to `review` now. */
export function canReplyToReview(actor: ReviewActor | null, review: ReviewSubject): boolean {
  return replyRefusal(actor, review) === null;
}

/** A rating that counts as positive (4 or 5 stars). */
export function isPositiveRating(rating: number): boolean {
  return rating >= REVIEW_LIMITS.positiveMin;
}
