import type { NotificationDto, NotificationGroup } from '@castline/shared';
import { useCallback } from 'react';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import {
  markReadFailureMessage,
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useMarkNotificationsRead,
} from './notifications.api';

/**
 * The member's actions on notifications, with a toast when one fails (a product alert that cannot
 * be marked says 'Failed to mark product alert as read').
 */
export function useNotificationActions() {
  const toast = useToast();
  const markReadMutation = useMarkNotificationRead();
  const markAllMutation = useMarkAllNotificationsRead();
  const deleteMutation = useDeleteNotification();
  const markManyMutation = useMarkNotificationsRead();
  // mutateAsync: the failure still reaches the toast when the page was left in the meantime (a
  // clicked notification navigates at once).
  const { mutateAsync: markReadNow } = markReadMutation;
  const { mutateAsync: markAllNow } = markAllMutation;
  const { mutateAsync: deleteNow } = deleteMutation;
  const { mutateAsync: markManyNow } = markManyMutation;
  const { show } = toast;

  const markRead = useCallback(
    (notification: NotificationDto) => {
      if (notification.read) return;
      markReadNow({ id: notification.id, type: notification.type }).catch((error: unknown) =>
        show(markReadFailureMessage(notification, error), { tone: 'error' }),
      );
    },
    [markReadNow, show],
  );

  const markAllRead = useCallback(() => {
    markAllNow().catch((error: unknown) => show(errorMessage(error), { tone: 'error' }));
  }, [markAllNow, show]);

  const remove = useCallback(
    (notification: NotificationDto) => {
      deleteNow({ id: notification.id }).catch((error: unknown) =>
        show(errorMessage(error), { tone: 'error' }),
      );
    },
    [deleteNow, show],
  );

  /** A group shown as one entry: every unread notification of it is marked read together. */
  const markGroupRead = useCallback(
    (group: NotificationGroup<NotificationDto>) => {
      const unread = group.items.filter((item) => !item.read);
      if (unread.length === 0) return;
      if (unread.length === 1) return markRead(unread[0]!);
      markManyNow(unread.map((item) => item.id)).catch((error: unknown) =>
        show(markReadFailureMessage(group.latest, error), { tone: 'error' }),
      );
    },
    [markRead, markManyNow, show],
  );

  /** Deletes every notification of a group. */
  const removeGroup = useCallback(
    (group: NotificationGroup<NotificationDto>) => {
      for (const item of group.items) remove(item);
    },
    [remove],
  );

  return { markRead, markGroupRead, markAllRead, remove, removeGroup, markingAll: markAllMutation.isPending };
}
