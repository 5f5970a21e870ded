import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_MESSAGES } from '@castline/shared';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { alertNotifications, messages, notifications, posts } from '../../db/schema/index.js';
import { wantsInAppSql } from './notification-preferences.js';
import { MESSAGE_PREVIEW_CHARS, type NotificationRow } from './notification-writer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function createNotificationsRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** The member's latest notifications, newest first. */
    async latest(userId: string, limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.user_id, userId))
        .orderBy(desc(notifications.created_at), desc(notifications.id))
        .limit(limit);
    },

    /** The titles of the forum posts named (uuid-shaped ids only). */
    async postTitles(ids: readonly string[]): Promise<Map<string, string>> {
      const valid = [...new Set(ids)].filter((id) => UUID.test(id));
      if (valid.length === 0) return new Map();
      const rows = await db
        .select({ id: posts.id, title: posts.title })
        .from(posts)
        .where(inArray(posts.id, valid));
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.user_id, userId), eq(notifications.read, false)));
      return row?.n ?? 0;
    },

    /** The member's own notification, locked for this transaction; null for anyone else's. */
    async findOwnForUpdate(tx: Transaction, id: string, userId: string): Promise<NotificationRow | null> {
      const [row] = await tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
        .for('update');
      return row ?? null;
    },

    async markRead(tx: Transaction, id: string): Promise<NotificationRow | null> {
      const [row] = await tx
        .update(notifications)
        .set({ read: true, updated_at: sql`now()` })
        .where(eq(notifications.id, id))
        .returning();
      return row ?? null;
    },

    /** The message a NEW_MESSAGE notification is about becomes read (only the recipient's own). */
    async markMessageRead(tx: Transaction, messageId: string, userId: string): Promise<number> {
      const rows = await tx
        .update(messages)
        .set({ read: true, read_at: sql`now()`, updated_at: sql`now()` })
        .where(and(eq(messages.id, messageId), eq(messages.recipient_id, userId), eq(messages.read, false)))
        .returning({ id: messages.id });
      return rows.length;
    },

    /**
     * The member's alert_notifications row becomes read, with their other matches of the same listing
     * (one notification speaks for the listing); false when there is no such row of theirs.
     */
    async markAlertMatchRead(tx: Transaction, alertNotificationId: string, userId: string): Promise<boolean> {
      const rows = await tx
        .update(alertNotifications)
        .set({ is_read: true })
        .where(
          and(
            eq(alertNotifications.user_id, userId),
            sql`${alertNotifications.product_id} = (
              select product_id from alert_notifications where id = ${alertNotificationId} and user_id = ${userId}
            )`,
          ),
        )
        .returning({ id: alertNotifications.id });
      return rows.length > 0;
    },

    async markAllRead(executor: Executor, userId: string): Promise<number> {
      const rows = await executor
        .update(notifications)
        .set({ read: true, updated_at: sql`now()` })
        .where(and(eq(notifications.user_id, userId), eq(notifications.read, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async deleteOwn(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    /**
     * Sync (spec 001 §4): a NEW_MESSAGE notification for each unread message to the member that
     * has none with its message id, and a PRODUCT_ALERT one ("{product} matches {alert}") for
     * each unread alert_notifications row that has none. One member's syncs run one at a time,
     * so that two tabs never write the same notification twice. Like the writer, it writes none of a
     * kind the member turned off in the app. Answers how many were written.
     */
    async sync(tx: Transaction, userId: string): Promise<number> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notifications-sync:${userId}`}))`);
      const preview = sql`case when char_length(m.content) > ${MESSAGE_PREVIEW_CHARS}
        then left(m.content, ${MESSAGE_PREVIEW_CHARS}) || '…' else m.content end`;
      const newMessages = await tx.execute(sql`
        insert into notifications (user_id, type, title, message, data)
        select
          m.recipient_id,
          'NEW_MESSAGE',
          ${NOTIFICATION_MESSAGES.newMessageTitle},
          s.username || ': ' || ${preview},
          jsonb_build_object(
            'messageId', m.id::text,
            'senderId', m.sender_id::text,
            'senderName', s.username,
            'senderAvatar', s.avatar_url,
            'messageContent', ${preview},
            'conversationId', case when m.sender_id < m.recipient_id
              then m.sender_id::text || '_' || m.recipient_id::text
              else m.recipient_id::text || '_' || m.sender_id::text end
          )
        from messages m
        join profiles s on s.id = m.sender_id
        where m.recipient_id = ${userId}
          and m.read = false
          and ${wantsInAppSql(sql`${userId}::uuid`, sql.raw(`'NEW_MESSAGE'`))}
          and not exists (
            select 1 from notifications n
            where n.user_id = ${userId} and n.type = 'NEW_MESSAGE' and n.data ->> 'messageId' = m.id::text
          )
        order by m.created_at, m.id
        returning id
      `);
      const alertMatches = await tx.execute(sql`
        insert into notifications (user_id, type, title, message, data)
        select
          an.user_id,
          'PRODUCT_ALERT',
          ${NOTIFICATION_MESSAGES.alertMatchTitle},
          p.title || ' matches ' || a.name,
          jsonb_build_object(
            'alertNotificationId', an.id::text,
            'alertId', a.id::text,
            'alertName', a.name,
            'productId', p.id::text,
            'product_id', p.id::text,
            'productName', p.title,
            'productImage', p.images[1],
            'productPrice', p.price
          )
        from alert_notifications an
        join product_alerts a on a.id = an.alert_id
        join products p on p.id = an.product_id
        where an.user_id = ${userId}
          and an.is_read = false
          and ${wantsInAppSql(sql`${userId}::uuid`, sql.raw(`'PRODUCT_ALERT'`))}
          and not exists (
            select 1 from alert_notifications earlier
            where earlier.user_id = an.user_id and earlier.product_id = an.product_id
              and (earlier.created_at, earlier.id) < (an.created_at, an.id)
          )
          and not exists (
            select 1 from notifications n
            where n.user_id = ${userId} and n.type = 'PRODUCT_ALERT'
              and n.data ->> 'productId' = an.product_id::text
          )
        order by an.created_at, an.id
        returning id
      `);
      return rowsOf(newMessages).length + rowsOf(alertMatches).length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
