import type { ListingDto } from '@castline/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../../components/ui/dialog';
import { useToast } from '../../../../components/ui/toaster';
import { errorMessage } from '../../../../lib/api-client';
import { useDeleteListing, useForgetListing } from '../../api/listing-actions';
import { DETAIL_TEXTS } from './detail-texts';

interface DeleteListingButtonProps {
  listing: ListingDto;
  /** Where to go once it is gone: the seller's profile, or the marketplace for a moderator. */
  afterDelete: string;
}

/** 'Delete' and its confirmation: DELETE /api/listings/:id, a toast, and away from the page. */
export function DeleteListingButton({ listing, afterDelete }: DeleteListingButtonProps) {
  const [open, setOpen] = useState(false);
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="danger" size="sm">
          <Trash2 aria-hidden="true" size={16} />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title={DETAIL_TEXTS.deleteTitle}
        description={`“${listing.title}” will be removed from the marketplace and your profile. This cannot be undone.`}
      >
        <div className="flex flex-col gap-4">
          {remove.isError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" loading={remove.isPending} onClick={confirm}>
              Delete listing
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
