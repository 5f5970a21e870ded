import { formatCount } from '../../../lib/format-number';

/**
 * A count of listings as the marketplace shows it: "1,000", or "1,000+" / "10,000+" for a search
 * that matches more than it shows (decisions 0013 and 0021, `totalCapped`).
 */
export function formatListingCount(total: number, capped = false): string {
  return `${formatCount(total)}${capped ? '+' : ''}`;
}
