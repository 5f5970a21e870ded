import { MessageCircle } from 'lucide-react';
import { memo } from 'react';
import { Link } from '../../lib/router';
import { CountBadge, formatBadgeCount, UnreadDot } from '../../components/ui/badge';
import { useUnreadCounts } from '../../features/notifications';

type CountKind = 'messages' | 'notifications';

const COUNT_LABELS: Record<CountKind, string> = {
  messages: 'unread messages',
  notifications: 'unread notifications',
};

/*
 * These read the unread totals themselves and are memoised: a menu re-rendering (for instance
 * while signing out, after the cache was emptied) does not subscribe them to the totals again.
 */

/** The number of unread messages or notifications (9+ above 9); nothing at zero. */
export const UnreadCountBadge = memo(function UnreadCountBadge({
  kind,
  className,
}: {
  kind: CountKind;
  className?: string;
}) {
  const count = useUnreadCounts().data?.[kind] ?? 0;
  if (count <= 0) return null;
  // The space keeps the count a word of its own in the link's name ("Messages 3 unread messages").
  return (
    <>
      {' '}
      <CountBadge count={count} label={COUNT_LABELS[kind]} className={className} />
    </>
  );
});

/** A dot when there is anything unread of `kind` ('any': messages or notifications). */
export const UnreadIndicator = memo(function UnreadIndicator({
  kind,
  className,
}: {
  kind: CountKind | 'any';
  className?: string;
}) {
  const unread = useUnreadCounts().data;
  const count = !unread ? 0 : kind === 'any' ? unread.messages + unread.notifications : unread[kind];
  if (count <= 0) return null;
  return (
    <UnreadDot
      label={kind === 'any' ? ', unread messages or notifications' : `, ${COUNT_LABELS[kind]}`}
      className={className}
    />
  );
});

/** "Messages" or "Messages, 3 unread" (9+ above 9): the name says the count the badge shows. */
export function messagesLabel(unread: number): string {
  return unread > 0 ? `Messages, ${formatBadgeCount(unread)} unread` : 'Messages';
}

/** The Messages icon with the unread count (the total the avatar's dot reads) over its corner. */
export function MessagesFace({ unread }: { unread: number }) {
  return (
    <span className="relative inline-flex">
      <MessageCircle aria-hidden="true" size={22} />
      <CountBadge
        count={unread}
        label={COUNT_LABELS.messages}
        className="absolute -top-1.5 -right-2 h-4 min-w-4 px-1 text-[0.65rem]"
      />
    </span>
  );
}

/** The header's link to /messages, named with the unread count ("Messages, 3 unread"). */
export function HeaderMessagesLink({ className }: { className: string }) {
  const unread = useUnreadCounts().data?.messages ?? 0;
  return (
    <Link to="/messages" aria-label={messagesLabel(unread)} className={className}>
      <MessagesFace unread={unread} />
    </Link>
  );
}
