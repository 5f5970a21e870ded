import type { NotificationDto, NotificationGroup } from '@castline/shared';
import { groupNotifications, notificationHref } from '@castline/shared';
import { Check, Trash2 } from 'lucide-react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { Skeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useNotificationActions } from '../api/use-notification-actions';
import { NotificationIcon } from './notification-icon';
import { NotificationListingPreview } from './notification-listing-preview';

interface NotificationListProps {
  items: readonly NotificationDto[];
  /** The signed-in member (the fallback link of a notification is their profile). */
  viewerId: string;
  /** Names the list for screen readers ("All notifications"). */
  label: string;
  /** Where a notification leads; the spec's rules (notificationHref) by default. */
  hrefOf?: (notification: NotificationDto) => string;
}

/**
 * Notifications as a list, those of one kind on one thing as one entry ("3 new replies in …"):
 * each links where it is about (and is marked read on the way, the whole group with it), with
 * 'Mark read' while unread and 'Delete'.
 */
export function NotificationList({ items, viewerId, label, hrefOf }: NotificationListProps) {
  const actions = useNotificationActions();
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {groupNotifications(items).map((group) => (
        <NotificationRow
          key={group.key}
          group={group}
          href={hrefOf ? hrefOf(group.latest) : notificationHref(group.latest, viewerId)}
          onOpen={() => actions.markGroupRead(group)}
          onMarkRead={() => actions.markGroupRead(group)}
          onDelete={() => actions.removeGroup(group)}
        />
      ))}
    </ul>
  );
}

interface NotificationRowProps {
  group: NotificationGroup<NotificationDto>;
  href: string;
  onOpen: () => void;
  onMarkRead: () => void;
  onDelete: () => void;
}

function NotificationRow({ group, href, onOpen, onMarkRead, onDelete }: NotificationRowProps) {
  const { latest, read, summary, items } = group;
  const { title, created_at, type } = latest;
  const grouped = items.length > 1;
  return (
    <li
      className={cn(
        'relative flex items-start gap-3 rounded-xl border p-3 transition-colors sm:p-4',
        'has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring',
        read ? 'border-line bg-surface' : 'border-brand/30 bg-brand-soft/50',
      )}
    >
      <NotificationIcon type={type} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={href}
          onClick={onOpen}
          className="rounded-sm after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
        >
          <span className={cn('block break-words text-ink', read ? 'font-medium' : 'font-semibold')}>
            {grouped ? summary : title}
          </span>
          <span className="block text-sm break-words text-ink-muted">
            {grouped ? `Latest: ${latest.message}` : latest.message}
          </span>
        </Link>
        <NotificationListingPreview notification={latest} />
        <p className="flex items-center gap-2 text-xs text-ink-muted">
          {!read && (
            <span className="inline-flex items-center gap-1 font-semibold text-brand">
              <span aria-hidden="true" className="size-2 rounded-full bg-cta" />
              {grouped && group.unread > 1 ? `${group.unread} unread` : 'Unread'}
            </span>
          )}
          <time dateTime={created_at} title={formatDateTime(created_at)}>
            {formatRelativeTime(created_at)}
          </time>
        </p>
      </div>
      <div className="relative z-10 flex shrink-0 flex-col gap-1 sm:flex-row">
        {!read && (
          <Button variant="ghost" size="sm" onClick={onMarkRead} className="px-2 sm:px-3">
            <Check aria-hidden="true" size={16} />
            <span className="sr-only sm:not-sr-only">Mark read</span>
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          className="px-2 text-ink-muted hover:bg-danger-soft hover:text-danger sm:px-3"
        >
          <Trash2 aria-hidden="true" size={16} />
          <span className="sr-only sm:not-sr-only">Delete</span>
        </Button>
      </div>
    </li>
  );
}

/** The outline of a few notifications while the list loads. */
export function NotificationListSkeleton({ label = 'Loading notifications', rows = 4 }) {
  return (
    <LoadingSkeleton label={label} className="flex flex-col gap-2">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-start gap-3 rounded-xl border border-line bg-surface p-4">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-3/4" />
            <Skeleton className="h-3 w-16" />
          </div>
        </div>
      ))}
    </LoadingSkeleton>
  );
}
