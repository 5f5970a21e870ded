import type { AdminSessionDto } from '@castline/shared';
import { ADMIN_MESSAGES } from '@castline/shared';
import type { RefObject } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { describeUserAgent } from '../../../lib/user-agent';
import { useTerminateSession } from '../api/admin.api';

interface TerminateSessionDialogProps {
  session: AdminSessionDto;
  /** The session is the viewer's own: ending it signs this browser out. */
  current: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The session's 'Terminate' button, which gets focus back on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** After the session was ended (and the dialog closed). */
  onTerminated: () => void;
}

/** Confirms ending a session, and ends it (loaded with the first 'Terminate'). */
export function TerminateSessionDialog({
  session,
  current,
  open,
  onOpenChange,
  returnFocusTo,
  onTerminated,
}: TerminateSessionDialogProps) {
  const terminate = useTerminateSession();
  const toast = useToast();

  const confirm = () => {
    terminate.mutate(session.id, {
      onSuccess: (result) => {
        toast.show(result.message || ADMIN_MESSAGES.sessionTerminated, { tone: 'success' });
        onOpenChange(false);
        onTerminated();
      },
      onError: (error) => {
        toast.show(errorMessage(error), { tone: 'error' });
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!terminate.isPending) onOpenChange(next);
      }}
    >
      <DialogContent
        title="Terminate this session?"
        description={`@${session.username} will be signed out on ${describeUserAgent(session.user_agent).label}. They can sign in again unless they are banned.`}
        returnFocusTo={returnFocusTo}
      >
        {current && (
          <Alert tone="info" className="mb-4">
            This is your own session: you will be signed out of this browser.
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={terminate.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" loading={terminate.isPending} onClick={confirm}>
            Terminate session
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
