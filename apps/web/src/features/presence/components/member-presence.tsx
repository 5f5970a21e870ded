import { lazy, Suspense } from 'react';
import { useSession } from '../../../lib/session';

/*
 * Presence is shown to signed-in members only (usePresence asks nothing for a guest), so its code
 * loads for them alone: a guest's listing, topic or profile page never fetches it. Until it has
 * loaded, nothing is drawn, as while a member's presence is not yet known.
 */

interface PresenceProps {
  userId: string;
  className?: string;
}

type PresencePart = 'label' | 'dot';

/*
 * One lazy component for both parts, so that a page showing a label and a dot draws them
 * together once the module has loaded (two lazy components would each resolve on their own).
 */
const Presence = lazy(() =>
  import('./presence-label').then(({ PresenceLabel, PresenceDot }) => ({
    default: ({ part, ...props }: PresenceProps & { part: PresencePart }) =>
      part === 'label' ? <PresenceLabel {...props} /> : <PresenceDot {...props} />,
  })),
);

/** A presence part drawn for signed-in viewers only, its code loaded for them on first use. */
function forMembers(part: PresencePart) {
  return function MemberPresence(props: PresenceProps) {
    const session = useSession();
    if (!session.data?.user) return null;
    return (
      <Suspense fallback={null}>
        <Presence part={part} {...props} />
      </Suspense>
    );
  };
}

/** "Online", "Away" or "Last seen 5 minutes ago" (presence-label.tsx), for signed-in viewers. */
export const PresenceLabel = forMembers('label');

/** A member's status dot for their avatar (presence-label.tsx), for signed-in viewers. */
export const PresenceDot = forMembers('dot');
