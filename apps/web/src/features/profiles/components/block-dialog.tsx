import { SETTINGS_MESSAGES } from '@castline/shared';
import type { RefObject } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useToggleBlock } from '../api/profiles.api';

interface BlockDialogProps {
  userId: string;
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Says what blocking does, and blocks once the member confirms (loaded with the first 'Block'). */
export function BlockDialog({ userId, username, open, onOpenChange, returnFocusTo }: BlockDialogProps) {
  const toast = useToast();
  const toggle = useToggleBlock();

  function block() {
    toggle.mutate(userId, {
      onSuccess: (result) => {
        onOpenChange(false);
        toast.show(result.blocked ? SETTINGS_MESSAGES.memberBlocked : SETTINGS_MESSAGES.memberUnblocked);
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (toggle.isPending) return;
        onOpenChange(next);
        if (next) toggle.reset();
      }}
    >
      <DialogContent
        returnFocusTo={returnFocusTo}
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
            <Button variant="danger" loading={toggle.isPending} onClick={block}>
              Block {username}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
