import type { ListingDto } from '@castline/shared';
import { Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useNavigate } from '../../../../lib/router';
import { Button } from '../../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../../components/ui/lazy-layer';
import { useToast } from '../../../../components/ui/toaster';
import { errorMessage } from '../../../../lib/api-client';
import { useDeleteListing, useForgetListing } from '../../api/listing-actions';
import { DETAIL_TEXTS } from './detail-texts';

// The confirmation (and the dialog library) loads on the first press, or on hover/focus.
const loadConfirm = () => import('../../../../components/ui/confirm-dialog');
const ConfirmDialog = lazy(lazyNamed(loadConfirm, 'ConfirmDialog'));

interface DeleteListingButtonProps {
  listing: ListingDto;
  /** Where to go once it is gone: the seller's profile, or the marketplace for a moderator. */
  afterDelete: string;
}

/** 'Delete' and its confirmation: DELETE /api/listings/:id, a toast, and away from the page. */
export function DeleteListingButton({ listing, afterDelete }: DeleteListingButtonProps) {
  const dialog = useLazyDialog(loadConfirm);
  const remove = useDeleteListing(listing.id);
  const forget = useForgetListing();
  const toast = useToast();
  const navigate = useNavigate();

  const confirm = () => {
    remove.mutate(undefined, {
      onSuccess: async () => {
        toast.show(DETAIL_TEXTS.deleted);
        await navigate(afterDelete);
        forget(listing.id);
      },
    });
  };

  return (
    <>
      <Button variant="danger" size="sm" {...dialog.triggerProps}>
        <Trash2 aria-hidden="true" size={16} />
        Delete
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <ConfirmDialog
            open={dialog.open}
            onOpenChange={(next) => {
              dialog.setOpen(next);
              if (!next) remove.reset();
            }}
            title={DETAIL_TEXTS.deleteTitle}
            description={`“${listing.title}” will be removed from the marketplace and your profile. This cannot be undone.`}
            confirmLabel="Delete listing"
            pending={remove.isPending}
            onConfirm={confirm}
            error={remove.isError ? errorMessage(remove.error) : null}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}
