import type { MemberSummaryDto, ProfileReviewFiguresDto, ReviewDto, ReviewerRole } from '@castline/shared';
import { isReviewHidden } from '@castline/shared';
import type { ReviewOrderRow, ReviewRow, RoleFigures } from './reviews.repository.js';

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

/**
 * A review as `viewerId` sees it: one moderation hid keeps its words for its writer alone (anyone
 * else gets no body and no reply). Without a viewer: as the public sees it.
 */
export function presentReview(row: ReviewRow, viewerId: string | null = null): ReviewDto {
  const hidden = isReviewHidden(row);
  const redacted = hidden && viewerId !== row.reviewer_id;
  return {
    id: row.id,
    order_id: row.order_id,
    listing: { id: row.listing_id, title: row.listing_title },
    reviewer: {
      id: row.reviewer_id,
      username: row.reviewer_username,
      full_name: row.reviewer_full_name,
      avatar_url: row.reviewer_avatar_url,
    },
    reviewee_id: row.reviewee_id,
    reviewer_role: row.reviewer_role === 'seller' ? 'seller' : 'buyer',
    rating: row.rating,
    body: redacted ? '' : row.body,
    created_at: iso(row.created_at),
    revealed_at: isoOrNull(row.revealed_at),
    reply: redacted ? null : row.reply,
    replied_at: redacted ? null : isoOrNull(row.replied_at),
    hidden,
  };
}

/** The other side of the order for `viewerId` (null: no buyer on Castline). */
export function otherSideOf(order: ReviewOrderRow, viewerId: string): MemberSummaryDto | null {
  if (viewerId === order.seller_id) {
    if (!order.buyer_id || !order.buyer_username) return null;
    return {
      id: order.buyer_id,
      username: order.buyer_username,
      full_name: order.buyer_full_name,
      avatar_url: order.buyer_avatar_url,
    };
  }
  return {
    id: order.seller_id,
    username: order.seller_username,
    full_name: order.seller_full_name,
    avatar_url: order.seller_avatar_url,
  };
}

/** As a seller: the reviews buyers wrote of them; as a buyer: those sellers wrote. */
export function presentFigures(
  userId: string,
  byReviewerRole: Record<ReviewerRole, RoleFigures>,
): ProfileReviewFiguresDto {
  return {
    user_id: userId,
    as_seller: byReviewerRole.buyer,
    as_buyer: byReviewerRole.seller,
  };
}
