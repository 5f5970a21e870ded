import type { BanUserBody } from '@castline/shared';
import { ADMIN_MESSAGES } from '@castline/shared';
import type { FormEvent, RefObject } from 'react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-fields';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import type { FieldErrors } from '../../../lib/form-errors';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format-date';
import { checkWith } from '../../../lib/load-request-schemas';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useBanUser } from '../api/admin-users.api';
import { actionFailureMessage } from './action-failure';

/** BanUserBody's limits. */
const REASON_MAX = 500;
const NOTES_MAX = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const INVALID_BAN_END = 'Enter a valid date and time';

/** Quick choices for the ban's end; "Permanent" sends no end date (the schema allows that). */
const DURATIONS = [
  { id: '1d', label: '1 day', days: 1 },
  { id: '7d', label: '7 days', days: 7 },
  { id: '30d', label: '30 days', days: 30 },
  { id: 'permanent', label: 'Permanent', days: null },
] as const;
type DurationId = (typeof DURATIONS)[number]['id'];

type BanField = 'reason' | 'ban_end' | 'notes';
const FIELDS: readonly BanField[] = ['reason', 'ban_end', 'notes'];

/** A date as the value of a datetime-local input, in local time, to the minute. */
export function toLocalInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function inDays(days: number): string {
  return toLocalInputValue(new Date(Date.now() + days * DAY_MS));
}

/** The ban end as ISO, or a field error when it is unreadable or not in the future. */
function banEndFrom(value: string): { iso?: string; error?: string } {
  if (!value) return {};
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { error: INVALID_BAN_END };
  if (date.getTime() <= Date.now()) return { error: ADMIN_MESSAGES.banEndInPast };
  return { iso: date.toISOString() };
}

interface BanUserDialogProps {
  user: { id: string; username: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The 'Ban member' button, which gets focus back on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * Ban a member: a reason, when the ban ends (or never) and private notes for other staff (loaded
 * with the first 'Ban member').
 */
export function BanUserDialog({ user, open, onOpenChange, returnFocusTo }: BanUserDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Ban ${user.username}`}
        description="They are signed out everywhere at once and cannot sign in until the ban ends."
        className="max-w-lg"
        returnFocusTo={returnFocusTo}
      >
        <BanForm userId={user.id} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function BanForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const toast = useToast();
  const ban = useBanUser(userId);
  const [reason, setReason] = useState('');
  const [banEnd, setBanEnd] = useState(() => inDays(7));
  const [duration, setDuration] = useState<DurationId | null>('7d');
  const [notes, setNotes] = useState('');
  const { errors, show, clear } = useFieldErrors(FIELDS);

  const choose = (choice: (typeof DURATIONS)[number]) => {
    setDuration(choice.id);
    setBanEnd(choice.days === null ? '' : inDays(choice.days));
    clear('ban_end');
  };
  const activeDuration: DurationId | null = banEnd === '' ? 'permanent' : duration;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (ban.isPending) return;
    const end = banEndFrom(banEnd);
    const trimmedNotes = notes.trim();
    const refuse = (found: FieldErrors<BanField>) => {
      if (end.error) found.ban_end = end.error;
      ban.reset();
      show(found, form);
    };
    checkWith(
      'BanUserBody',
      {
        reason,
        ...(end.iso ? { ban_end: end.iso } : {}),
        ...(trimmedNotes ? { notes: trimmedNotes } : {}),
      },
      {
        form,
        invalid: (error) => refuse(fieldErrorsFromZod<BanField>(error)),
        valid: (body) => {
          if (end.error) refuse({});
          else send(body, form);
        },
      },
    );
  };

  const send = (body: BanUserBody, form: HTMLFormElement) => {
    show({});
    ban.mutate(body, {
      onSuccess: () => {
        toast.show(ADMIN_MESSAGES.userBanned);
        onDone();
      },
      onError: (error) => {
        toast.show(actionFailureMessage(ADMIN_MESSAGES.banFailed, error), { tone: 'error' });
        if (!isApiError(error)) return;
        if (error.status === 400) {
          const fromServer = fieldErrorsFromIssues(error.issues, FIELDS);
          if (error.message === ADMIN_MESSAGES.banEndInPast) fromServer.ban_end ??= error.message;
          show(fromServer, form);
        } else if (error.status === 403 || error.status === 404 || error.status === 409) {
          onDone();
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextAreaField
        label="Reason"
        name="reason"
        value={reason}
        maxLength={REASON_MAX}
        required
        hint="Shown in the audit log and to other staff."
        onChange={(event) => {
          setReason(event.target.value);
          clear('reason');
        }}
        error={errors.reason}
        autoFocus
      />
      <div className="flex flex-col gap-2">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-ink">Ban length</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {DURATIONS.map((choice) => (
              <button
                key={choice.id}
                type="button"
                aria-pressed={activeDuration === choice.id}
                onClick={() => choose(choice)}
                className={cn(
                  'min-h-10 rounded-lg border px-3 text-sm font-semibold transition-colors',
                  activeDuration === choice.id
                    ? 'border-brand bg-brand-soft text-brand'
                    : 'border-line bg-surface text-ink hover:bg-surface-muted',
                )}
              >
                {choice.label}
              </button>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Ban ends"
          name="ban_end"
          type="datetime-local"
          value={banEnd}
          min={toLocalInputValue(new Date())}
          hint={
            banEnd
              ? `In your time zone. Leave empty for a permanent ban.`
              : 'No end date: the ban lasts until a member of staff lifts it.'
          }
          onChange={(event) => {
            setBanEnd(event.target.value);
            setDuration(null);
            clear('ban_end');
          }}
          error={errors.ban_end}
        />
        {banEnd && !errors.ban_end && !Number.isNaN(new Date(banEnd).getTime()) && (
          <p className="text-sm text-ink-muted">{`Lifted automatically on ${formatDateTime(new Date(banEnd).toISOString())}.`}</p>
        )}
      </div>
      <TextAreaField
        label="Notes for staff (optional)"
        name="notes"
        value={notes}
        maxLength={NOTES_MAX}
        onChange={(event) => {
          setNotes(event.target.value);
          clear('notes');
        }}
        error={errors.notes}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={ban.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="danger" loading={ban.isPending}>
          Ban member
        </Button>
      </div>
    </form>
  );
}
