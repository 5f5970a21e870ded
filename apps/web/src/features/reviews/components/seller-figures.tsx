import { Link } from '../../../lib/router';
import { cn } from '../../../lib/cn';
import { useReviewFigures } from '../api/review-figures.api';
import { averageText, positiveText, reviewCountText } from '../lib/review-texts';

/**
 * The seller's figures in one line for a listing page: "★ 4.8 · 23 reviews · 96% positive" (the
 * reviews buyers left them, visible ones only), linking to the reviews on their profile; "No
 * reviews yet" for a seller without any. Nothing while they load or if they fail: the page works
 * without them. Small on purpose: it sits on the listing page's first load.
 */
export function SellerFigures({ sellerId, className }: { sellerId: string; className?: string }) {
  const figures = useReviewFigures(sellerId);
  const seller = figures.data?.as_seller;
  if (!seller) return <span className={cn('block min-h-5', className)} />;
  const classes = cn(
    'inline-flex min-h-5 flex-wrap items-center gap-x-1.5 text-sm text-ink-muted',
    className,
  );
  if (seller.count === 0 || seller.average === null) return <p className={classes}>No reviews yet</p>;
  return (
    <p className={classes}>
      <span aria-hidden="true" className="text-cta">
        ★
      </span>
      <span className="font-semibold text-ink">
        <span className="sr-only">Rated </span>
        {averageText(seller.average)}
        <span className="sr-only"> out of 5</span>
      </span>
      <span aria-hidden="true">·</span>
      <Link to={`/profile/${sellerId}?tab=reviews`} className="hover:text-ink hover:underline">
        {reviewCountText(seller.count)}
      </Link>
      {seller.positive_share !== null && (
        <>
          <span aria-hidden="true">·</span>
          <span>{positiveText(seller.positive_share)}</span>
        </>
      )}
    </p>
  );
}
