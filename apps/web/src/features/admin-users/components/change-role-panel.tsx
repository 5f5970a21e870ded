import type { ProfileRole } from '@castline/shared';
import { ADMIN_MESSAGES } from '@castline/shared';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { useUpdateUserRole } from '../api/admin-users.api';
import { actionFailureMessage } from './action-failure';
import { PERMISSION_LABELS, permissionsOfRole, ROLE_LABELS, ROLE_ORDER } from './member-labels';

interface ChangeRolePanelProps {
  user: { id: string; username: string; role: ProfileRole };
}

/** A role select and, before anything is saved, a confirmation of what the new role may do. */
export function ChangeRolePanel({ user }: ChangeRolePanelProps) {
  const selectId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState<ProfileRole>(user.role);
  const [seenRole, setSeenRole] = useState(user.role);
  const [confirming, setConfirming] = useState(false);
  // When the member's role changes (saved here or elsewhere), the select follows it.
  if (user.role !== seenRole) {
    setSeenRole(user.role);
    setChosen(user.role);
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={selectId} className="text-sm font-medium text-ink">
        Role
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative sm:w-56">
          <select
            id={selectId}
            aria-describedby={hintId}
            value={chosen}
            onChange={(event) =>
              setChosen(ROLE_ORDER.find((role) => role === event.target.value) ?? user.role)
            }
            className="block min-h-11 w-full appearance-none rounded-lg border border-line bg-surface py-1.5 pr-9 pl-3 text-base text-ink shadow-xs focus-visible:border-ring"
          >
            {ROLE_ORDER.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            size={16}
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-ink-muted"
          />
        </div>
        <Button
          variant="secondary"
          disabled={chosen === user.role}
          aria-haspopup="dialog"
          onClick={() => setConfirming(true)}
        >
          Change role
        </Button>
      </div>
      <p id={hintId} className="text-sm text-ink-muted">
        {`Currently ${ROLE_LABELS[user.role]}. You are asked to confirm before anything changes.`}
      </p>
      {confirming && (
        <ConfirmRoleDialog
          user={user}
          role={chosen}
          onClose={(saved) => {
            setConfirming(false);
            if (!saved) setChosen(user.role);
          }}
        />
      )}
    </div>
  );
}

function article(role: ProfileRole): string {
  return role === 'admin' ? 'An' : 'A';
}

function ConfirmRoleDialog({
  user,
  role,
  onClose,
}: {
  user: ChangeRolePanelProps['user'];
  role: ProfileRole;
  onClose: (saved: boolean) => void;
}) {
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
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose(false)}>
      <DialogContent
        title={`Make ${user.username} ${article(role).toLowerCase()} ${ROLE_LABELS[role]}?`}
        description={`Their role changes from ${ROLE_LABELS[user.role]} to ${ROLE_LABELS[role]}.`}
        className="max-w-lg"
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
