import type { ModerationQueueItemDto, ReviewAction } from '@castline/shared';
import { MODERATION_LIMITS, MODERATION_MESSAGES, REVIEW_ACTIONS } from '@castline/shared';
import type { FormEvent, RefObject } from 'react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { useReviewQueueItem } from '../api/moderation.api';
import { ENTITY_LABELS } from './moderation-labels';

const ACTION_TEXT: Record<ReviewAction, { label: string; hint: string }> = {
  approve: { label: 'Approve', hint: 'The content is fine; it stays as it is.' },
  hide: { label: 'Hide', hint: 'Only its author and staff can see it.' },
  delete: { label: 'Delete', hint: 'The content is removed for good.' },
  flag: { label: 'Flag', hint: 'It stays visible, marked for attention.' },
};

/** The failure text of a review: a vanished item has its own. */
export function reviewFailureMessage(error: unknown): string {
  if (isApiError(error) && error.status === 404) return MODERATION_MESSAGES.queueItemNotFound;
  return MODERATION_MESSAGES.moderateFailed;
}

interface ReviewDialogProps {
  item: ModerationQueueItemDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item's 'Review' button, which gets focus back on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * A queue item's review: choose an action, add notes, confirm (delete asks once more). Loaded with
 * the first 'Review'; every opening starts from 'Approve' with no notes.
 */
export function ReviewDialog({ item, open, onOpenChange, returnFocusTo }: ReviewDialogProps) {
  const review = useReviewQueueItem();
  const subject = item.entity.title ?? ENTITY_LABELS[item.entity_type].toLowerCase();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (review.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Review reported content"
        description={`${ENTITY_LABELS[item.entity_type]}: ${subject}`}
        className="max-w-lg"
        returnFocusTo={returnFocusTo}
      >
        <ReviewForm item={item} review={review} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The review's form, drawn afresh each time the dialog opens. */
function ReviewForm({
  item,
  review,
  onClose,
}: {
  item: ModerationQueueItemDto;
  review: ReturnType<typeof useReviewQueueItem>;
  onClose: () => void;
}) {
  const [action, setAction] = useState<ReviewAction>('approve');
  const [notes, setNotes] = useState('');
  const [deleteConfirmed, setDeleteConfirmed] = useState(false);
  const toast = useToast();
  const id = useId();
  const tooLong = notes.trim().length > MODERATION_LIMITS.reviewNotesMax;
  const blocked = tooLong || (action === 'delete' && !deleteConfirmed);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked) return;
    const trimmed = notes.trim();
    review.mutate(
      { itemId: item.id, body: trimmed ? { action, notes: trimmed } : { action } },
      {
        onSuccess: (result) => {
          onClose();
          toast.show(result.message || MODERATION_MESSAGES.contentModerated);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 404) onClose();
          toast.show(reviewFailureMessage(error), { tone: 'error' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">Action</legend>
        {REVIEW_ACTIONS.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
          >
            <input
              type="radio"
              name={`${id}-action`}
              value={value}
              checked={action === value}
              onChange={() => {
                setAction(value);
                setDeleteConfirmed(false);
              }}
              className="mt-1 size-4 accent-brand"
            />
            <span className="flex flex-col">
              <span className="font-semibold text-ink">{ACTION_TEXT[value].label}</span>
              <span className="text-sm text-ink-muted">{ACTION_TEXT[value].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label="Notes (optional)"
        name="notes"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        rows={3}
        className="[&_textarea]:min-h-24"
        hint={`Kept with the review and the moderation log. ${notes.trim().length} / ${MODERATION_LIMITS.reviewNotesMax} characters.`}
        error={tooLong ? `Notes must be at most ${MODERATION_LIMITS.reviewNotesMax} characters` : undefined}
      />
      {action === 'delete' && (
        <label className="flex items-start gap-3 rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm text-ink">
          <input
            type="checkbox"
            checked={deleteConfirmed}
            onChange={(event) => setDeleteConfirmed(event.target.checked)}
            className="mt-0.5 size-4 accent-danger"
          />
          <span>Yes, delete this content. This cannot be undone.</span>
        </label>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={review.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={action === 'delete' ? 'danger' : 'primary'}
          loading={review.isPending}
          disabled={blocked}
        >
          {action === 'delete' ? 'Delete content' : `Confirm: ${ACTION_TEXT[action].label}`}
        </Button>
      </div>
    </form>
  );
}
