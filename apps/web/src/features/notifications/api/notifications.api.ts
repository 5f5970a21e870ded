import type {
  NotificationDto,
  NotificationDto as NotificationDtoType,
  NotificationListDto,
  NotificationListDto as NotificationList,
  SyncNotificationsDto,
  UnreadCountsDto,
} from '@castline/shared';
import { NOTIFICATION_LIMITS, NOTIFICATION_MESSAGES } from '@castline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { alertKeys } from '../../alerts';
import { notificationKeys, unreadKey } from '../../../lib/notification-keys';

/** When each query client (one per app, one per test) last asked the server to sync. */
const lastSyncAt = new WeakMap<QueryClient, number>();

/**
 * Spec 001 §4 sync: creates the notifications missing for unread messages and alert matches. Asked
 * for at most every 30 s (NOTIFICATION_LIMITS.syncIntervalMs); a failed sync never stops the list.
 */
async function syncWhenDue(queryClient: QueryClient, now = Date.now()): Promise<void> {
  const last = lastSyncAt.get(queryClient);
  if (last !== undefined && now - last < NOTIFICATION_LIMITS.syncIntervalMs) return;
  lastSyncAt.set(queryClient, now);
  try {
    const { created } = await api.post<SyncNotificationsDto>('/api/notifications/sync');
    if (created > 0) void queryClient.invalidateQueries({ queryKey: unreadKey });
  } catch {
    // The list is still worth showing; the next load tries again.
  }
}

/** GET /api/notifications: the latest 100, newest first, and the unread count (stale after 60 s). */
export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: async ({ signal }) => {
      await syncWhenDue(queryClient);
      return api.get<NotificationListDto>('/api/notifications', signal);
    },
    staleTime: NOTIFICATION_LIMITS.staleMs,
    enabled,
  });
}

interface ListSnapshot {
  previous: NotificationList | undefined;
  previousUnread: UnreadCountsDto | undefined;
}

/**
 * Cancels list fetches in flight, keeps the list and the unread totals as they were, and writes
 * `change` into the cache; the badge follows the list's new unread count at once.
 */
async function changeList(
  queryClient: QueryClient,
  change: (list: NotificationList) => NotificationList,
): Promise<ListSnapshot> {
  await queryClient.cancelQueries({ queryKey: notificationKeys.list(), exact: true });
  const previous = queryClient.getQueryData<NotificationList>(notificationKeys.list());
  const previousUnread = queryClient.getQueryData<UnreadCountsDto>(unreadKey);
  if (previous) {
    const next = change(previous);
    queryClient.setQueryData<NotificationList>(notificationKeys.list(), next);
    const drop = previous.unread_count - next.unread_count;
    if (previousUnread && drop > 0) {
      queryClient.setQueryData<UnreadCountsDto>(unreadKey, {
        ...previousUnread,
        notifications: Math.max(0, previousUnread.notifications - drop),
      });
    }
  }
  return { previous, previousUnread };
}

function restoreList(queryClient: QueryClient, snapshot: ListSnapshot | undefined) {
  if (snapshot?.previous) queryClient.setQueryData(notificationKeys.list(), snapshot.previous);
  if (snapshot?.previousUnread) queryClient.setQueryData(unreadKey, snapshot.previousUnread);
}

/** The list with one notification marked read and the unread count moved to match. */
export function withNotificationRead(list: NotificationList, id: string): NotificationList {
  const target = list.items.find((item) => item.id === id);
  if (!target || target.read) return list;
  return {
    items: list.items.map((item) => (item.id === id ? { ...item, read: true } : item)),
    unread_count: Math.max(0, list.unread_count - 1),
  };
}

/** The list without one notification. */
export function withoutNotification(list: NotificationList, id: string): NotificationList {
  const target = list.items.find((item) => item.id === id);
  if (!target) return list;
  return {
    items: list.items.filter((item) => item.id !== id),
    unread_count: target.read ? list.unread_count : Math.max(0, list.unread_count - 1),
  };
}

