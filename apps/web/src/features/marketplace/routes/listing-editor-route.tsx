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
import { ArrowLeft, Camera, PackageSearch, ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { listingQueryOptions, ListingForm } from '../../listings';

const PHOTO_TIPS = [
  'Shoot in daylight or good, even light; avoid flash glare on blanks and spools.',
  'Start with the whole rod or reel, then close-ups of guides, handle, spool and any wear.',
  'JPEG, PNG or WebP, up to 10 MB per photo and at most 9000 pixels on a side.',
] as const;

function PhotoTips() {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className="h-fit bg-reed-soft p-5 lg:sticky lg:top-24">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <Camera aria-hidden="true" size={18} className="text-reed" />
        Photo tips
      </h2>
      <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed">
        {PHOTO_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </Card>
  );
}

function EditorPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>{`${title} · Castline`}</title>
      <PageHeader title={title} description={description} />
      {children}
    </div>
  );
}

/** The form beside the photo tips (the tips go below the form on phones). */
function EditorLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <div className="min-w-0">{children}</div>
      <PhotoTips />
    </div>
  );
}

/** /marketplace/new */
export function CreateListingRoute() {
  return (
    <EditorPage
      title="Create New Listing"
      description="Describe your gear, add photos and say where it can be collected. Buyers near you will find it in the Marketplace."
    >
      <EditorLayout>
        <ListingForm mode="create" />
      </EditorLayout>
    </EditorPage>
  );
}

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
        <ListingForm key={listing.data.id} mode="edit" listing={listing.data} />
      </EditorLayout>
    </EditorPage>
  );
}
