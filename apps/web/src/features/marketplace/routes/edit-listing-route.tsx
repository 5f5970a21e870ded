import type { ListingDto } from '@castline/shared';
import {
  LISTING_MESSAGES,
  LISTING_POLICY_MESSAGES,
  SHELL_MESSAGES,
  canManageListing,
  isBannedMember,
  isListingOwner,
  policyActorOf,
} from '@castline/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, PackageSearch, ShieldX } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from '../../../lib/router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { listingQueryOptions, loadListingForm } from '../../listings';
import { EditorLayout, EditorPage } from '../components/editor-page';

/*
 * /marketplace/:id/edit, a page of its own (the create page does not load the listing, nor the
 * reasons it may not be edited).
 */

/** Back in history when this page was reached inside the app, else to the member's profile. */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof index === 'number' && index > 0) void navigate(-1);
    else void navigate('/profile');
  };
}

function LoadFailure({ message }: { message: string }) {
  const goBack = useGoBack();
  return (
    <Card role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
        <PackageSearch aria-hidden="true" size={28} />
      </span>
      <p className="text-lg font-semibold">{message}</p>
      <Button variant="secondary" onClick={goBack}>
        <ArrowLeft aria-hidden="true" size={18} />
        Go Back
      </Button>
    </Card>
  );
}

/** 403: the listing belongs to someone else. */
/** Why the form is not shown: someone else's listing, or the seller's account is suspended. */
function NotYourListing({ listing, suspended }: { listing: ListingDto; suspended: boolean }) {
  return (
    <Card role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
        <ShieldX aria-hidden="true" size={28} />
      </span>
      <h2 className="text-lg font-semibold">
        {suspended ? 'Your account is suspended' : 'This is not your listing'}
      </h2>
      <p className="text-ink-muted">
        {suspended ? LISTING_POLICY_MESSAGES.banned : LISTING_MESSAGES.notYourListing}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link
          to={`/marketplace/${encodeURIComponent(listing.id)}`}
          className={buttonClasses({ variant: 'secondary' })}
        >
          View the listing
        </Link>
        <Link to="/marketplace" className={buttonClasses({ variant: 'ghost' })}>
          Go to the Marketplace
        </Link>
      </div>
    </Card>
  );
}

/** The form's code loads while the listing does (it is no part of this page's first load). */
const ListingForm = lazy(() => loadListingForm().then((module) => ({ default: module.ListingForm })));

function EditorSkeleton() {
  return (
    <LoadingSkeleton label="Loading listing" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <CardSkeleton lines={6} />
      <CardSkeleton lines={3} />
    </LoadingSkeleton>
  );
}

/** /marketplace/:id/edit: loads the listing first; a failure says why and offers a way back. */
export function EditListingRoute() {
  const { id = '' } = useParams();
  const toast = useToast();
  const session = useSession();
  const listing = useQuery({ ...listingQueryOptions(id), enabled: id !== '' });
  useEffect(() => {
    void loadListingForm().catch(() => {
      // Rendering the form loads it again and shows the chunk error if it still fails.
    });
  }, []);

  // One toast per failure, even when effects run twice (StrictMode) or the page re-renders.
  const toastedError = useRef<unknown>(null);
  useEffect(() => {
    if (!listing.error || toastedError.current === listing.error) return;
    toastedError.current = listing.error;
    toast.show(SHELL_MESSAGES.failedToLoadProduct, { tone: 'error' });
  }, [listing.error, toast]);

  if (!id) {
    return (
      <EditorPage title="Edit Listing">
        <LoadFailure message={LISTING_MESSAGES.missingProductId} />
      </EditorPage>
    );
  }

  if (listing.isPending || session.isPending) {
    return (
      <EditorPage title="Edit Listing">
        <EditorSkeleton />
      </EditorPage>
    );
  }

  if (listing.isError) {
    const notFound = isApiError(listing.error) && listing.error.status === 404;
    return (
      <EditorPage title="Edit Listing">
        <LoadFailure message={notFound ? SHELL_MESSAGES.productNotFound : listing.error.message} />
      </EditorPage>
    );
  }

  const actor = policyActorOf(session.data?.user);
  if (!canManageListing(actor, listing.data)) {
    return (
      <EditorPage title="Edit Listing">
        <NotYourListing
          listing={listing.data}
          suspended={isListingOwner(actor, listing.data) && isBannedMember(actor)}
        />
      </EditorPage>
    );
  }

  return (
    <EditorPage
      title="Edit Listing"
      description={
        <p>
          Editing <span className="font-semibold break-words text-ink">“{listing.data.title}”</span>.
        </p>
      }
    >
      <EditorLayout>
        <Suspense fallback={<CardSkeleton lines={6} />}>
          <ListingForm key={listing.data.id} mode="edit" listing={listing.data} />
        </Suspense>
      </EditorLayout>
    </EditorPage>
  );
}
