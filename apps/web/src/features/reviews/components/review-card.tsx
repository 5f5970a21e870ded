import type { ReviewDto } from '@castline/shared';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@castline/shared';
import { MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form-fields';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatLongDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { submitValidated } from '../../../lib/submit-validated';
import { requestSchema } from '../../../lib/load-request-schemas';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { ReportButton } from '../../reports';
import { useReplyToReview } from '../api/reviews.api';
import { revieweeSide } from '../lib/review-texts';
import { Stars } from './stars';

const REPLY_FIELDS = ['reply'] as const;

/** The one public reply of the member reviewed. */
function ReplyForm({ review }: { review: ReviewDto }) {
  const [reply, setReply] = useState('');
  const mutation = useReplyToReview(review.id);
  const { errors, show, clear } = useFieldErrors(REPLY_FIELDS);
  const toast = useToast();
  const id = useId();

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) =>
        submitValidated({
          event,
          schema: requestSchema('ReplyToReviewBody'),
          input: { reply },
          mutation,
          fields: REPLY_FIELDS,
          show,
          onSuccess: () => toast.show('Your reply is posted', { tone: 'success' }),
        })
      }
    >
      <TextAreaField
        id={`${id}-reply`}
        name="reply"
        label="Your public reply"
        hint="You can reply once. Everyone who sees this review sees your reply."
        rows={3}
        className="[&_textarea]:min-h-24"
        maxLength={REVIEW_LIMITS.replyMax}
        value={reply}
        error={errors.reply}
        onChange={(event) => {
          setReply(event.target.value);
          clear('reply');
        }}
      />
      {mutation.isError && !errors.reply && <Alert tone="error">{errorMessage(mutation.error)}</Alert>}
      <div>
        <Button type="submit" size="sm" loading={mutation.isPending}>
          Post reply
        </Button>
      </div>
    </form>
  );
}

interface ReviewCardProps {
  review: ReviewDto;
  /** The member reviewed may reply now (canReplyToReview). */
  canReply?: boolean;
  /** A line above the review ("Your review", "@x's review of you"). */
  heading?: ReactNode;
  /** Shown under the heading (e.g. that only the writer sees it for now). */
  note?: ReactNode;
  /** Show which listing the order was for (on a profile; the order page names it already). */
  showListing?: boolean;
  className?: string;
}

/**
 * One review: who wrote it, when, the stars, the words, and the reply of the member reviewed.
 * Signed-in members other than its writer may report a visible one; one moderation hid shows its
 * words to its writer alone, marked hidden.
 */
export function ReviewCard({
  review,
  canReply = false,
  heading,
  note,
  showListing = false,
  className,
}: ReviewCardProps) {
  const headingId = useId();
  const { data: session } = useSession();
  const name = review.reviewer.full_name ?? review.reviewer.username;
  const isWriter = session?.user?.id === review.reviewer.id;
  // The server sends a hidden review's words to its writer only.
  const wordsHidden = review.hidden && !isWriter;
  return (
    <article aria-labelledby={headingId} className={cn('flex flex-col gap-3', className)}>
      {heading && <p className="text-sm font-semibold text-ink">{heading}</p>}
      {note && <p className="text-sm text-ink-muted">{note}</p>}
      <header className="flex items-start gap-3">
        <MemberAvatar url={review.reviewer.avatar_url} className="size-10" iconSize={20} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={headingId} className="text-sm leading-tight">
            <Link to={`/profile/${review.reviewer.id}`} className="font-semibold text-ink hover:underline">
              {name}
            </Link>{' '}
            <span className="text-ink-muted">
              (@{review.reviewer.username}, the {review.reviewer_role})
            </span>
          </h3>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
            <Stars rating={review.rating} size={16} />
            <time dateTime={review.created_at}>{formatLongDate(review.created_at)}</time>
          </div>
        </div>
        {review.revealed_at !== null && !review.hidden && (
          <ReportButton
            entityType="review"
            entityId={review.id}
            ownerId={review.reviewer.id}
            variant="icon"
            label={`Report ${name}’s review`}
          />
        )}
      </header>
      {review.hidden && isWriter && (
        <p role="note" className="text-sm font-medium text-danger">
          {REVIEW_MESSAGES.yoursHidden}
        </p>
      )}
      {wordsHidden ? (
        <p className="text-sm text-ink-muted italic">{REVIEW_MESSAGES.hiddenByModeration}</p>
      ) : review.body ? (
        <p className="text-sm leading-relaxed whitespace-pre-line text-ink">{review.body}</p>
      ) : (
        <p className="text-sm text-ink-muted italic">Rated without a written review.</p>
      )}
      {showListing && (
        <p className="text-sm text-ink-muted">
          For{' '}
          <Link to={`/marketplace/${review.listing.id}`} className="font-medium text-brand hover:underline">
            {review.listing.title}
          </Link>
        </p>
      )}
      {!wordsHidden && review.reply !== null && (
        <div className="ml-4 flex flex-col gap-1 border-l-2 border-line pl-4">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-ink">
            <MessageSquare aria-hidden="true" size={14} />
            Reply from the {revieweeSide(review.reviewer_role)}
            {review.replied_at && (
              <time dateTime={review.replied_at} className="font-normal text-ink-muted">
                · {formatLongDate(review.replied_at)}
              </time>
            )}
          </p>
          <p className="text-sm leading-relaxed whitespace-pre-line text-ink">{review.reply}</p>
        </div>
      )}
      {canReply && !review.hidden && review.reply === null && <ReplyForm review={review} />}
    </article>
  );
}
