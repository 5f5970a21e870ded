import { ADMIN_MESSAGES } from '@castline/shared';
import type { RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { useUnbanUser } from '../api/admin-users.api';
import { actionFailureMessage } from './action-failure';

interface UnbanUserDialogProps {
  user: { id: string; username: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The 'Unban member' button, which gets focus back on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Confirms lifting a member's ban (loaded with the first 'Unban member'). */
export function UnbanUserDialog({ user, open, onOpenChange, returnFocusTo }: UnbanUserDialogProps) {
  const toast = useToast();
  const unban = useUnbanUser(user.id);

  const confirm = () => {
    if (unban.isPending) return;
    unban.mutate(undefined, {
      onSuccess: () => {
        toast.show(ADMIN_MESSAGES.userUnbanned);
        onOpenChange(false);
      },
      onError: (error) => {
        toast.show(actionFailureMessage(ADMIN_MESSAGES.unbanFailed, error), { tone: 'error' });
        // Nothing to retry when the server refused on purpose or the member is gone.
        if (isApiError(error) && [403, 404, 409].includes(error.status)) onOpenChange(false);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !unban.isPending && onOpenChange(next)}>
      <DialogContent
        title={`Unban ${user.username}?`}
        description="The ban is lifted at once: they can sign in and take part again. The ban stays in the audit log."
        returnFocusTo={returnFocusTo}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={unban.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button loading={unban.isPending} onClick={confirm}>
            Unban member
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