/** The list with every notification read. */
export function withAllRead(list: NotificationList): NotificationList {
  return { items: list.items.map((item) => (item.read ? item : { ...item, read: true })), unread_count: 0 };
}

/** What to tell the member when marking one notification read failed (spec 001 §8 for alerts). */
export function markReadFailureMessage(notification: Pick<NotificationDtoType, 'type'>, error: unknown) {
  return notification.type === 'PRODUCT_ALERT' ? NOTIFICATION_MESSAGES.markAlertFailed : errorMessage(error);
}

/**
 * POST /api/notifications/:id/read: shown read at once, put back on failure. Marking a message
 * notification also marks the message, an alert notification its match, so those lists refresh.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation<NotificationDtoType, Error, Pick<NotificationDtoType, 'id' | 'type'>, ListSnapshot>({
    mutationFn: ({ id }) => api.post<NotificationDto>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onMutate: ({ id }) => changeList(queryClient, (list) => withNotificationRead(list, id)),
    onError: (_error, _variables, snapshot) => restoreList(queryClient, snapshot),
    onSuccess: (notification) => {
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), (list) => {
        if (!list) return list;
        const items = list.items.map((item) => (item.id === notification.id ? notification : item));
        return { ...list, items };
      });
      if (notification.type === 'PRODUCT_ALERT')
        void queryClient.invalidateQueries({ queryKey: alertKeys.all });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: unreadKey }),
  });
}

/** The list with these notifications marked read and the unread count moved to match. */
export function withNotificationsRead(list: NotificationList, ids: readonly string[]): NotificationList {
  const marked = new Set(ids);
  const newlyRead = list.items.filter((item) => marked.has(item.id) && !item.read).length;
  if (newlyRead === 0) return list;
  return {
    items: list.items.map((item) => (marked.has(item.id) && !item.read ? { ...item, read: true } : item)),
    unread_count: Math.max(0, list.unread_count - newlyRead),
  };
}

/**
 * POST /api/notifications/read: a group's notifications read at once (all or none), put back on
 * failure; answers the new totals. Their messages and alert matches are read with them.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation<UnreadCountsDto, Error, readonly string[], ListSnapshot>({
    mutationFn: (ids) => api.post<UnreadCountsDto>('/api/notifications/read', { ids }),
    onMutate: (ids) => changeList(queryClient, (list) => withNotificationsRead(list, ids)),
    onError: (_error, _variables, snapshot) => restoreList(queryClient, snapshot),
    onSuccess: (counts) => {
      queryClient.setQueryData<UnreadCountsDto>(unreadKey, counts);
      void queryClient.invalidateQueries({ queryKey: alertKeys.all });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: unreadKey }),
  });
}

/** POST /api/notifications/read-all: every notification read at once; answers the new totals. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation<UnreadCountsDto, Error, void, ListSnapshot>({
    mutationFn: () => api.post<UnreadCountsDto>('/api/notifications/read-all'),
    onMutate: () => changeList(queryClient, withAllRead),
    onError: (_error, _variables, snapshot) => restoreList(queryClient, snapshot),
    onSuccess: (counts) => {
      queryClient.setQueryData<UnreadCountsDto>(unreadKey, counts);
      void queryClient.invalidateQueries({ queryKey: alertKeys.all });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: unreadKey }),
  });
}

/** DELETE /api/notifications/:id (204): gone from the list at once, back on failure. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, Pick<NotificationDtoType, 'id'>, ListSnapshot>({
    mutationFn: ({ id }) => api.delete(`/api/notifications/${encodeURIComponent(id)}`),
    onMutate: ({ id }) => changeList(queryClient, (list) => withoutNotification(list, id)),
    onError: (_error, _variables, snapshot) => restoreList(queryClient, snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unreadKey }),
  });
}
