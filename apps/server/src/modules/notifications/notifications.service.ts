import type { FastifyBaseLogger } from 'fastify';
import type {
  NotificationDto,
  NotificationListDto,
  SyncNotificationsDto,
  UnreadCountsDto,
} from '@castline/shared';
import { NOTIFICATION_LIMITS, NOTIFICATION_MESSAGES as M } from '@castline/shared';
import type { Database, Transaction } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../http/errors.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { presentNotification, unreadCounts } from './notification-writer.js';
import type { NotificationsRepository } from './notifications.repository.js';

export interface NotificationsServiceDeps {
  repository: NotificationsRepository;
  realtime: RealtimePublisher;
  /** Where unread totals are read after commit. */
  db: Database;
  logger: FastifyBaseLogger;
}

/** The notifications that speak of a forum post. */
const FORUM_TYPES = new Set<string>(['MENTION', 'REPLY', 'QUOTE']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid-shaped string field of a notification's data, or null. */
function idIn(data: Record<string, unknown>, key: string): string | null {
  const value = data[key];
  return typeof value === 'string' && UUID.test(value) ? value : null;
}

export function createNotificationsService({ repository, realtime, db, logger }: NotificationsServiceDeps) {
  /** After a commit: the member's tabs refetch their notifications and get the new unread totals. */
  async function announceChange(userId: string, unread?: UnreadCountsDto): Promise<void> {
    try {
      realtime.toUser(userId, { type: 'unread.changed', unread: unread ?? (await unreadCounts(db, userId)) });
      realtime.toUser(userId, { type: 'notifications.changed' });
    } catch (error) {
      logger.warn({ err: error }, 'publishing a notifications change failed');
    }
  }

  async function markOneRead(tx: Transaction, userId: string, id: string) {
    const current = await repository.findOwnForUpdate(tx, id, userId);
    if (!current) throw new NotFoundError(M.notFound);
    if (current.type === 'NEW_MESSAGE') {
      const messageId = idIn(current.data, 'messageId');
      if (messageId) await repository.markMessageRead(tx, messageId, userId);
    }
    if (current.type === 'PRODUCT_ALERT') {
      const matchId = idIn(current.data, 'alertNotificationId');
      if (!matchId || !(await repository.markAlertMatchRead(tx, matchId, userId))) {
        throw new ConflictError('CONFLICT', M.markAlertFailed);
      }
    }
    const updated = await repository.markRead(tx, id);
    if (!updated) throw new NotFoundError(M.notFound);
    return updated;
  }

  return {
    /**
     * The latest 100, newest first, and how many of all of them are unread. Forum notifications
     * carry their post's title (`postTitle`), which the lists' groups name.
     */
    async list(userId: string): Promise<NotificationListDto> {
      const [rows, unread] = await Promise.all([
        repository.latest(userId, NOTIFICATION_LIMITS.fetched),
        repository.unreadCount(userId),
      ]);
      const items = rows.map(presentNotification);
      const postIds = items.flatMap((item) =>
        FORUM_TYPES.has(item.type) && item.data.postId && !item.data.postTitle ? [item.data.postId] : [],
      );
      const titles = await repository.postTitles(postIds);
      for (const item of items) {
        const title = item.data.postId ? titles.get(item.data.postId) : undefined;
        if (FORUM_TYPES.has(item.type) && title && !item.data.postTitle)
          item.data = { ...item.data, postTitle: title };
      }
      return { items, unread_count: unread };
    },

    /**
     * Marks one of the member's notifications read. A NEW_MESSAGE one also marks its message; a
     * PRODUCT_ALERT one also marks its alert_notifications row, and when that row cannot be
     * marked nothing changes (409 'Failed to mark product alert as read').
     */
    async markRead(userId: string, id: string): Promise<NotificationDto> {
      const row = await repository.transaction((tx) => markOneRead(tx, userId, id));
      await announceChange(userId);
      return presentNotification(row);
    },

    /**
     * Marks several of the member's notifications read (a group shown as one entry), each as
     * `markRead` does, all or none; answers the new unread totals.
     */
    async markManyRead(userId: string, ids: readonly string[]): Promise<UnreadCountsDto> {
      const unread = await repository.transaction(async (tx) => {
        for (const id of new Set(ids)) await markOneRead(tx, userId, id);
        return unreadCounts(tx, userId);
      });
      await announceChange(userId, unread);
      return unread;
    },

    async markAllRead(userId: string): Promise<UnreadCountsDto> {
      const unread = await repository.transaction(async (tx) => {
        await repository.markAllRead(tx, userId);
        return unreadCounts(tx, userId);
      });
      await announceChange(userId, unread);
      return unread;
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.deleteOwn(id, userId))) throw new NotFoundError(M.notFound);
      await announceChange(userId);
    },

    /** Spec 001 §4 sync: writes the NEW_MESSAGE and PRODUCT_ALERT notifications that are missing. */
    async sync(userId: string): Promise<SyncNotificationsDto> {
      const created = await repository.transaction((tx) => repository.sync(tx, userId));
      if (created > 0) await announceChange(userId);
      return { created };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
