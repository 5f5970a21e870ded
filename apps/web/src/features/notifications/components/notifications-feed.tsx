import type { NotificationDto, NotificationTabId } from '@castline/shared';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { notificationsInTab } from '../api/notification-view';
import { useNotifications } from '../api/notifications.api';
import { NotificationList, NotificationListSkeleton } from './notification-list';

interface NotificationsFeedProps {
  /** Which notifications: all of them, or one tab's types. */
  tab: NotificationTabId;
  /** The signed-in member. */
  viewerId: string;
  /** Names the list for screen readers. */
  label: string;
  /** What shows when there is nothing (the spec's empty text, and what will appear). */
  empty: ReactNode;
  /** Where a notification leads; the spec's rules by default. */
  hrefOf?: (notification: NotificationDto) => string;
}

/**
 * The member's latest notifications (of one tab) with their actions: a skeleton while they load,
 * the reason and a retry when they cannot, `empty` when there are none.
 */
export function NotificationsFeed({ tab, viewerId, label, empty, hrefOf }: NotificationsFeedProps) {
  const list = useNotifications();

  if (list.isPending) return <NotificationListSkeleton />;
  if (list.isError) {
    return (
      <Alert tone="error">
        <p>{errorMessage(list.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const items = notificationsInTab(list.data.items, tab);
  if (items.length === 0) return empty;
  return <NotificationList items={items} viewerId={viewerId} label={label} {...(hrefOf ? { hrefOf } : {})} />;
}
