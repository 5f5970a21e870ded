import type { ComponentType } from 'react';
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

/** A presence part drawn for signed-in viewers only, its code loaded for them on first use. */
function forMembers(Part: ComponentType<PresenceProps>) {
  return function MemberPresence(props: PresenceProps) {
    const session = useSession();
    if (!session.data?.user) return null;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/** "Online", "Away" or "Last seen 5 minutes ago" (presence-label.tsx), for signed-in viewers. */
export const PresenceLabel = forMembers(Label);

/** A member's status dot for their avatar (presence-label.tsx), for signed-in viewers. */
export const PresenceDot = forMembers(Dot);
