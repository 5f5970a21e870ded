import type { MemberSummaryDto, ProfileReviewFiguresDto, ReviewDto, ReviewerRole } from '@castline/shared';
import type { ReviewOrderRow, ReviewRow, RoleFigures } from './reviews.repository.js';

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

export function presentReview(row: ReviewRow): ReviewDto {
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
    body: row.body,
    created_at: iso(row.created_at),
    revealed_at: isoOrNull(row.revealed_at),
    reply: row.reply,
    replied_at: isoOrNull(row.replied_at),
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
