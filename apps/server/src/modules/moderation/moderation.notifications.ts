import { MODERATION_MESSAGES as M } from '@castline/shared';
import type { NotificationInsert } from '../notifications/index.js';

/** LISTING_REVIEWED, to the seller of a listing staff approved or rejected. */
export function listingReviewedNotification(review: {
  listing: { id: string; title: string; seller_id: string };
  approved: boolean;
  reason: string | null;
}): NotificationInsert {
  const { listing, approved, reason } = review;
  return {
    user_id: listing.seller_id,
    type: 'LISTING_REVIEWED',
    title: approved ? M.listingApprovedTitle : M.listingRejectedTitle,
    message: approved
      ? `Your listing ${listing.title} was approved and is now live`
      : `Your listing ${listing.title} was not approved: ${reason ?? ''}`,
    data: { productId: listing.id, productName: listing.title },
  };
}
