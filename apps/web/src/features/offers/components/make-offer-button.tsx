import type { OfferPolicyListing } from '@castline/shared';
import { canMakeOffer } from '@castline/shared';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import type { OfferListing } from './make-offer-dialog';

// The dialog (its form, its checks and the dialog library) loads on first use, not with the page.
const loadDialog = () => import('./make-offer-dialog');
const MakeOfferDialog = lazy(lazyNamed(loadDialog, 'MakeOfferDialog'));

/** Not a member's id (those are UUIDs): a guest is asked about as any member but the seller. */
const SOME_OTHER_MEMBER = 'guest-signing-in';

/**
 * Whether the page offers 'Make an offer' (the shared offer policy): to a member who may make one,
 * and to a guest wherever a member could (the guest signs in first). Never on the seller's own
 * listing, on sold, hidden or deleted gear, or when the seller is not taking offers.
 */
export function offersMakeOffer(viewerId: string | null, listing: OfferPolicyListing): boolean {
  return canMakeOffer(viewerId ?? SOME_OTHER_MEMBER, listing);
}

interface MakeOfferButtonProps {
  listing: OfferListing;
  /** False for a guest: the button asks them to sign in first. */
  signedIn: boolean;
  onSignInFirst: () => void;
  className?: string;
  children: ReactNode;
}

/** The listing page's 'Make an offer': opens the dialog in place (a guest signs in first). */
export function MakeOfferButton({
  listing,
  signedIn,
  onSignInFirst,
  className,
  children,
}: MakeOfferButtonProps) {
  const dialog = useLazyDialog(loadDialog);
  return (
    <>
      <Button
        variant="secondary"
        fullWidth
        className={className}
        {...dialog.triggerProps}
        // A guest signs in first: nothing to fetch or open.
        {...(signedIn ? {} : { onPointerEnter: undefined, onFocus: undefined, onClick: onSignInFirst })}
      >
        {children}
      </Button>
      <Suspense fallback={null}>
        {signedIn && dialog.mounted && (
          <MakeOfferDialog
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
