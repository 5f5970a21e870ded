import type { PendingListingDto } from '@castline/shared';
import {
  CATEGORY_OPTIONS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  RejectListingBody,
} from '@castline/shared';
import { PackageCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextAreaField } from '../../../components/ui/form-fields';
import { PageHeader } from '../../../components/ui/page-header';
import { PageNav } from '../../../components/ui/page-nav';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { formatPrice, ListingImage } from '../../listings';
import { usePendingListings, useReviewListing } from '../api/moderation.api';
import {
  ListSkeleton,
  LoadError,
  pageCount,
  PersonLink,
  useListParams,
  When,
} from '../components/moderation-ui';

/** "Rod/Reel Combo" for 'combo': the category as the listing form names it (a value it does not know stays as stored). */
function categoryLabel(category: string): string {
  return CATEGORY_OPTIONS.find((option) => option.value === category)?.label ?? category;
}

/** A refusal with its own text (not found, no longer pending) keeps it; anything else is generic. */
function listingFailure(error: unknown): string {
  if (isApiError(error) && (error.status === 404 || error.status === 409)) return error.message;
  return MODERATION_MESSAGES.listingReviewFailed;
}

function RejectDialog({ listing, disabled }: { listing: PendingListingDto; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const review = useReviewListing();
  const toast = useToast();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = RejectListingBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MODERATION_MESSAGES.rejectReasonRequired);
      return;
    }
    review.mutate(
      { listingId: listing.id, decision: 'reject', reason: parsed.data.reason },
      {
        onSuccess: (result) => {
          setOpen(false);
          toast.show(result.message || MODERATION_MESSAGES.listingRejected);
        },
        onError: (failure) => {
          toast.show(listingFailure(failure), { tone: 'error' });
          if (isApiError(failure) && (failure.status === 404 || failure.status === 409)) setOpen(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (review.isPending) return;
        if (next) {
          setReason('');
          setError(undefined);
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="danger" size="sm" disabled={disabled}>
          Reject
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Reject listing"
        description={`${listing.title} will stay hidden and the seller gets your reason.`}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <TextAreaField
            label="Reason"
            name="reason"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            rows={4}
            required
            autoFocus
            className="[&_textarea]:min-h-28"
            hint={`${reason.trim().length} / ${MODERATION_LIMITS.rejectReasonMax} characters`}
            error={error}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={review.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={review.isPending}>
              Reject listing
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PendingListing({ listing }: { listing: PendingListingDto }) {
  const review = useReviewListing();
  const toast = useToast();
  const headingId = `pending-listing-${listing.id}`;
  const approve = () =>
    review.mutate(
      { listingId: listing.id, decision: 'approve' },
      {
        onSuccess: (result) => toast.show(result.message || MODERATION_MESSAGES.listingApproved),
        onError: (error) => toast.show(listingFailure(error), { tone: 'error' }),
      },
    );

  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:p-5"
    >
      <ListingImage
        src={listing.image ?? undefined}
        alt=""
        preset="thumbnail"
        sizes="8rem"
        className="w-full shrink-0 rounded-lg sm:w-32"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold break-words">
          <Link to={`/marketplace/${encodeURIComponent(listing.id)}`} className="text-brand hover:underline">
            {listing.title}
          </Link>
        </h2>
        <p className="text-lg font-bold tabular-nums">{formatPrice(Number(listing.price))}</p>
        {listing.category && <p className="text-sm text-ink-muted">{categoryLabel(listing.category)}</p>}
        <p className="text-sm text-ink-muted">
          Seller <PersonLink person={listing.seller} />
        </p>
        <p className="text-sm text-ink-muted">
          Created <When iso={listing.created_at} />
          <span className="sr-only">{` (${formatDateTime(listing.created_at)})`}</span>
        </p>
      </div>
      <div className="flex gap-2 sm:flex-col">
        <Button size="sm" onClick={approve} loading={review.isPending} className="flex-1">
          Approve
        </Button>
        <RejectDialog listing={listing} disabled={review.isPending} />
      </div>
    </li>
  );
}

/** /admin/moderation/listings: new listings waiting for a moderator, oldest first. */
export function ListingApprovalRoute() {
  const { page, update } = useListParams();
  const listings = usePendingListings(page);

  return (
    <>
      <title>Listing Approval · Castline</title>
      <PageHeader
        title="Listing Approval"
        description="New listings waiting for approval, oldest first. Approved listings go live; rejected ones stay hidden and the seller is told why."
      />
      {listings.isPending ? (
        <ListSkeleton label="Loading listings waiting for approval" />
      ) : listings.isError ? (
        <LoadError error={listings.error} onRetry={() => void listings.refetch()} />
      ) : listings.data.items.length === 0 ? (
        <EmptyState
          icon={PackageCheck}
          title="All caught up"
          description="No listings are waiting for approval."
        />
      ) : (
        <div className="flex flex-col gap-5">
          <p className="text-sm text-ink-muted">
            {`${listings.data.total} ${listings.data.total === 1 ? 'listing' : 'listings'} waiting`}
          </p>
          <ul aria-label="Listings waiting for approval" className="flex flex-col gap-3">
            {listings.data.items.map((listing) => (
              <PendingListing key={listing.id} listing={listing} />
            ))}
          </ul>
          <PageNav
            label="Listing pages"
            page={page}
            pages={pageCount(listings.data.total, listings.data.pageSize)}
            busy={listings.isPlaceholderData}
            onPage={(next) => update({ page: next })}
          />
        </div>
      )}
    </>
  );
}
