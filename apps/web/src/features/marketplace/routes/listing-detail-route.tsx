import type { CurrentUserDto, ListingDto } from '@castline/shared';
import { canBuyNow, policyActorOf, SHELL_MESSAGES } from '@castline/shared';
import { HandCoins, PackageSearch, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useLocation, useNavigate, useParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingSkeleton, Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { TagChips } from '../../../components/ui/tag-chips';
import { MakeOfferButton, MyListingOfferSlot, offersMakeOffer } from '../../offers';
import { BuyNowButton } from '../../orders';
import { LazySellerFigures } from '../../reviews';
import {
  useListing,
  useListingViewBeacon,
  DeliveryTerms,
  PriceGuide,
  ListingActionBar,
  listingRolesOf,
  ListingGallery,
  ListingDescription,
  ListingOverview,
  ListingSpecs,
  TransactionRating,
  SellerCard,
  SimilarListingsRow,
} from '../../listings';

interface CloseState {
  fromProfile?: unknown;
  from?: unknown;
  previousPath?: unknown;
}

function pathOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { pathname?: unknown }).pathname === 'string'
  ) {
    const { pathname, search, hash } = value as { pathname: string; search?: unknown; hash?: unknown };
    return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  }
  return undefined;
}

/** Only addresses inside the app (never "//other.host"). */
function isInAppPath(path: string | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
}

/** The marketplace's list, with or without a search ("/marketplace?category=reels"); not a listing. */
function isMarketplaceList(path: string | undefined): path is string {
  return typeof path === 'string' && /^\/marketplace(?:[?#]|$)/.test(path);
}

/**
 * Where 'Close' on a product detail goes (spec 000 §2): back to the profile it was opened from (the
 * path in `state.from` or `state.previousPath`, else /profile), otherwise to the marketplace (the
 * search it was opened from, when it was opened from one).
 */
export function closeTargetFor(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '/marketplace';
  const { fromProfile, from, previousPath } = state as CloseState;
  const fromPath = pathOf(from);
  const openedFromProfile = fromProfile === true || (fromPath?.startsWith('/profile') ?? false);
  if (!openedFromProfile) return isMarketplaceList(fromPath) ? fromPath : '/marketplace';
  return [fromPath, pathOf(previousPath)].find(isInAppPath) ?? '/profile';
}

/**
 * True when Close can simply go back: the listing was opened, in this tab, from the very page Close
 * leads to (a card's link puts its page in `state.from`), so that page is the entry before this
 * one, and going back to it returns the member to where they were on it.
 */
function closeGoesBack(state: unknown, target: string, key: string): boolean {
  // 'default' is the key of the first page a tab opened: there is nothing of ours to go back to.
  if (key === 'default' || typeof state !== 'object' || state === null) return false;
  return pathOf((state as CloseState).from) === target;
}

function Page({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8">{children}</div>
  );
}

function DetailSkeleton() {
  return (
    <LoadingSkeleton
      label="Loading listing"
      className="grid gap-6 md:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] md:gap-10"
    >
      <div className="flex flex-col gap-3">
        <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
        <div className="flex gap-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="size-16 rounded-lg sm:size-20" />
          ))}
        </div>
      </div>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-9 w-1/3" />
        <div className="flex gap-2">
          <Skeleton className="h-6 w-16 rounded-full" />
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
        <Skeleton className="h-11 w-full rounded-lg" />
        <Skeleton className="h-20 w-full rounded-2xl" />
        <SkeletonText lines={4} />
      </div>
    </LoadingSkeleton>
  );
}

