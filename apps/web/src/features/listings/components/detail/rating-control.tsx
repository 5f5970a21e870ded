import type { CurrentUserDto, ListingDto } from '@castline/shared';
import { canRateTransaction, policyActorOf } from '@castline/shared';
import { lazy, Suspense } from 'react';
import { lazyNamed } from '../../../../components/ui/lazy-layer';

// The form and the stars load only for the sale's buyer and seller.
const RatingPanel = lazy(lazyNamed(() => import('./rating-panel'), 'RatingPanel'));

/**
 * The sale's rating. The buyer of a sold listing rates it once (1–5 stars: their review of the
 * seller, without words) and then sees their rating; the seller sees it once it is revealed (both
 * reviews in, or the 30 days over). Nothing while the sale's order is still in progress (it is
 * rated once received, on the order's page too), nor for anyone else.
 */
export function TransactionRating({ listing, user }: { listing: ListingDto; user: CurrentUserDto | null }) {
  if (!listing.sold || listing.sale_pending || !user) return null;
  const isBuyer = listing.buyer_id !== null && listing.buyer_id === user.id;
  const isSeller = listing.seller_id === user.id;
  if (!isBuyer && !(isSeller && listing.transaction_rating !== null)) return null;

  const rate = isBuyer && listing.transaction_rating === null;
  // A suspended member cannot rate (the server reads the same rule).
  if (rate && !canRateTransaction(policyActorOf(user), listing)) return null;
  return (
    <Suspense fallback={null}>
      <RatingPanel listing={listing} rate={rate} isBuyer={isBuyer} />
    </Suspense>
  );
}
