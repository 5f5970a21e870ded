import type { PendingListingDto } from '@castline/shared';
import { CATEGORY_OPTIONS, MODERATION_MESSAGES } from '@castline/shared';
import { PackageCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { PageHeader } from '../../../components/ui/page-header';
import { PageNav } from '../../../components/ui/page-nav';
import { useToast } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../lib/format-date';
import { formatPrice, ListingImage } from '../../listings';
import { usePendingListings, useReviewListing } from '../api/moderation.api';
import { listingFailure } from '../components/listing-failure';
import {
  ListSkeleton,
  LoadError,
  pageCount,
  PersonLink,
  useListParams,
  When,
} from '../components/moderation-ui';

// The rejection's dialog (its form and the dialog library) loads on the first 'Reject', or on
// hover/focus.
const loadRejectDialog = () => import('../components/reject-listing-dialog');
const RejectListingDialog = lazy(lazyNamed(loadRejectDialog, 'RejectListingDialog'));

/** "Rod/Reel Combo" for 'combo': the category as the listing form names it (a value it does not know stays as stored). */
function categoryLabel(category: string): string {
  return CATEGORY_OPTIONS.find((option) => option.value === category)?.label ?? category;
}

/** 'Reject' on a pending listing, opening the reason's dialog. */
function RejectButton({ listing, disabled }: { listing: PendingListingDto; disabled: boolean }) {
  const dialog = useLazyDialog(loadRejectDialog);
  return (
    <>
      <Button variant="danger" size="sm" disabled={disabled} {...dialog.triggerProps}>
        Reject
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <RejectListingDialog
            listing={listing}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
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
        <RejectButton listing={listing} disabled={review.isPending} />
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
