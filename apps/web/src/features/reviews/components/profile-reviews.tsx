import type { ReviewFiguresDto, ReviewProfileRole } from '@castline/shared';
import { canReplyToReview, policyActorOf, REVIEW_ROLE_LABELS, REVIEW_WINDOW_DAYS } from '@castline/shared';
import { ShoppingBag, Star, Store } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageNav } from '../../../components/ui/page-nav';
import { CardSkeleton, LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { useProfileReviews } from '../api/reviews.api';
import { averageText, positiveText, reviewCountText } from '../lib/review-texts';
import { ReviewCard } from './review-card';
import { Stars } from './stars';

const ROLES: readonly ReviewProfileRole[] = ['seller', 'buyer'];

/** The figures of one role: the average with its stars, how many reviews, the share rated 4 or 5. */
export function ReviewFigures({ figures, role }: { figures: ReviewFiguresDto; role: ReviewProfileRole }) {
  if (figures.count === 0 || figures.average === null) return null;
  return (
    <dl
      aria-label={`Figures ${REVIEW_ROLE_LABELS[role].toLowerCase()}`}
      className="flex flex-wrap items-end gap-x-8 gap-y-3 rounded-xl bg-surface-muted/60 px-4 py-3"
    >
      <div className="flex flex-col gap-1">
        <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">Average</dt>
        <dd className="flex items-center gap-2">
          <span className="text-2xl font-semibold text-ink">{averageText(figures.average)}</span>
          <Stars rating={figures.average} label={`${averageText(figures.average)} out of 5 stars`} />
        </dd>
      </div>
      <div className="flex flex-col gap-1">
        <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">Reviews</dt>
        <dd className="text-lg font-semibold text-ink">{reviewCountText(figures.count)}</dd>
      </div>
      {figures.positive_share !== null && (
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">Rated 4 or 5</dt>
          <dd className="text-lg font-semibold text-ink">{positiveText(figures.positive_share)}</dd>
        </div>
      )}
    </dl>
  );
}

function emptyText(role: ReviewProfileRole, own: boolean, name: string) {
  const when = `Reviews show once both sides of an order have left theirs, or ${REVIEW_WINDOW_DAYS} days after it was received.`;
  if (role === 'seller') {
    return {
      icon: Store,
      title: own ? 'No reviews as a seller yet' : `${name} has no reviews as a seller yet`,
      description: own ? `Buyers of your gear can review you after each sale. ${when}` : when,
    };
  }
  return {
    icon: ShoppingBag,
    title: own ? 'No reviews as a buyer yet' : `${name} has no reviews as a buyer yet`,
    description: own ? `Sellers you buy from can review you after each purchase. ${when}` : when,
  };
}

/**
 * A member's reviews on their profile: As seller / As buyer, the figures of each (average with
 * stars, count, % positive) and the visible reviews with their replies, 10 to a page. The member
 * reviewed may reply here too. `name` words the empty state ("lake_caster has no reviews…").
 */
export function ProfileReviews({
  userId,
  name = 'This member',
  heading = true,
}: {
  userId: string;
  name?: string;
  /** Its own "Reviews" heading and region; leave out where a tab already names it. */
  heading?: boolean;
}) {
  const [role, setRole] = useState<ReviewProfileRole>('seller');
  const [page, setPage] = useState(1);
  const reviews = useProfileReviews(userId, role, page);
  const session = useSession();
  const viewer = session.data?.user ?? null;
  const own = viewer?.id === userId;
  const headingId = useId();
  const data = reviews.data;
  const figuresOf = (r: ReviewProfileRole) =>
    r === 'seller' ? data?.figures.as_seller : data?.figures.as_buyer;

  const Wrapper = heading ? 'section' : 'div';
  return (
    <Wrapper aria-labelledby={heading ? headingId : undefined} className="flex flex-col gap-4">
      {heading && (
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold tracking-tight text-ink">
          <Star aria-hidden="true" size={18} className="text-cta" />
          Reviews
        </h2>
      )}
      <div role="group" aria-label="Whose reviews" className="flex flex-wrap gap-2">
        {ROLES.map((option) => {
          const count = figuresOf(option)?.count;
          const active = option === role;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={active}
              onClick={() => {
                setRole(option);
                setPage(1);
              }}
              className={cn(
                'inline-flex min-h-9 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors',
                active
                  ? 'border-brand bg-brand-soft text-brand'
                  : 'border-line bg-surface text-ink-muted hover:text-ink',
              )}
            >
              {count === undefined ? REVIEW_ROLE_LABELS[option] : `${REVIEW_ROLE_LABELS[option]} (${count})`}
            </button>
          );
        })}
      </div>

      {reviews.isPending ? (
        <LoadingSkeleton label="Loading reviews" className="flex flex-col gap-3">
          <Skeleton className="h-16 w-full rounded-xl" />
          <CardSkeleton lines={2} />
        </LoadingSkeleton>
      ) : reviews.isError && !data ? (
        <Alert tone="error" title="The reviews could not be loaded">
          <p>{errorMessage(reviews.error)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void reviews.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data && data.role === role && data.total === 0 ? (
        <EmptyState headingLevel={3} {...emptyText(role, own, name)} />
      ) : data ? (
        <div className={cn('flex flex-col gap-4', reviews.isPlaceholderData && 'opacity-60')}>
          <ReviewFigures figures={figuresOf(role)!} role={role} />
          <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
            {data.items.map((review) => (
              <li key={review.id} className="p-4 sm:p-5">
                <ReviewCard
                  review={review}
                  showListing
                  canReply={canReplyToReview(policyActorOf(viewer), {
                    ...review,
                    reviewer_id: review.reviewer.id,
                  })}
                />
              </li>
            ))}
          </ul>
          <PageNav
            label="Review pages"
            page={data.page}
            pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
            busy={reviews.isFetching}
            onPage={setPage}
          />
        </div>
      ) : null}
    </Wrapper>
  );
}
