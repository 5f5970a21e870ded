/* The sale's rating, drawn (loaded on first use by TransactionRating: most viewers never see it). */
import type { ListingDto } from '@castline/shared';
import { Star } from 'lucide-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { useToast } from '../../../../components/ui/toaster';
import { cn } from '../../../../lib/cn';
import { errorMessage } from '../../../../lib/api-client';
import { useRateTransaction } from '../../api/listing-actions';
import { DETAIL_TEXTS } from './detail-texts';

const STARS = [1, 2, 3, 4, 5] as const;

/** "1 star", "4 stars" */
export function starsLabel(count: number): string {
  return `${count} ${count === 1 ? 'star' : 'stars'}`;
}

/** Five stars, the first `rating` filled; read as "4 out of 5 stars". */
export function StarRow({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className={cn('inline-flex gap-0.5', className)}>
      {STARS.map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          size={18}
          className={star <= rating ? 'fill-cta text-cta' : 'text-ink-muted/50'}
        />
      ))}
    </span>
  );
}

function RatingForm({ listing }: { listing: ListingDto }) {
  const [rating, setRating] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const rate = useRateTransaction(listing.id);
  const toast = useToast();
  const shown = hovered ?? rating ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return;
    rate.mutate({ rating }, { onSuccess: () => toast.show(DETAIL_TEXTS.ratingSaved) });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <fieldset>
        <legend className="text-base font-semibold text-ink">{DETAIL_TEXTS.rateTitle}</legend>
        <p className="mt-1 text-sm text-ink-muted">
          How did buying from {listing.seller.username} go? Your rating shows once they have reviewed you too,
          or 30 days after the sale.
        </p>
        <div className="mt-3 flex gap-1" onPointerLeave={() => setHovered(null)}>
          {STARS.map((star) => (
            <label
              key={star}
              onPointerEnter={() => setHovered(star)}
              className={cn(
                'inline-flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-muted',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring',
              )}
            >
              <input
                type="radio"
                name="transaction-rating"
                value={star}
                checked={rating === star}
                onChange={() => setRating(star)}
                aria-label={starsLabel(star)}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                size={28}
                className={star <= shown ? 'fill-cta text-cta' : 'text-ink-muted/60'}
              />
            </label>
          ))}
        </div>
      </fieldset>
      {rate.isError && <Alert tone="error">{errorMessage(rate.error)}</Alert>}
      <div>
        <Button type="submit" size="sm" loading={rate.isPending} disabled={rating === null}>
          Submit rating
        </Button>
      </div>
    </form>
  );
}

/** The buyer's form (`rate`), or the rating given, read by the buyer or the seller. */
export function RatingPanel({
  listing,
  rate,
  isBuyer,
}: {
  listing: ListingDto;
  rate: boolean;
  isBuyer: boolean;
}) {
  if (rate) {
    return (
      <Card className="p-4 sm:p-5">
        <RatingForm listing={listing} />
      </Card>
    );
  }
  const rating = listing.transaction_rating ?? 0;
  return (
    <Card className="flex flex-wrap items-center gap-x-3 gap-y-1 p-4 sm:p-5">
      <p className="text-sm font-semibold text-ink">
        {isBuyer ? 'You rated this purchase' : 'Your buyer rated this sale'}
      </p>
      <StarRow rating={rating} />
    </Card>
  );
}
