import type { ProfileRole } from '@castline/shared';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { ROLE_LABELS, ROLE_ORDER } from './member-labels';

// The confirmation (and the dialog library) loads on the first 'Change role', or on hover/focus.
const loadConfirm = () => import('./confirm-role-dialog');
const ConfirmRoleDialog = lazy(lazyNamed(loadConfirm, 'ConfirmRoleDialog'));

interface ChangeRolePanelProps {
  user: { id: string; username: string; role: ProfileRole };
}

/** A role select and, before anything is saved, a confirmation of what the new role may do. */
export function ChangeRolePanel({ user }: ChangeRolePanelProps) {
  const selectId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState<ProfileRole>(user.role);
  const [seenRole, setSeenRole] = useState(user.role);
  const dialog = useLazyDialog(loadConfirm);
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
        <Button variant="secondary" disabled={chosen === user.role} {...dialog.triggerProps}>
          Change role
        </Button>
      </div>
      <p id={hintId} className="text-sm text-ink-muted">
        {`Currently ${ROLE_LABELS[user.role]}. You are asked to confirm before anything changes.`}
      </p>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <ConfirmRoleDialog
            user={user}
            role={chosen}
            open={dialog.open}
            returnFocusTo={dialog.triggerRef}
            onClose={(saved) => {
              dialog.setOpen(false);
              if (!saved) setChosen(user.role);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
