import type { ListingDto } from '@castline/shared';
import { canBuyNow, policyActorOf } from '@castline/shared';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import type { FromState } from '../../../lib/redirect-target';
import { useSession } from '../../../lib/session';

// The dialog (its summary, the order request and the dialog library) loads on first use.
const loadDialog = () => import('./buy-now-dialog');
const BuyNowDialog = lazy(lazyNamed(loadDialog, 'BuyNowDialog'));

/** A guest is asked about as any member but the seller (not a member's id: those are UUIDs). */
const GUEST = { id: 'guest-signing-in', status: 'active' };

/**
 * 'Buy now' on a listing that offers it (the shared order policy): a member who may buy opens the
 * dialog; a guest is sent to sign in and comes back to the listing. Nothing for the seller, a banned
 * member, or gear that is sold, hidden or local pickup only.
 */
export function BuyNowButton({ listing, className }: { listing: ListingDto; className?: string }) {
  const user = useSession().data?.user ?? null;
  const dialog = useLazyDialog(loadDialog);
  const navigate = useNavigate();
  const location = useLocation();
  if (!canBuyNow(policyActorOf(user) ?? GUEST, listing)) return null;

  const signInFirst = () => {
    const state: FromState = { from: location };
    void navigate('/auth/login', { state });
  };

  return (
    <>
      <Button
        fullWidth
        className={className}
        {...dialog.triggerProps}
        {...(user ? {} : { onPointerEnter: undefined, onFocus: undefined, onClick: signInFirst })}
      >
        Buy now
      </Button>
      <Suspense fallback={null}>
        {user && dialog.mounted && (
          <BuyNowDialog
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