function ListingDetail({ listing, user }: { listing: ListingDto; user: CurrentUserDto | null }) {
  const { isOwner } = listingRolesOf(user, listing);
  const descriptionId = useId();
  const specsId = useId();
  return (
    <>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] md:gap-10">
        <ListingGallery images={listing.images} title={listing.title} />
        <div className="flex min-w-0 flex-col gap-5">
          <ListingOverview listing={listing} isOwner={isOwner} />
          <TagChips tags={listing.tags} />
          <LazySellerFigures sellerId={listing.seller_id} />
          <ListingActionBar
            listing={listing}
            user={user}
            buyAction={
              // A guest sees it too (and signs in first), wherever a member could buy.
              canBuyNow(policyActorOf(user) ?? { id: 'guest-signing-in', status: 'active' }, listing) ? (
                <BuyNowButton listing={listing} />
              ) : undefined
            }
            offerAction={
              offersMakeOffer(user?.id ?? null, listing)
                ? (signInFirst) => (
                    <MakeOfferButton listing={listing} signedIn={user !== null} onSignInFirst={signInFirst}>
                      <HandCoins aria-hidden="true" size={18} />
                      Make an offer
                    </MakeOfferButton>
                  )
                : undefined
            }
          />
          <MyListingOfferSlot
            listingId={listing.id}
            viewerId={user?.id ?? null}
            sellerId={listing.seller_id}
          />
          <DeliveryTerms listing={listing} />
          <PriceGuide listingId={listing.id} />
          <TransactionRating listing={listing} user={user} />
          <SellerCard seller={listing.seller} isOwner={isOwner} />
        </div>
      </div>
      <div className="grid gap-8 md:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] md:gap-10">
        <section aria-labelledby={descriptionId} className="flex min-w-0 flex-col gap-3">
          <h2 id={descriptionId} className="text-xl font-semibold tracking-tight">
            Description
          </h2>
          <ListingDescription description={listing.description} />
        </section>
        <section aria-labelledby={specsId} className="flex min-w-0 flex-col gap-3">
          <h2 id={specsId} className="text-xl font-semibold tracking-tight">
            Specifications
          </h2>
          <ListingSpecs listing={listing} />
        </section>
      </div>
      <SimilarListingsRow listingId={listing.id} />
    </>
  );
}

/** A listing's page (/marketplace/:id and /product/:id). */
export function ListingDetailRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const listing = useListing(id);
  const session = useSession();

  // A reader's view counts once the page shows the listing; the seller's own visits never do.
  const viewerId = session.data?.user?.id ?? null;
  useListingViewBeacon(id, listing.isSuccess && !session.isPending && viewerId !== listing.data.seller_id);

  const close = () => {
    const target = closeTargetFor(location.state);
    if (closeGoesBack(location.state, target, location.key)) void navigate(-1);
    else void navigate(target);
  };
  const closeButton = (
    <Button variant="secondary" onClick={close}>
      <X aria-hidden="true" size={18} />
      Close
    </Button>
  );

  const notFound = !id || (listing.isError && isApiError(listing.error) && listing.error.status === 404);

  if (notFound) {
    return (
      <Page>
        <title>{`${SHELL_MESSAGES.productNotFound} · Castline`}</title>
        <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
            <PackageSearch aria-hidden="true" size={28} />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{SHELL_MESSAGES.productNotFound}</h1>
          <p className="text-ink-muted">
            This listing may have been sold, removed by its seller, or the link may be mistyped.
          </p>
          {closeButton}
        </Card>
      </Page>
    );
  }

  if (listing.isError) {
    return (
      <Page>
        <title>Listing · Castline</title>
        <h1 className="text-2xl font-semibold tracking-tight">Listing</h1>
        <Alert tone="error" title={SHELL_MESSAGES.failedToLoadProduct}>
          <p>{listing.error.message}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button variant="secondary" size="sm" onClick={() => void listing.refetch()}>
              Try again
            </Button>
            <Button variant="ghost" size="sm" onClick={close}>
              Close
            </Button>
          </div>
        </Alert>
      </Page>
    );
  }

  // The actions depend on who is looking: wait for the session too, so nobody sees the wrong ones.
  if (listing.isPending || session.isPending) {
    return (
      <Page>
        <title>Listing · Castline</title>
        <h1 className="sr-only">Listing</h1>
        <DetailSkeleton />
      </Page>
    );
  }

  return (
    <Page>
      <title>{`${listing.data.title} · Castline`}</title>
      <div className="-mb-4 flex justify-end">{closeButton}</div>
      <ListingDetail listing={listing.data} user={session.data?.user ?? null} />
    </Page>
  );
}
