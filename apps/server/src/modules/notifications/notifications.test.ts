import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  conversationIdFor,
  NOTIFICATION_MESSAGES as N,
  NotificationDto,
  NotificationListDto,
  SyncNotificationsDto,
  UnreadCountsDto,
} from '@castline/shared';
import { alertNotifications, messages, notifications } from '../../db/schema/index.js';
import {
  buildAlert,
  buildAlertMatch,
  buildListing,
  buildMessage,
  buildNotification,
  buildUser,
  del,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
  type Member,
} from '../../../test/factories.js';
import { listen, openSocket } from '../../../test/realtime-client.js';
import { useTestApp } from '../../../test/test-app.js';

const t = useTestApp();

async function member(): Promise<Member> {
  return signedInMember(t.app, t.database.db);
}

async function listOf(viewer: Member) {
  const response = await get(t.app, '/api/notifications', viewer);
  expect(response.statusCode, response.body).toBe(200);
  return NotificationListDto.parse(response.json());
}

/** An alert match of `userId` for a new listing (no notification yet), unread unless told. */
async function alertMatch(userId: string, alertName = 'Cheap reels', isRead = false) {
  const db = t.database.db;
  const seller = await buildUser(db);
  const listing = await buildListing(db, seller.id, { title: 'Penn Battle III 3000' });
  const alert = await buildAlert(db, userId, { name: alertName, filters: { q: 'reel' } });
  const match = await buildAlertMatch(db, alert, listing.id, { is_read: isRead });
  return { listing, alert, match };
}

async function isMatchRead(id: string): Promise<boolean> {
  const [row] = await t.database.db.select().from(alertNotifications).where(eq(alertNotifications.id, id));
  return row!.is_read;
}

async function isNotificationRead(id: string): Promise<boolean> {
  const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, id));
  return row!.read;
}

describe('GET /api/notifications', () => {
  it('lists the latest 100, newest first, with the count of all unread', async () => {
    const me = await member();
    const base = Date.now() - 200 * 60_000;
    for (let i = 0; i < 105; i += 1) {
      await buildNotification(t.database.db, me.id, {
        message: `Notification ${i + 1}`,
        read: i < 2,
        created_at: new Date(base + i * 60_000),
      });
    }
    await buildNotification(t.database.db, (await buildUser(t.database.db)).id);
    const list = await listOf(me);
    expect(list.items).toHaveLength(100);
    expect(list.items[0]!.message).toBe('Notification 105');
    expect(list.items[99]!.message).toBe('Notification 6');
    expect(list.unread_count).toBe(103);
    expect(list.items.every((n) => n.user_id === me.id)).toBe(true);
    expect((await get(t.app, '/api/notifications', guest())).statusCode).toBe(401);
  });
});

describe('POST /api/notifications/:id/read', () => {
  it('marks a message notification and its message read', async () => {
    const [a, b] = [await member(), await member()];
    const sent = await post(t.app, '/api/messages', { content: 'Hi there', recipient_id: b.id }, a);
    const messageId = (sent.json() as { id: string }).id;
    const [notification] = (await listOf(b)).items;
    const response = await post(t.app, `/api/notifications/${notification!.id}/read`, undefined, b);
    expect(response.statusCode, response.body).toBe(200);
    expect(NotificationDto.parse(response.json())).toMatchObject({ id: notification!.id, read: true });
    const [message] = await t.database.db.select().from(messages).where(eq(messages.id, messageId));
    expect(message).toMatchObject({ read: true });
    expect(message!.read_at).not.toBeNull();
    expect(UnreadCountsDto.parse((await get(t.app, '/api/me/unread', b)).json())).toEqual({
      messages: 0,
      notifications: 0,
    });
  });

  it('marks a product-alert notification and its alert match read', async () => {
    const me = await member();
    const { match, listing, alert } = await alertMatch(me.id);
    const notification = await buildNotification(t.database.db, me.id, {
      type: 'PRODUCT_ALERT',
      title: N.alertMatchTitle,
      message: `${listing.title} matches ${alert.name}`,
      data: { alertNotificationId: match.id, alertId: alert.id, productId: listing.id },
    });
    const response = await post(t.app, `/api/notifications/${notification.id}/read`, undefined, me);
    expect(response.statusCode, response.body).toBe(200);
    expect(NotificationDto.parse(response.json()).read).toBe(true);
    expect(await isMatchRead(match.id)).toBe(true);
  });

  it("changes nothing when the alert match cannot be marked: 409 'Failed to mark product alert as read'", async () => {
    const [me, other] = [await member(), await member()];
    const theirs = await alertMatch(other.id);
    const cases = [{ alertNotificationId: theirs.match.id }, { alertNotificationId: randomUUID() }, {}];
    for (const data of cases) {
      const notification = await buildNotification(t.database.db, me.id, {
        type: 'PRODUCT_ALERT',
        title: N.alertMatchTitle,
        data,
      });
      const response = await post(t.app, `/api/notifications/${notification.id}/read`, undefined, me);
      expect(response.statusCode, JSON.stringify(data)).toBe(409);
      expect(errorOf(response).message).toBe(N.markAlertFailed);
      expect(await isNotificationRead(notification.id)).toBe(false);
    }
    expect(await isMatchRead(theirs.match.id)).toBe(false);
  });

  it("keeps other members' notifications out of reach (404 'Notification not found')", async () => {
    const [me, other] = [await member(), await member()];
    const mine = await buildNotification(t.database.db, me.id);
    for (const id of [mine.id, randomUUID(), 'not-an-id']) {
      const read = await post(t.app, `/api/notifications/${id}/read`, undefined, other);
      expect(read.statusCode, id).toBe(404);
      expect(errorOf(read).message).toBe(N.notFound);
      const removed = await del(t.app, `/api/notifications/${id}`, other);
      expect(removed.statusCode, id).toBe(404);
      expect(errorOf(removed).message).toBe(N.notFound);
    }
    expect(await isNotificationRead(mine.id)).toBe(false);
    expect((await listOf(me)).items.map((n) => n.id)).toEqual([mine.id]);
    const anonymous = await post(t.app, `/api/notifications/${mine.id}/read`, undefined, guest());
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe(AUTH_MESSAGES.notAuthenticated);
  });
});

