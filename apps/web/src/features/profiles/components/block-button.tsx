import { SETTINGS_MESSAGES } from '@castline/shared';
import { ShieldBan, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useToggleBlock } from '../api/profiles.api';

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
  const [confirming, setConfirming] = useState(false);

  function run() {
    toggle.mutate(userId, {
      onSuccess: (result) => {
        setConfirming(false);
        toast.show(result.blocked ? SETTINGS_MESSAGES.memberBlocked : SETTINGS_MESSAGES.memberUnblocked);
      },
      onError: (error) => {
        if (!confirming) toast.show(errorMessage(error), { tone: 'error' });
      },
    });
  }

  if (blocked) {
    return (
      <Button variant="secondary" size="sm" loading={toggle.isPending} onClick={run}>
        <ShieldCheck aria-hidden="true" size={16} />
        Unblock
      </Button>
    );
  }

  return (
    <Dialog
      open={confirming}
      onOpenChange={(open) => {
        if (toggle.isPending) return;
        setConfirming(open);
        if (open) toggle.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="danger" size="sm">
          <ShieldBan aria-hidden="true" size={16} />
          Block
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Block ${username}?`}
        description="They will no longer be able to message you, and their messages and forum posts will be collapsed for you. You can unblock them at any time here or in Settings."
      >
        <div className="flex flex-col gap-4">
          {toggle.isError && <Alert tone="error">{errorMessage(toggle.error)}</Alert>}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={toggle.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" loading={toggle.isPending} onClick={run}>
              Block {username}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
