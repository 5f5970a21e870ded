import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { CountBadge, formatBadgeCount } from '../../../components/ui/badge';
import { lazyNamed, useLazyLayer } from '../../../components/ui/lazy-layer';
import { useSession } from '../../../lib/session';
import { useUnreadCounts } from '../api/unread';

const loadDropdown = () => import('./notifications-dropdown');
const NotificationsDropdown = lazy(lazyNamed(loadDropdown, 'NotificationsDropdown'));

export const BELL_TRIGGER_CLASS =
  'relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-topbar-ink hover:bg-white/10 focus-visible:outline-topbar-ink data-[state=open]:bg-white/15 aria-busy:cursor-progress';

/**
 * "Notifications", "Notifications, 3 unread" or "Notifications, 9+ unread": the bell's name holds
 * the count its badge shows, so that what is seen is what a voice-control user says and what a
 * screen reader reads (WCAG 2.5.3).
 */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${formatBadgeCount(unread)} unread` : 'Notifications';
}

/** The bell icon and its unread count (9+ above 9). */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <Bell aria-hidden="true" size={20} />
      <CountBadge
        count={unread}
        label="unread notifications"
        className="pointer-events-none absolute top-0.5 right-0.5 h-4.5 min-w-4.5 px-1 text-[0.65rem] ring-2 ring-topbar"
      />
    </>
  );
}

/**
 * The header's bell: the unread count (9+ above 9) and a menu with the tabs All, Offers, Messages
 * and Alerts (5 per type), 'Mark all read' and 'See all'. Choosing a notification marks it read
 * and goes where it is about (spec 001 §4). Renders nothing for a guest. The bell is drawn at once;
 * the menu's code loads on the first hover, focus or opening.
 */
export function NotificationsMenu() {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const unreadCounts = useUnreadCounts(signedIn);
  const layer = useLazyLayer(loadDropdown, { arrowOpens: true });

  if (!signedIn) return null;

  const unread = unreadCounts.data?.notifications ?? 0;
  const standIn = (
    <button
      type="button"
      aria-label={bellLabel(unread)}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={BELL_TRIGGER_CLASS}
      {...layer.triggerProps}
    >
      <BellFace unread={unread} />
    </button>
  );
  return (
    <Suspense fallback={standIn}>
      {layer.openedWith ? <NotificationsDropdown openedWith={layer.openedWith} /> : standIn}
    </Suspense>
  );
}