describe('read-all and delete', () => {
  it('marks all read, deletes one, and tells every tab', async () => {
    const [me, other] = [await member(), await buildUser(t.database.db)];
    const first = await buildNotification(t.database.db, me.id);
    await buildNotification(t.database.db, me.id, {
      type: 'OFFER_RECEIVED',
      title: 'New Offer',
      message: 'An offer',
    });
    const theirs = await buildNotification(t.database.db, other.id);
    const socket = await openSocket(await listen(t.app), me.cookie);

    const response = await post(t.app, '/api/notifications/read-all', undefined, me);
    expect(response.statusCode).toBe(200);
    expect(UnreadCountsDto.parse(response.json())).toEqual({ messages: 0, notifications: 0 });
    expect((await listOf(me)).items.every((n) => n.read)).toBe(true);
    expect(await isNotificationRead(theirs.id)).toBe(false);
    expect((await socket.next('unread.changed')).unread).toEqual({ messages: 0, notifications: 0 });
    await socket.next('notifications.changed');

    socket.events.length = 0;
    const removed = await del(t.app, `/api/notifications/${first.id}`, me);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    await socket.next('notifications.changed');
    expect((await listOf(me)).items).toHaveLength(1);
    expect((await del(t.app, `/api/notifications/${first.id}`, me)).statusCode).toBe(404);
    await socket.close();
  });
});

describe('POST /api/notifications/sync', () => {
  it('writes the missing message and alert notifications once', async () => {
    const [me, sender] = [await member(), await member()];
    const db = t.database.db;
    const unreadMessage = await buildMessage(db, sender.id, me.id, {
      content: 'Sent while the app was closed',
    });
    await buildMessage(db, sender.id, me.id, { content: 'Already read', read: true });
    await buildMessage(db, me.id, sender.id, { content: 'Mine' });
    const fresh = await alertMatch(me.id, 'Spinning reels');
    await alertMatch(me.id, 'Old alert', true);

    const response = await post(t.app, '/api/notifications/sync', undefined, me);
    expect(response.statusCode, response.body).toBe(200);
    expect(SyncNotificationsDto.parse(response.json())).toEqual({ created: 2 });

    const items = (await listOf(me)).items;
    expect(items).toHaveLength(2);
    expect(items.find((n) => n.type === 'NEW_MESSAGE')).toMatchObject({
      title: 'New Message',
      message: `${sender.username}: Sent while the app was closed`,
      read: false,
      data: {
        messageId: unreadMessage.id,
        senderId: sender.id,
        senderName: sender.username,
        senderAvatar: null,
        messageContent: 'Sent while the app was closed',
        conversationId: conversationIdFor(me.id, sender.id),
      },
    });
    expect(items.find((n) => n.type === 'PRODUCT_ALERT')).toMatchObject({
      title: 'Product Alert Match',
      message: 'Penn Battle III 3000 matches Spinning reels',
      data: {
        alertNotificationId: fresh.match.id,
        alertId: fresh.alert.id,
        alertName: 'Spinning reels',
        productId: fresh.listing.id,
        product_id: fresh.listing.id,
        productName: 'Penn Battle III 3000',
      },
    });

    const again = await post(t.app, '/api/notifications/sync', undefined, me);
    expect(SyncNotificationsDto.parse(again.json())).toEqual({ created: 0 });
    // A message sent through the API already has its notification.
    await post(t.app, '/api/messages', { content: 'Live one', recipient_id: me.id }, sender);
    expect(
      SyncNotificationsDto.parse((await post(t.app, '/api/notifications/sync', undefined, me)).json()),
    ).toEqual({ created: 0 });
    const senderNotifications = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, sender.id)));
    expect(senderNotifications).toEqual([]);
  });
});
