import type { ModerationEntityType, ReportReason } from '@castline/shared';
import { MODERATION_LIMITS, MODERATION_MESSAGES, REPORT_REASONS } from '@castline/shared';
import { CircleExclamationPoint } from 'lucide-react';
import type { FormEvent, RefObject } from 'react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { REPORT_REASON_LABELS, REPORT_SUBJECTS } from '../api/report-labels';
import { useCreateReport } from '../api/reports.api';

export const REASON_REQUIRED = 'Choose why you are reporting this';

/** The server's words for a failed report, or the generic failure when it gave none. */
function failureOf(error: unknown): string {
  return isApiError(error) && error.code !== 'UNEXPECTED_RESPONSE'
    ? error.message
    : MODERATION_MESSAGES.reportFailed;
}

interface ReportDialogProps {
  entityType: ModerationEntityType;
  entityId: string;
  /** Called once the report is sent, or when sending it again cannot help (already reported, gone). */
  onDone: () => void;
  /** Tells the owner whether a report is on its way (the dialog must not close meanwhile). */
  onPendingChange?: (pending: boolean) => void;
  /** The button that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The body of the report dialog (render it inside an open <Dialog>): a reason, an optional note
 * for the moderators, and Send report. A toast says how it went, in the server's words.
 */
export function ReportDialog({
  entityType,
  entityId,
  onDone,
  onPendingChange,
  returnFocusTo,
}: ReportDialogProps) {
  const toast = useToast();
  const create = useCreateReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const id = useId();
  const reasonErrorId = `${id}-reason-error`;
  const noteId = `${id}-note`;
  const counterId = `${id}-note-counter`;
  const noteErrorId = `${id}-note-error`;
  const subject = REPORT_SUBJECTS[entityType];
  const noteLength = note.trim().length;
  const noteTooLong = noteLength > MODERATION_LIMITS.reportNoteMax;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    if (!reason) {
      setReasonError(REASON_REQUIRED);
      document.getElementById(`${id}-reason-${REPORT_REASONS[0]}`)?.focus();
      return;
    }
    if (noteTooLong) {
      document.getElementById(noteId)?.focus();
      return;
    }
    const trimmed = note.trim();
    onPendingChange?.(true);
    create.mutate(
      { entity_type: entityType, entity_id: entityId, reason, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: (result) => {
          onPendingChange?.(false);
          toast.show(result.message);
          onDone();
        },
        onError: (error) => {
          onPendingChange?.(false);
          toast.show(failureOf(error), { tone: 'error' });
          // Already reported, or the item is gone: trying again cannot help.
          if (isApiError(error) && (error.status === 409 || error.status === 404)) onDone();
        },
      },
    );
  }

  return (
    <DialogContent
      title={`Report this ${subject}`}
      description="Tell our moderators what is wrong. They review every report and act on what breaks the community rules."
      returnFocusTo={returnFocusTo}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <fieldset
          aria-describedby={reasonError ? reasonErrorId : undefined}
          aria-invalid={Boolean(reasonError) || undefined}
          className="flex flex-col gap-2"
        >
          <legend className="mb-2 text-sm font-medium text-ink">Reason</legend>
          {REPORT_REASONS.map((value) => {
            const optionId = `${id}-reason-${value}`;
            return (
              <label
                key={value}
                htmlFor={optionId}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm text-ink',
                  'has-[:focus-visible]:border-ring',
                  reason === value ? 'border-brand bg-brand-soft' : 'border-line hover:bg-surface-muted',
                )}
              >
                <input
                  id={optionId}
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  disabled={create.isPending}
                  onChange={() => {
                    setReason(value);
                    setReasonError(undefined);
                  }}
                  className="size-4 accent-brand"
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            );
          })}
          {reasonError && (
            <p id={reasonErrorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
              <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
              <span>{reasonError}</span>
            </p>
          )}
        </fieldset>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={noteId} className="text-sm font-medium text-ink">
            Note for the moderators (optional)
          </label>
          <textarea
            id={noteId}
            rows={4}
            value={note}
            disabled={create.isPending}
            aria-invalid={noteTooLong}
            aria-describedby={[counterId, noteTooLong ? noteErrorId : null].filter(Boolean).join(' ')}
            onChange={(event) => setNote(event.target.value)}
            className={cn(
              'block min-h-24 w-full resize-y rounded-lg border bg-surface px-3 py-2 text-base leading-relaxed text-ink shadow-xs',
              'placeholder:text-ink-muted/70 focus-visible:border-ring disabled:opacity-60',
              noteTooLong ? 'border-danger' : 'border-line',
            )}
          />
          <p
            id={counterId}
            className={cn(
              'text-right text-sm tabular-nums',
              noteTooLong ? 'font-medium text-danger' : 'text-ink-muted',
            )}
          >
            {`${noteLength.toLocaleString('en-US')} / ${MODERATION_LIMITS.reportNoteMax} characters`}
          </p>
          {noteTooLong && (
            <p id={noteErrorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
              <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
              <span>{MODERATION_MESSAGES.noteTooLong}</span>
            </p>
          )}
        </div>

        {create.isError && <Alert tone="error">{failureOf(create.error)}</Alert>}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={create.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="danger" loading={create.isPending}>
            Send report
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

/** The report dialog with its own Dialog root, for a ReportButton that loaded it on first use. */
export function ReportDialogLayer({
  open,
  onOpenChange,
  ...dialog
}: ReportDialogProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <ReportDialog {...dialog} />}
    </Dialog>
  );
}
