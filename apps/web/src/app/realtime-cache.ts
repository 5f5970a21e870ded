// Loaded once a member is signed in (app/realtime-sync.ts): not part of any page's first load.
import type { NotificationDto, NotificationListDto, PresenceDto, UnreadCountsDto } from '@castline/shared';
import { NOTIFICATION_LIMITS } from '@castline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { alertKeys } from '../features/alerts';
import { storeMessage, storeMessagesRead, messagingKeys, typingStore } from '../features/messaging';
import { notificationKeys, unreadKey } from '../lib/notification-keys';
import { offerKeys } from '../features/offers';
import { orderChangeKeys } from '../features/orders';
import { presenceKeys } from '../features/presence';
import type { RealtimeClient } from '../lib/realtime';
import { expireSession } from '../lib/api-client';

/** A new notification at the top of the cached list (latest 100), one more unread. */
export function withNotification(
  list: NotificationListDto | undefined,
  notification: NotificationDto,
): NotificationListDto | undefined {
  if (!list) return list;
  if (list.items.some((item) => item.id === notification.id)) return list;
  return {
    items: [notification, ...list.items].slice(0, NOTIFICATION_LIMITS.fetched),
    unread_count: list.unread_count + (notification.read ? 0 : 1),
  };
}

/** What the cache must fetch again after the connection was down: everything events would have changed. */
export function catchUp(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    queryClient.invalidateQueries({ queryKey: unreadKey }),
    queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  ]);
}

/**
 * Writes realtime events straight into the query cache for the signed-in member `viewerId`, and
 * catches up after every reconnect. Returns the function that stops it.
 */
export function connectRealtimeToCache(
  client: RealtimeClient,
  queryClient: QueryClient,
  viewerId: string,
): () => void {
  const stops = [
    client.onReconnect(() => void catchUp(queryClient)),
    // The socket opens after the page asked for its counts: what arrived in between is counted.
    client.onOpen(({ reconnected }) => {
      if (!reconnected) void queryClient.invalidateQueries({ queryKey: unreadKey });
    }),
    client.subscribe('message.created', ({ message }) => {
      storeMessage(queryClient, message, viewerId);
      if (message.sender_id !== viewerId) typingStore.set(message.sender_id, false);
    }),
    client.subscribe('messages.read', (event) => {
      storeMessagesRead(
        queryClient,
        { readerId: event.reader_id, senderId: event.sender_id, readAt: event.read_at },
        viewerId,
      );
    }),
    client.subscribe('unread.changed', ({ unread }) => {
      queryClient.setQueryData<UnreadCountsDto>(unreadKey, unread);
    }),
    client.subscribe('notification.created', ({ notification }) => {
      queryClient.setQueryData<NotificationListDto>(notificationKeys.list(), (list) =>
        withNotification(list, notification),
      );
      // Other views of notifications (the page's tabs, filters) fetch again.
      void queryClient.invalidateQueries({
        queryKey: notificationKeys.all,
        predicate: (query) => query.queryKey[1] !== notificationKeys.list()[1],
      });
      if (notification.type === 'PRODUCT_ALERT')
        void queryClient.invalidateQueries({ queryKey: alertKeys.all });
    }),
    client.subscribe('notifications.changed', () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    }),
    client.subscribe('offer.changed', () => {
      void queryClient.invalidateQueries({ queryKey: offerKeys.all });
    }),
    // An order moved (either side): its page, the Purchases / Sales lists and the listing it holds.
    client.subscribe('order.changed', (event) => {
      for (const queryKey of orderChangeKeys(event)) void queryClient.invalidateQueries({ queryKey });
    }),
    client.subscribe('presence', ({ presence }) => {
      queryClient.setQueryData<PresenceDto>(presenceKeys.member(presence.user_id), presence);
    }),
    client.subscribe('typing', ({ user_id, typing }) => {
      typingStore.set(user_id, typing);
    }),
    // This tab's session ended elsewhere (signed out in another tab, ended from another device or
    // by staff, password changed or reset, expired, ban, account deleted): sign out now and show
    // why in the banner. The server closes the socket right after.
    client.subscribe('session.ended', ({ message }) => {
      expireSession(message, 'authError');
    }),
  ];
  return () => {
    for (const stop of stops) stop();
    typingStore.clear();
  };
}
