import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import type { OfferListing } from './make-offer-dialog';

// The dialog (its form, its checks and the dialog library) loads on first use, not with the page.
const loadDialog = () => import('./make-offer-dialog');
const MakeOfferDialog = lazy(lazyNamed(loadDialog, 'MakeOfferDialog'));

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
