import type { CurrentUserDto, ListingDto } from '@castline/shared';
import { canManageListing, canMarkListingSold, isListingOwner, policyActorOf } from '@castline/shared';
import { Bookmark, Heart, MessageCircle, Share2 } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from '../../../../lib/router';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { useToast } from '../../../../components/ui/toaster';
import { cn } from '../../../../lib/cn';
import { errorMessage, isApiError } from '../../../../lib/api-client';
import { formatCount } from '../../../../lib/format-number';
import type { FromState } from '../../../../lib/redirect-target';
import { ReportButton } from '../../../reports';
import type { ListingReaction } from '../../api/listing-actions';
import { reactionOf, useToggleReaction } from '../../api/listing-actions';
import { DETAIL_TEXTS } from './detail-texts';
import { lazyNamed } from '../../../../components/ui/lazy-layer';

const ManageListing = lazy(lazyNamed(() => import('./manage-listing'), 'ManageListing'));

/**
 * What the viewer may do with a listing (the rules of the shared listing policy): the seller manages
 * it and marks it sold; moderators (content.moderate) may edit and delete any; a banned member
 * may do neither.
 */
export function listingRolesOf(user: CurrentUserDto | null, listing: ListingDto) {
  const actor = policyActorOf(user);
  return {
    isOwner: isListingOwner(actor, listing),
    canManage: canManageListing(actor, listing),
    canMarkSold: canMarkListingSold(actor, listing),
  };
}

/** Sends a guest to sign in, remembering this page so they come back to it. */
function useSignInFirst() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    const state: FromState = { from: location };
    void navigate('/auth/login', { state });
  };
}

const REACTIONS: Record<ListingReaction, { label: string; icon: LucideIcon }> = {
  like: { label: 'Like', icon: Heart },
  favorite: { label: 'Favourite', icon: Bookmark },
};

/** Like or Favourite: a toggle with its count that answers at once and rolls back on failure. */
function ReactionToggle({
  listing,
  reaction,
  signedIn,
}: {
  listing: ListingDto;
  reaction: ListingReaction;
  signedIn: boolean;
}) {
  const toggle = useToggleReaction(listing.id, reaction);
  const signInFirst = useSignInFirst();
  const toast = useToast();
  const { active, count } = reactionOf(listing, reaction);
  const { label, icon: Icon } = REACTIONS[reaction];

  const onClick = () => {
    if (!signedIn) return signInFirst();
    // One toggle at a time: a second click waits for the first answer.
    if (toggle.isPending) return;
    toggle.mutate(undefined, {
      onError: (error) => {
        if (isApiError(error) && error.status === 401) signInFirst();
        else toast.show(errorMessage(error), { tone: 'error' });
      },
    });
  };

  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        buttonClasses({ variant: 'secondary', size: 'sm' }),
        active && 'border-brand/40 bg-brand-soft',
      )}
    >
      <Icon
        aria-hidden="true"
        size={16}
        className={cn(active && (reaction === 'like' ? 'fill-danger text-danger' : 'fill-current'))}
      />
      <span>{label}</span>
      <span className="min-w-4 text-left text-ink-muted tabular-nums">{count}</span>
    </button>
  );
}

/** navigator.share where the device has it, else the address goes to the clipboard. */
function ShareButton({ listing }: { listing: ListingDto }) {
  const toast = useToast();

  const share = async () => {
    const url = new URL(`/marketplace/${encodeURIComponent(listing.id)}`, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: listing.title, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.show(DETAIL_TEXTS.linkCopied);
    } catch {
      toast.show(DETAIL_TEXTS.copyFailed, { tone: 'error' });
    }
  };

  return (
    <Button variant="secondary" size="sm" onClick={() => void share()}>
      <Share2 aria-hidden="true" size={16} />
      Share
    </Button>
  );
}

/**
 * What the seller reads of their listing's reach: its views (each reader once a day, the seller
 * never; the server sends them to the seller alone), likes and favourites.
 */
