import type { NotificationDto, NotificationGroup, NotificationTabId } from '@castline/shared';
import { NOTIFICATION_TABS, notificationHref } from '@castline/shared';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { CheckCheck } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Link } from '../../../lib/router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  useFirstOpenFocus,
} from '../../../components/ui/dropdown-menu';
import type { LayerOpenedWith } from '../../../components/ui/lazy-layer';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { dropdownGroups, emptyTextOf } from '../api/notification-view';
import { useNotifications } from '../api/notifications.api';
import { useUnreadCounts } from '../api/unread';
import { useNotificationActions } from '../api/use-notification-actions';
import { NotificationIcon } from './notification-icon';
import { NotificationListingPreview } from './notification-listing-preview';
import { BELL_TRIGGER_CLASS, BellFace, bellLabel } from './notifications-menu';

/** The bell's menu itself, loaded on first use and mounted open (see NotificationsMenu). */
export function NotificationsDropdown({ openedWith }: { openedWith: LayerOpenedWith }) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const viewerId = session.data?.user?.id ?? '';
  // Mounted closed, and opened as soon as its trigger is in the page (before the first paint), as a
  // click on a menu that was already there: the list's query starts with the opening, not with the
  // mount (a query enabled at mount would be fetched twice under StrictMode).
  const [open, setOpen] = useState(false);
  const openOnAttach = useCallback((trigger: HTMLButtonElement | null) => {
    if (trigger) setOpen(true);
  }, []);
  const headingId = useId();
  const [tab, setTab] = useState<NotificationTabId>('all');
  const unreadCounts = useUnreadCounts(signedIn);
  // The list loads when the menu first opens, and stays cached (stale after 60 s) after that.
  const list = useNotifications({ enabled: signedIn && open });
  const actions = useNotificationActions();
  const contentRef = useFirstOpenFocus(openedWith, open);

  if (!signedIn) return null;

  const unread = unreadCounts.data?.notifications ?? list.data?.unread_count ?? 0;
  const listUnread = list.data?.unread_count ?? unread;
  const items = list.data ? dropdownGroups(list.data.items, tab) : [];

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger ref={openOnAttach} aria-label={bellLabel(unread)} className={BELL_TRIGGER_CLASS}>
        <BellFace unread={unread} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        aria-labelledby={headingId}
        collisionPadding={12}
        ref={contentRef}
        className="flex max-h-[min(34rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1.5rem))] flex-col overflow-hidden p-0"
      >
        <div className="flex items-center justify-between gap-2 border-b border-line py-1.5 pr-1.5 pl-4">
          <p id={headingId} className="text-sm font-semibold text-ink">
            Notifications
          </p>
          <DropdownMenuItem
            disabled={listUnread === 0 || actions.markingAll}
            onSelect={(event) => {
              event.preventDefault();
              actions.markAllRead();
            }}
            className="w-auto gap-1.5 px-2.5 py-1.5 text-xs text-brand data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50"
          >
            <CheckCheck aria-hidden="true" size={14} />
            Mark all read
          </DropdownMenuItem>
        </div>

        <RadixMenu.RadioGroup
          aria-label="Notification types"
          value={tab}
          onValueChange={(value) => setTab(value as NotificationTabId)}
          className="flex gap-1 overflow-x-auto border-b border-line px-2 py-1.5"
        >
          {NOTIFICATION_TABS.map((entry) => (
            <RadixMenu.RadioItem
              key={entry.id}
              value={entry.id}
              onSelect={(event) => event.preventDefault()}
              className={cn(
                'cursor-pointer rounded-md px-2.5 py-1.5 text-xs font-semibold whitespace-nowrap outline-none select-none',
                'data-[highlighted]:bg-brand-soft data-[state=checked]:bg-brand data-[state=checked]:text-white',
                'text-ink-muted data-[highlighted]:text-brand data-[state=checked]:data-[highlighted]:text-white',
              )}
            >
              {entry.label}
            </RadixMenu.RadioItem>
          ))}
        </RadixMenu.RadioGroup>

        <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
          {list.isPending ? (
            <LoadingSkeleton label="Loading notifications" className="flex flex-col gap-1">
              {[0, 1, 2].map((index) => (
                <div key={index} className="flex items-start gap-3 px-3 py-2.5">
                  <Skeleton className="size-9 rounded-full" />
                  <div className="flex flex-1 flex-col gap-2">
                    <Skeleton className="h-3.5 w-1/3" />
                    <Skeleton className="h-3 w-3/4" />
                  </div>
                </div>
              ))}
            </LoadingSkeleton>
          ) : list.isError ? (
            <div className="flex flex-col items-start gap-2 px-3 py-4">
              <p role="alert" className="text-sm text-danger">
                {errorMessage(list.error)}
              </p>
              <DropdownMenuItem
                onSelect={(event) => {
                  event.preventDefault();
                  void list.refetch();
                }}
                className="w-auto px-2.5 py-1.5 text-brand"
              >
                Try again
              </DropdownMenuItem>
            </div>
          ) : items.length === 0 ? (
            <p className="px-3 py-8 text-center text-sm text-ink-muted">{emptyTextOf(tab)}</p>
          ) : (
            items.map((group) => (
              <NotificationMenuItem
                key={group.key}
                group={group}
                href={notificationHref(group.latest, viewerId)}
                onSelect={() => actions.markGroupRead(group)}
              />
            ))
          )}
        </div>

        <DropdownMenuSeparator />
        <div className="px-1.5 pb-1.5">
          <DropdownMenuItem asChild className="justify-center text-brand">
            <Link to={tab === 'all' ? '/notifications' : `/notifications?tab=${tab}`}>See all</Link>
          </DropdownMenuItem>
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function NotificationMenuItem({
  group,
  href,
  onSelect,
}: {
  group: NotificationGroup<NotificationDto>;
  href: string;
  onSelect: () => void;
}) {
  const { latest, read, summary, items } = group;
  const { title, message, created_at, type } = latest;
  const grouped = items.length > 1;
  return (
    <DropdownMenuItem asChild onSelect={onSelect} className="items-start gap-3 py-2.5">
      <Link to={href}>
        <NotificationIcon type={type} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={cn('break-words text-ink', read ? 'font-medium' : 'font-semibold')}>
            {grouped ? summary : title}
          </span>
          <span className="line-clamp-2 text-xs font-normal break-words text-ink-muted">{message}</span>
          <NotificationListingPreview notification={latest} />
          <time
            dateTime={created_at}
            title={formatDateTime(created_at)}
            className="text-xs font-normal text-ink-muted"
          >
            {formatRelativeTime(created_at)}
          </time>
        </span>
        {!read && (
          <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-cta">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </Link>
    </DropdownMenuItem>
  );
}
