import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { NotificationData, NotificationDto, NotificationType, UnreadCountsDto } from '@castline/shared';
import {
  conversationIdFor,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
  NotificationData as NotificationDataShape,
  wantsNotification,
} from '@castline/shared';
import { preparedPerExecutor, type Executor } from '../../db/client.js';
import { messages, notifications, profiles } from '../../db/schema/index.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { notificationPreferencesOf } from './notification-preferences.js';

/** A notification to write, in the spec's shape (001 §3). */
export interface NotificationInsert {
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  data: NotificationData;
}

export type NotificationRow = typeof notifications.$inferSelect;

/** A NEW_MESSAGE notification quotes at most this many characters of the message. */
export const MESSAGE_PREVIEW_CHARS = 100;

/** The message's first 100 characters, with an ellipsis when it is longer. */
export function messagePreview(content: string): string {
  const chars = Array.from(content);
  return chars.length > MESSAGE_PREVIEW_CHARS
    ? `${chars.slice(0, MESSAGE_PREVIEW_CHARS).join('')}…`
    : content;
}

/** The NEW_MESSAGE notification for a message's recipient (spec 001 §3 data fields). */
export function newMessageNotification(
  message: { id: string; sender_id: string; recipient_id: string; content: string },
  sender: { username: string; avatar_url: string | null },
): NotificationInsert {
  const preview = messagePreview(message.content);
  return {
    user_id: message.recipient_id,
    type: 'NEW_MESSAGE',
    title: NOTIFICATION_MESSAGES.newMessageTitle,
    message: `${sender.username}: ${preview}`,
    data: {
      messageId: message.id,
      senderId: message.sender_id,
      senderName: sender.username,
      senderAvatar: sender.avatar_url,
      messageContent: preview,
      conversationId: conversationIdFor(message.sender_id, message.recipient_id),
    },
  };
}

export function presentNotification(row: NotificationRow): NotificationDto {
  const data = NotificationDataShape.safeParse(row.data);
  return {
    id: row.id,
    user_id: row.user_id,
    type: (NOTIFICATION_TYPES as readonly string[]).includes(row.type)
      ? (row.type as NotificationType)
      : 'NEW_MESSAGE',
    title: row.title,
    message: row.message,
    data: data.success ? data.data : {},
    read: row.read,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Writes notifications inside the caller's transaction and returns them presented; the caller
 * pushes them with `publishNotifications` once the transaction has committed. This is where the
 * members' in-app preferences hold: a row of a category its member turned off in the app is not
 * written (every type has its category: NOTIFICATION_CATEGORY_OF in packages/shared).
 */
export async function insertNotifications(
  executor: Executor,
  rows: NotificationInsert[],
): Promise<NotificationDto[]> {
  if (rows.length === 0) return [];
  const preferences = await notificationPreferencesOf(
    executor,
    rows.map((row) => row.user_id),
  );
  const wanted = rows.filter((row) => {
    const member = preferences.get(row.user_id);
    return !member || wantsNotification(member, row.type, 'in_app');
  });
  if (wanted.length === 0) return [];
  const inserted = await executor.insert(notifications).values(wanted).returning();
  return inserted.map(presentNotification);
}

/*
 * Read after every message and notification: a prepared statement (one round trip, planned once
 * per pooled connection).
 */
const unreadCountsStatement = preparedPerExecutor((executor) => {
  const userId = sql.placeholder('user');
  const unreadMessages = executor
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.recipient_id, userId),
        eq(messages.read, false),
        ne(messages.moderation_status, 'hidden'),
      ),
    );
  const unreadNotifications = executor
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), sql`${notifications.read} = false`));
  // Both counts in one statement (one round trip), read on the member's profile row.
  return executor
    .select({
      messages: sql<number>`(${unreadMessages})`.mapWith(Number),
      notifications: sql<number>`(${unreadNotifications})`.mapWith(Number),
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .prepare('unread_counts');
});

/** The member's unread message and notification totals (the header and menu badges). */
export async function unreadCounts(executor: Executor, userId: string): Promise<UnreadCountsDto> {
  const [row] = await unreadCountsStatement(executor).execute({ user: userId });
  return { messages: row?.messages ?? 0, notifications: row?.notifications ?? 0 };
}

/** Pushes new notifications and each recipient's new unread totals (after commit). */
export async function publishNotifications(
  realtime: RealtimePublisher,
  executor: Executor,
  created: NotificationDto[],
): Promise<void> {
  for (const notification of created) {
    realtime.toUser(notification.user_id, { type: 'notification.created', notification });
  }
  for (const userId of new Set(created.map((n) => n.user_id))) {
    realtime.toUser(userId, { type: 'unread.changed', unread: await unreadCounts(executor, userId) });
  }
}