export function ownerCounts(
  listing: Pick<ListingDto, 'views_count' | 'likes_count' | 'favorites_count'>,
): string {
  const count = (value: number, one: string, many: string) =>
    `${formatCount(value)} ${value === 1 ? one : many}`;
  return [
    listing.views_count === null ? null : count(listing.views_count, 'view', 'views'),
    count(listing.likes_count, 'like', 'likes'),
    count(listing.favorites_count, 'favourite', 'favourites'),
  ]
    .filter(Boolean)
    .join(' · ');
}

interface ListingActionBarProps {
  listing: ListingDto;
  /** The signed-in member, or null for a guest. */
  user: CurrentUserDto | null;
  /**
   * The visitor's 'Make an offer' beside 'Message seller' while the listing is for sale (the
   * offers feature's button, composed by the page); `signInFirst` sends a guest to sign in.
   */
  offerAction?: ((signInFirst: () => void) => ReactNode) | undefined;
  /** The visitor's 'Buy now' (the orders feature's button), first of the main actions when given. */
  buyAction?: ReactNode;
}

/**
 * The page's actions. Visitors: Message seller, Make an offer, Like, Favourite, Share. The seller:
 * Edit, Mark as sold, Delete, Share (and the counts). Moderators also get Edit and Delete.
 */
export function ListingActionBar({ listing, user, offerAction, buyAction }: ListingActionBarProps) {
  const { isOwner, canManage, canMarkSold } = listingRolesOf(user, listing);
  // The thread remembers the listing it started from (the first message carries it).
  const sellerPath = `/messages/${encodeURIComponent(listing.seller_id)}?listing=${encodeURIComponent(listing.id)}`;
  const signInFirst = useSignInFirst();

  return (
    <div className="flex flex-col gap-3">
      {!isOwner && (
        // The main actions, side by side. On a phone (below md, where the bottom navigation shows)
        // they stay in reach: a bar fixed right above the navigation (57 px and the safe area), 81 px
        // tall, and the page's bottom padded by 96 px so that nothing stays under it. The bar's bottom
        // padding (28 px) leaves room for the navigation's raised Sell button (20 px and its 4 px
        // ring), so that it covers no action.
        <div className="grid auto-cols-fr grid-flow-col gap-2 max-md:fixed max-md:inset-x-0 max-md:bottom-[calc(57px+env(safe-area-inset-bottom))] max-md:z-30 max-md:border-t max-md:border-line max-md:bg-surface/95 max-md:px-4 max-md:pt-2 max-md:pb-7 max-md:backdrop-blur max-md:*:px-2 max-md:*:text-sm max-md:[body:has(&)]:pb-24">
          {!listing.sold && buyAction}
          <Link
            to={sellerPath}
            className={buttonClasses({
              fullWidth: true,
              variant: buyAction && !listing.sold ? 'secondary' : 'primary',
            })}
          >
            <MessageCircle aria-hidden="true" size={18} />
            Message seller
          </Link>
          {!listing.sold && offerAction?.(signInFirst)}
        </div>
      )}

      <div className="flex flex-wrap items-center gap-2">
        {isOwner ? (
          <p className="mr-auto text-sm text-ink-muted">{ownerCounts(listing)}</p>
        ) : (
          <>
            <ReactionToggle listing={listing} reaction="like" signedIn={user !== null} />
            <ReactionToggle listing={listing} reaction="favorite" signedIn={user !== null} />
          </>
        )}
        <ShareButton listing={listing} />
        {!listing.deleted && (
          <ReportButton entityType="product" entityId={listing.id} ownerId={listing.seller_id} />
        )}
      </div>

      {canManage && (
        // The seller's and moderators' tools load for them alone: most readers never see them.
        <Suspense fallback={<div aria-hidden="true" className="min-h-12 border-t border-line pt-3" />}>
          <ManageListing listing={listing} isOwner={isOwner} canMarkSold={canMarkSold} />
        </Suspense>
      )}
    </div>
  );
}
