import { lazy, Suspense } from 'react';
import { useSession } from '../../../lib/session';

/*
 * Presence is shown to signed-in members only (usePresence asks nothing for a guest), so its code
 * loads for them alone: a guest's listing, topic or profile page never fetches it. Until it has
 * loaded, nothing is drawn, as while a member's presence is not yet known.
 */

const loadPresence = () => import('./presence-label');
const Label = lazy(() => loadPresence().then((module) => ({ default: module.PresenceLabel })));
const Dot = lazy(() => loadPresence().then((module) => ({ default: module.PresenceDot })));

interface PresenceProps {
  userId: string;
  className?: string;
}

/** "Online", "Away" or "Last seen 5 minutes ago" (presence-label.tsx), for signed-in viewers. */
export function PresenceLabel(props: PresenceProps) {
  const session = useSession();
  if (!session.data?.user) return null;
  return (
    <Suspense fallback={null}>
      <Label {...props} />
    </Suspense>
  );
}

/** A member's status dot for their avatar (presence-label.tsx), for signed-in viewers. */
export function PresenceDot(props: PresenceProps) {
  const session = useSession();
  if (!session.data?.user) return null;
  return (
    <Suspense fallback={null}>
      <Dot {...props} />
    </Suspense>
  );
}
