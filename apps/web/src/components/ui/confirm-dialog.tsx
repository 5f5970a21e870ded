import type { ReactNode, RefObject } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that backs out ("Cancel" unless the action itself is a cancelling). */
  dismissLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  /** Why the last attempt failed, shown above the buttons. */
  error?: string | null | undefined;
  /** The button that opened it, when it is not a DialogTrigger. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** "Are you sure?" for actions that cannot be undone; the dialog stays while the action runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  dismissLabel = 'Cancel',
  pending,
  onConfirm,
  error,
  returnFocusTo,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <DialogContent title={title} description={description} returnFocusTo={returnFocusTo}>
        <div className="flex flex-col gap-4">
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
              {dismissLabel}
            </Button>
            <Button variant="danger" loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
