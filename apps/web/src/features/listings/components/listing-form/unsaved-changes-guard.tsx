import type { RefObject } from 'react';
import { useCallback, useEffect } from 'react';
import type { BlockerFunction } from 'react-router';
import { useBlocker } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';

interface UnsavedChangesGuardProps {
  /** The form has changes that are not saved. */
  when: boolean;
  /** Set to true just before leaving on purpose (after saving). */
  leavingRef: RefObject<boolean>;
}

/** Asks before leaving a form with unsaved changes: in-app navigation gets a dialog, closing the tab the browser's prompt. */
export function UnsavedChangesGuard({ when, leavingRef }: UnsavedChangesGuardProps) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      when && !leavingRef.current && currentLocation.pathname !== nextLocation.pathname,
    [when, leavingRef],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leavingRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when, leavingRef]);

  const blocked = blocker.state === 'blocked';
  return (
    <Dialog
      open={blocked}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
    >
      <DialogContent
        title="Leave without saving?"
        description="Your changes to this listing have not been saved. If you leave now, they will be lost."
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            Keep editing
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
