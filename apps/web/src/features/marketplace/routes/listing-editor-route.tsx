import { SHELL_MESSAGES } from '@castline/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Camera, ClipboardCheck, FileText, MapPin, PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { listingQueryOptions } from './product-detail-route';

const MISSING_PRODUCT_ID = 'Missing product ID for edit';

const STEPS = [
  {
    icon: FileText,
    title: 'Details',
    text: 'Title, description, price, condition and category, the kinds of fishing it suits, brand and model. Rods and combos add length, power and blank material; reels add reel type and drag system.',
  },
  {
    icon: Camera,
    title: 'Photos',
    text: 'At least one photo of the gear itself. JPEG, PNG or WebP, up to 10 MB per photo.',
  },
  {
    icon: MapPin,
    title: 'Location',
    text: 'Where a buyer can see or collect the gear. Start typing a town and pick it from the suggestions; buyers search by distance.',
  },
  {
    icon: ClipboardCheck,
    title: 'Review',
    text: 'Check everything and submit. A moderator reviews each new listing before it appears in the Marketplace.',
  },
] as const;

const PHOTO_TIPS = [
  'Shoot in daylight or good, even light; avoid flash glare on blanks and spools.',
  'Start with the whole rod or reel, then close-ups of guides, handle, spool and any wear.',
  'JPEG, PNG or WebP, up to 10 MB per photo and at most 9000 pixels on a side.',
] as const;

/** What listing gear involves, step by step, with tips for good photos. */
function ListingSteps() {
  const stepsHeadingId = useId();
  const tipsHeadingId = useId();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card aria-labelledby={stepsHeadingId} className="p-5 sm:p-7">
        <h2 id={stepsHeadingId} className="text-lg font-semibold tracking-tight">
          Listing your gear in four steps
        </h2>
        <ol className="mt-5 flex flex-col gap-5">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-bold text-brand"
              >
                {index + 1}
              </span>
              <div className="flex min-w-0 flex-col gap-1">
                <h3 className="flex items-center gap-2 font-semibold">
                  <Icon aria-hidden="true" size={16} className="text-reed" />
                  {title}
                </h3>
                <p className="text-sm leading-relaxed text-ink-muted">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Card>
      <Card aria-labelledby={tipsHeadingId} className="h-fit bg-reed-soft p-5">
        <h2 id={tipsHeadingId} className="flex items-center gap-2 font-semibold">
          <Camera aria-hidden="true" size={18} className="text-reed" />
          Photo tips
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed">
          {PHOTO_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Card>
    </div>
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

/** /marketplace/new */
export function CreateListingRoute() {
  return (
    <EditorPage
      title="Create New Listing"
      description="Describe your gear, add photos and say where it can be collected. Buyers near you will find it in the Marketplace."
    >
      <ListingSteps />
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

/** /marketplace/:id/edit: loads the listing first; a failure says why and offers a way back. */
export function EditListingRoute() {
  const { id = '' } = useParams();
  const toast = useToast();
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
        <LoadFailure message={MISSING_PRODUCT_ID} />
      </EditorPage>
    );
  }

  if (listing.isPending) {
    return (
      <EditorPage title="Edit Listing">
        <LoadingSkeleton label="Loading listing" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <CardSkeleton lines={6} />
          <CardSkeleton lines={3} />
        </LoadingSkeleton>
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

  return (
    <EditorPage
      title="Edit Listing"
      description={
        <p>
          Editing <span className="font-semibold break-words text-ink">“{listing.data.title}”</span>.
        </p>
      }
    >
      <ListingSteps />
    </EditorPage>
  );
}
