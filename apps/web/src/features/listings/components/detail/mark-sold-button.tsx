import type { ListingDto } from '@castline/shared';
import { BadgeCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../../components/ui/lazy-layer';

// Only the seller sees this button: the dialog loads on its first opening (or on hover/focus).
const loadDialog = () => import('./mark-sold-dialog');
const MarkSoldDialog = lazy(lazyNamed(loadDialog, 'MarkSoldDialog'));

/** The seller's 'Mark as sold' button; the dialog asks who bought the gear. */
export function MarkSoldButton({ listing }: { listing: ListingDto }) {
  const dialog = useLazyDialog(loadDialog);
  return (
    <>
      <Button size="sm" {...dialog.triggerProps}>
        <BadgeCheck aria-hidden="true" size={16} />
        Mark as sold
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <MarkSoldDialog
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
