// Plain values only (no zod): the notification lists and the daily digest read these.
import type { NotificationData, NotificationType } from './notifications.schemas.js';

/** What grouping reads of a notification. */
export interface GroupableNotification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  data: NotificationData;
  read: boolean;
  created_at: string;
}

/** Notifications of one kind on one thing, newest first, shown as one entry. */
export interface NotificationGroup<T extends GroupableNotification = GroupableNotification> {
  /** The kind and the thing ("REPLY:<post id>"), or the notification's own id when it stands alone. */
  key: string;
  /** The newest of the group: its type, link and time stand for the group. */
  latest: T;
  items: T[];
  /** Read when every one of them is. */
  read: boolean;
  unread: number;
  /** "3 new replies in …" for a group of several; the newest one's message for one. */
  summary: string;
}

/** The thing a notification of a groupable kind is about, or null when it stands alone. */
function thingOf(notification: GroupableNotification): string | null {
  const { data } = notification;
  switch (notification.type) {
    case 'NEW_MESSAGE':
      return data.senderId ?? null;
    case 'REPLY':
    case 'QUOTE':
    case 'MENTION':
    case 'WATCHED_TOPIC':
      return data.postId ?? null;
    case 'OFFER_RECEIVED':
    case 'NEW_OFFER':
      return data.productId ?? data.product_id ?? null;
    case 'ORDER_UPDATE':
      return data.orderId ?? null;
    default:
      return null;
  }
}

export function notificationGroupKey(notification: GroupableNotification): string {
  const thing = thingOf(notification);
  return thing ? `${notification.type}:${thing}` : notification.id;
}

/** The words for `count` notifications of one kind on one thing. */
export function notificationGroupSummary(notification: GroupableNotification, count: number): string {
  if (count < 2) return notification.message;
  const { data } = notification;
  const topic = data.postTitle ? `“${data.postTitle}”` : 'a topic';
  const item = data.productName ? `“${data.productName}”` : 'your listing';
  switch (notification.type) {
    case 'NEW_MESSAGE':
      return `${count} new messages from ${data.senderName ?? 'a member'}`;
    case 'REPLY':
      return `${count} new replies in ${topic}`;
    case 'QUOTE':
      return `${count} new quotes of you in ${topic}`;
    case 'MENTION':
      return `${count} new mentions of you in ${topic}`;
    case 'WATCHED_TOPIC':
      return `${count} new comments in ${topic}`;
    case 'OFFER_RECEIVED':
    case 'NEW_OFFER':
      return `${count} new offers on ${item}`;
    case 'ORDER_UPDATE':
      return `${count} updates on your order of ${item}`;
    default:
      return notification.message;
  }
}

/**
 * Groups notifications (newest first) of the same kind on the same thing: one entry each, at the
 * place of its newest notification.
 */
export function groupNotifications<T extends GroupableNotification>(
  notifications: readonly T[],
): NotificationGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const notification of notifications) {
    const key = notificationGroupKey(notification);
    const items = groups.get(key);
    if (items) items.push(notification);
    else groups.set(key, [notification]);
  }
  return [...groups.entries()].map(([key, items]) => {
    const latest = items[0]!;
    const unread = items.filter((item) => !item.read).length;
    return {
      key,
      latest,
      items,
      read: unread === 0,
      unread,
      summary: notificationGroupSummary(latest, items.length),
    };
  });
}
