import type { RefObject } from 'react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { BlockerFunction } from '../../../../lib/router';
import { useBlocker } from '../../../../lib/router';
import { lazyNamed } from '../../../../components/ui/lazy-layer';

// The dialog (and the dialog library) loads the first time a member tries to leave with changes.
const LeaveDialog = lazy(lazyNamed(() => import('./leave-dialog'), 'LeaveDialog'));

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
  const [asked, setAsked] = useState(false);
  if (blocked && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <LeaveDialog open={blocked} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Suspense>
  );
}
