import type { ProfileRole } from '@castline/shared';
import { ADMIN_MESSAGES } from '@castline/shared';
import type { RefObject } from 'react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { useUpdateUserRole } from '../api/admin-users.api';
import { actionFailureMessage } from './action-failure';
import { PERMISSION_LABELS, permissionsOfRole, ROLE_LABELS } from './member-labels';

function article(role: ProfileRole): string {
  return role === 'admin' ? 'An' : 'A';
}

interface ConfirmRoleDialogProps {
  user: { id: string; username: string; role: ProfileRole };
  role: ProfileRole;
  open: boolean;
  /** Closes the dialog; `saved` when the new role was saved. */
  onClose: (saved: boolean) => void;
  /** The 'Change role' button, which gets focus back on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** What the new role may do, and the change once confirmed (loaded with the first 'Change role'). */
export function ConfirmRoleDialog({ user, role, open, onClose, returnFocusTo }: ConfirmRoleDialogProps) {
  const toast = useToast();
  const update = useUpdateUserRole(user.id);
  const permissions = permissionsOfRole(role);
  const listId = useId();

  const confirm = () => {
    if (update.isPending) return;
    update.mutate(
      { role },
      {
        onSuccess: () => {
          toast.show(ADMIN_MESSAGES.roleUpdated);
          onClose(true);
        },
        onError: (error) => {
          toast.show(actionFailureMessage(ADMIN_MESSAGES.roleUpdateFailed, error), { tone: 'error' });
          if (isApiError(error) && [403, 404, 409].includes(error.status)) onClose(false);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !update.isPending && onClose(false)}>
      <DialogContent
        title={`Make ${user.username} ${article(role).toLowerCase()} ${ROLE_LABELS[role]}?`}
        description={`Their role changes from ${ROLE_LABELS[user.role]} to ${ROLE_LABELS[role]}.`}
        className="max-w-lg"
        returnFocusTo={returnFocusTo}
      >
        <div className="flex flex-col gap-5">
          {permissions.length > 0 ? (
            <div className="flex flex-col gap-2 text-sm">
              <p
                id={listId}
                className="font-medium text-ink"
              >{`${article(role)} ${ROLE_LABELS[role]} may:`}</p>
              <ul aria-labelledby={listId} className="flex list-disc flex-col gap-1 pl-5 text-ink-muted">
                {permissions.map((permission) => (
                  <li key={permission}>{PERMISSION_LABELS[permission]}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-sm text-ink-muted">
              A member has no admin permissions: they lose access to every admin page.
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={update.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button loading={update.isPending} onClick={confirm}>
              {`Make ${ROLE_LABELS[role]}`}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
