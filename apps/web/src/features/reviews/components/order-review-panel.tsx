import type { OrderReviewsDto, OrderState } from '@castline/shared';
import { REVIEW_LIMITS, REVIEW_WINDOW_DAYS } from '@castline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FieldError, TextAreaField } from '../../../components/ui/form-fields';
import { LoadingSkeleton, Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format-date';
import { submitValidated } from '../../../lib/submit-validated';
import { requestSchema } from '../../../lib/load-request-schemas';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { reviewKeys } from '../api/review-keys';
import { useOrderReviews, useSubmitReview } from '../api/reviews.api';
import { ReviewCard } from './review-card';
import { StarRatingInput } from './stars';

const FIELDS = ['rating', 'body'] as const;

function Panel({ children, headingId }: { children: ReactNode; headingId: string }) {
  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-5">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold tracking-tight text-ink">
        <Star aria-hidden="true" size={18} className="text-cta" />
        Reviews
      </h2>
      {children}
    </Card>
  );
}

/** "@lake_caster", or "the other side" when there is nobody on Castline. */
function otherName(reviews: OrderReviewsDto): string {
  return reviews.other ? `@${reviews.other.username}` : 'the other side';
}

function ReviewForm({ reviews }: { reviews: OrderReviewsDto }) {
  const [rating, setRating] = useState<number | null>(null);
  const [body, setBody] = useState('');
  const submit = useSubmitReview(reviews.order_id);
  const { errors, show, clear } = useFieldErrors(FIELDS);
  const toast = useToast();
  const id = useId();
  const other = otherName(reviews);
  const closes = reviews.window_closes_at ? formatLongDate(reviews.window_closes_at) : null;

  return (
    <form
      noValidate
      aria-label={`Review ${other}`}
      className="flex flex-col gap-4"
      onSubmit={(event) =>
        submitValidated({
          event,
          schema: requestSchema('CreateReviewBody'),
          input: { rating, body },
          mutation: submit,
          fields: FIELDS,
          show,
          onSuccess: (answer) =>
            toast.show(
              answer.theirs ? 'Your review is posted: both reviews are visible now' : 'Your review is in',
              { tone: 'success' },
            ),
        })
      }
    >
      <p className="text-sm text-ink-muted">
        How did it go with {other}? {reviews.role === 'buyer' ? 'Rate the seller' : 'Rate the buyer'} and say
        a few words. Neither of you sees the other’s review until you have both left one
        {closes ? `, or until ${closes}` : ''}.
      </p>
      {reviews.theirs_hidden && (
        <Alert tone="info">{other} has left their review: post yours to see it.</Alert>
      )}
      <div className="flex flex-col gap-1.5">
        <StarRatingInput
          name="rating"
          legend={`Your rating of ${other}`}
          value={rating}
          onChange={(value) => {
            setRating(value);
            clear('rating');
          }}
          invalid={Boolean(errors.rating)}
          errorId={errors.rating ? `${id}-rating-error` : undefined}
        />
        {errors.rating && <FieldError id={`${id}-rating-error`}>{errors.rating}</FieldError>}
      </div>
      <TextAreaField
        id={`${id}-body`}
        name="body"
        label="Your review"
        hint={`Up to ${REVIEW_LIMITS.bodyMax.toLocaleString('en-US')} characters. Shown on both profiles once visible.`}
        rows={4}
        maxLength={REVIEW_LIMITS.bodyMax}
        value={body}
        error={errors.body}
        onChange={(event) => {
          setBody(event.target.value);
          clear('body');
        }}
      />
      {submit.isError && !errors.rating && !errors.body && (
        <Alert tone="error">{errorMessage(submit.error)}</Alert>
      )}
      <div>
        <Button type="submit" loading={submit.isPending}>
          Post review
        </Button>
      </div>
    </form>
  );
}

/** What the panel says when there is no form and no review to show. */
function statusText(reviews: OrderReviewsDto): string {
  if (reviews.other === null) return 'This sale was made outside Castline, so there is nobody to review.';
  if (reviews.window_closes_at === null)
    return `You can review ${otherName(reviews)} once the order has been received.`;
  if (new Date(reviews.window_closes_at).getTime() > Date.now()) return 'You cannot review this order.';
  return `The ${REVIEW_WINDOW_DAYS}-day window to review this order closed on ${formatLongDate(reviews.window_closes_at)}.`;
}

/**
 * An order's reviews on its page, for its buyer or seller: the form while they may review (a
 * 1–5 star choice and a written review), their own review while the other side's is still to
 * come ("It will show to @x when they leave theirs or on …"), and both once visible, with the
 * reply form on the other side's review of them. `state`, when given, refreshes the panel as the
 * order moves (a received order opens the window).
 */
export function OrderReviewPanel({ orderId, state }: { orderId: string; state?: OrderState }) {
  const reviews = useOrderReviews(orderId);
  const headingId = useId();
  const queryClient = useQueryClient();
  const seenState = useRef(state);
  useEffect(() => {
    if (seenState.current === state) return;
    seenState.current = state;
    void queryClient.invalidateQueries({ queryKey: reviewKeys.order(orderId) });
  }, [orderId, queryClient, state]);

  if (reviews.isPending) {
    return (
      <Panel headingId={headingId}>
        <LoadingSkeleton label="Loading reviews" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-48" />
          <SkeletonText lines={2} />
        </LoadingSkeleton>
      </Panel>
    );
  }
  if (reviews.isError) {
    // Not a side of this order: the page says so; the panel adds nothing.
    if (isApiError(reviews.error) && reviews.error.status === 404) return null;
    return (
      <Panel headingId={headingId}>
        <Alert tone="error" title="The reviews could not be loaded">
          <p>{errorMessage(reviews.error)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void reviews.refetch()}>
            Try again
          </Button>
        </Alert>
      </Panel>
    );
  }

  const data = reviews.data;
  const other = otherName(data);
  const { mine, theirs } = data;
  const waiting = mine !== null && mine.revealed_at === null;

  return (
    <Panel headingId={headingId}>
      {data.can_review && <ReviewForm reviews={data} />}
      {theirs && (
        <ReviewCard review={theirs} canReply={data.can_reply} heading={`${other}’s review of you`} />
      )}
      {mine && (
        <ReviewCard
          review={mine}
          heading="Your review"
          note={
            waiting
              ? `Your review is in. It will show to ${other} when they leave theirs${
                  data.window_closes_at ? ` or on ${formatLongDate(data.window_closes_at)}` : ''
                }.`
              : undefined
          }
          className={theirs ? 'border-t border-line pt-4' : undefined}
        />
      )}
      {mine && !theirs && !waiting && (
        <p className="text-sm text-ink-muted">{other} did not review this order.</p>
      )}
      {!mine && !data.can_review && !theirs && <p className="text-sm text-ink-muted">{statusText(data)}</p>}
      {!mine && !data.can_review && data.theirs_hidden && (
        <p className="text-sm text-ink-muted">{other}’s review shows once the window has closed.</p>
      )}
    </Panel>
  );
}
