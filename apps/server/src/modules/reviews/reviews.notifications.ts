import type { ReviewEvent, ServerEventMap } from '../../domain-events.js';
import type { NotificationInsert } from '../notifications/index.js';

/** The review events that leave a notification. */
export type NotifyingReviewEvent = Extract<
  keyof ServerEventMap,
  'review.submitted' | 'reviews.revealed' | 'review.replied'
>;

export const REVIEW_EVENTS: readonly NotifyingReviewEvent[] = [
  'review.submitted',
  'reviews.revealed',
  'review.replied',
];

const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "March 5, 2026" (UTC), as a notification names the day a hidden review shows. */
export function reviewDate(iso: string): string {
  return LONG_DATE.format(new Date(iso));
}

function row(change: ReviewEvent, userId: string, title: string, message: string): NotificationInsert {
  return {
    user_id: userId,
    type: 'REVIEW',
    title,
    message,
    data: {
      orderId: change.order.id,
      productId: change.order.product_id,
      product_id: change.order.product_id,
      productName: change.order.title,
      is_seller: userId === change.order.seller_id,
    },
  };
}

/**
 * REVIEW rows for a review event: the other side hears of a review (and whether both show now),
 * each member reviewed hears when the window's end shows a review of them, and a reviewer hears of
 * the reply to theirs.
 */
export function reviewEventNotifications(
  name: NotifyingReviewEvent,
  change: ReviewEvent,
): NotificationInsert[] {
  const by = change.by ? `@${change.by.username}` : 'Castline';
  switch (name) {
    case 'review.submitted': {
      const written = change.reviews.find((review) => review.reviewerId === change.by?.id);
      if (!written) return [];
      return [
        change.revealed
          ? row(
              change,
              written.revieweeId,
              'Reviews visible',
              `${by} left a review: it is visible now that you both have`,
            )
          : row(
              change,
              written.revieweeId,
              'New review',
              `${by} reviewed your order for "${change.order.title}"; leave yours to see it` +
                (change.revealsAt ? ` (visible to both on ${reviewDate(change.revealsAt)} otherwise)` : ''),
            ),
      ];
    }
    case 'reviews.revealed':
      return change.reviews.map((review) =>
        row(
          change,
          review.revieweeId,
          'Review visible',
          `The review @${review.reviewerName} left for "${change.order.title}" is visible now that the review window has closed`,
        ),
      );
    case 'review.replied':
      return change.reviews.map((review) =>
        row(
          change,
          review.reviewerId,
          'Reply to your review',
          `${by} replied to your review of "${change.order.title}"`,
        ),
      );
  }
}
