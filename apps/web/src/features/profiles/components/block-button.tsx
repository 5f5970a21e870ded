import { SETTINGS_MESSAGES } from '@castline/shared';
import { ShieldBan, ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useToggleBlock } from '../api/profiles.api';

// The confirmation (and the dialog library) loads on first use, not with the profile.
const loadDialog = () => import('./block-dialog');
const BlockDialog = lazy(lazyNamed(loadDialog, 'BlockDialog'));

interface BlockButtonProps {
  userId: string;
  username: string;
  blocked: boolean;
}

/**
 * 'Block' (after a confirmation that says what blocking does) or 'Unblock' (at once) for another
 * member; a toast says how it went.
 */
export function BlockButton({ userId, username, blocked }: BlockButtonProps) {
  const toast = useToast();
  const toggle = useToggleBlock();
  const dialog = useLazyDialog(loadDialog);

  function unblock() {
    toggle.mutate(userId, {
      onSuccess: (result) =>
        toast.show(result.blocked ? SETTINGS_MESSAGES.memberBlocked : SETTINGS_MESSAGES.memberUnblocked),
      onError: (error) => toast.show(errorMessage(error), { tone: 'error' }),
    });
  }

  if (blocked) {
    return (
      <Button variant="secondary" size="sm" loading={toggle.isPending} onClick={unblock}>
        <ShieldCheck aria-hidden="true" size={16} />
        Unblock
      </Button>
    );
  }

  return (
    <>
      <Button variant="danger" size="sm" {...dialog.triggerProps}>
        <ShieldBan aria-hidden="true" size={16} />
        Block
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <BlockDialog
            userId={userId}
            username={username}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}
