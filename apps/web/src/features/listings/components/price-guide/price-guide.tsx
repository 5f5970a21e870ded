import { PRICE_GUIDE_MONTHS } from '@castline/shared';
import { useId } from 'react';
import { cn } from '../../../../lib/cn';
import { shownGuide, useListingPriceGuide } from '../../api/price-guide.api';
import { formatCount, formatDollars as formatPrice } from '../../../../lib/format-number';
import { PriceChart } from './price-chart';

export interface PriceGuideProps {
  /** The listing whose brand, model and category the guide is for (its own sale is left out). */
  listingId: string;
  className?: string;
}

/** "Sold on Castline in the last 12 months: median $120, $95–$160, 7 sales". */
export function priceGuideSummary(guide: {
  median: number;
  low: number;
  high: number;
  count: number;
}): string {
  return (
    `Sold on Castline in the last ${PRICE_GUIDE_MONTHS} months: median ${formatPrice(guide.median)}, ` +
    `${formatPrice(guide.low)}–${formatPrice(guide.high)}, ${formatCount(guide.count)} sales`
  );
}

/**
 * A listing's price guide: what the same gear sold for on Castline lately, in words and as a
 * small chart. Shows nothing while it loads, when it fails, and below the minimum of sales.
 */
export function PriceGuide({ listingId, className }: PriceGuideProps) {
  const headingId = useId();
  const guide = shownGuide(useListingPriceGuide(listingId).data);
  if (!guide) return null;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-2xl border border-line bg-surface p-4 sm:p-5', className)}
    >
      <h2 id={headingId} className="mb-2 text-base font-semibold tracking-tight">
        Price guide
      </h2>
      <p className="text-sm text-ink">{priceGuideSummary(guide)}</p>
      <p className="mb-3 text-xs text-ink-muted">
        {guide.match === 'model'
          ? 'Sales of the same brand and model.'
          : 'Sales of the same brand in this category.'}
      </p>
      <PriceChart
        points={guide.points}
        median={guide.median}
        low={guide.low}
        high={guide.high}
        months={PRICE_GUIDE_MONTHS}
      />
    </section>
  );
}
