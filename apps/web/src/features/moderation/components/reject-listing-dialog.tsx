import type { PendingListingDto } from '@castline/shared';
import { MODERATION_LIMITS, MODERATION_MESSAGES } from '@castline/shared';
import type { FormEvent, RefObject } from 'react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { checkWith } from '../../../lib/load-request-schemas';
import { useReviewListing } from '../api/moderation.api';
import { listingFailure } from './listing-failure';

interface RejectListingDialogProps {
  listing: PendingListingDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The listing's 'Reject' button, which gets focus back on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * Rejects a pending listing with a reason for the seller (loaded with the first 'Reject'); every
 * opening starts with an empty reason.
 */
export function RejectListingDialog({
  listing,
  open,
  onOpenChange,
  returnFocusTo,
}: RejectListingDialogProps) {
  const review = useReviewListing();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (review.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Reject listing"
        description={`${listing.title} will stay hidden and the seller gets your reason.`}
        returnFocusTo={returnFocusTo}
      >
        <RejectForm listing={listing} review={review} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RejectForm({
  listing,
  review,
  onClose,
}: {
  listing: PendingListingDto;
  review: ReturnType<typeof useReviewListing>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const toast = useToast();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    checkWith(
      'RejectListingBody',
      { reason },
      {
        form: event.currentTarget,
        invalid: (problem) =>
          setError(problem.issues[0]?.message ?? MODERATION_MESSAGES.rejectReasonRequired),
        valid: (body) => send(body.reason),
      },
    );
  };

  const send = (checked: string) => {
    review.mutate(
      { listingId: listing.id, decision: 'reject', reason: checked },
      {
        onSuccess: (result) => {
          onClose();
          toast.show(result.message || MODERATION_MESSAGES.listingRejected);
        },
        onError: (failure) => {
          toast.show(listingFailure(failure), { tone: 'error' });
          if (isApiError(failure) && (failure.status === 404 || failure.status === 409)) onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <TextAreaField
        label="Reason"
        name="reason"
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
        rows={4}
        required
        autoFocus
        className="[&_textarea]:min-h-28"
        hint={`${reason.trim().length} / ${MODERATION_LIMITS.rejectReasonMax} characters`}
        error={error}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={review.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={review.isPending}>
          Reject listing
        </Button>
      </div>
    </form>
  );
}
