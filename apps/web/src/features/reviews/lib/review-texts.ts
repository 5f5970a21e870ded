import type { ReviewerRole } from '@castline/shared';
import { formatCount } from '../../../lib/format-number';

/** "1 review", "23 reviews". */
export function reviewCountText(count: number): string {
  return count === 1 ? '1 review' : `${formatCount(count)} reviews`;
}

/** "96% positive" (rated 4 or 5). */
export function positiveText(share: number): string {
  return `${Math.round(share * 100)}% positive`;
}

/** "4.8": an average as the figures show it. */
export function averageText(average: number): string {
  return average.toFixed(1);
}

/** "1 star", "4 stars". */
export function starsLabel(count: number): string {
  return `${count} ${count === 1 ? 'star' : 'stars'}`;
}

/** The member a review speaks of, by the reviewer's side: a buyer reviewed the seller. */
export function revieweeSide(reviewerRole: ReviewerRole): string {
  return reviewerRole === 'buyer' ? 'seller' : 'buyer';
}
