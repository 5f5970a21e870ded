import { formatCount } from '../../../lib/format-number';

/**
 * A count of listings as the marketplace shows it: "1,000", or "1,000+" for a text search that
 * matches more than it shows (decision 0013, `totalCapped`).
 */
export function formatListingCount(total: number, capped = false): string {
  return `${formatCount(total)}${capped ? '+' : ''}`;
}
