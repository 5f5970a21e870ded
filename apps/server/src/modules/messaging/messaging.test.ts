import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ConversationDetailDto,
  ConversationListDto,
  conversationIdFor,
  LISTING_POLICY_MESSAGES,
  MarkConversationReadDto,
  MESSAGING_MESSAGES as M,
  MessageDto,
  MessagePageDto,
  NotificationListDto,
  UnreadCountsDto,
} from '@castline/shared';
import { messages, notifications, profiles } from '../../db/schema/index.js';
import {
  buildConversation,
  buildListing,
  buildMessage,
  buildUser,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { listen, openSocket } from '../../../test/realtime-client.js';
import { useTestApp } from '../../../test/test-app.js';

const t = useTestApp();

function send(from: Caller, body: unknown) {
  return post(t.app, '/api/messages', body, from);
}

async function sent(from: Member, to: Member, content: string, extra: Record<string, unknown> = {}) {
  const response = await send(from, { content, recipient_id: to.id, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return MessageDto.parse(response.json());
}

async function member(): Promise<Member> {
  return signedInMember(t.app, t.database.db);
}

async function conversations(viewer: Member, q?: string) {
  const response = await get(
    t.app,
    `/api/conversations${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
    viewer,
  );
  expect(response.statusCode, response.body).toBe(200);
  return ConversationListDto.parse(response.json());
}

async function unread(viewer: Member) {
  return UnreadCountsDto.parse((await get(t.app, '/api/me/unread', viewer)).json());
}

describe('POST /api/messages', () => {
  it('asks a guest to sign in before anything else', async () => {
    const response = await send(guest(), {});
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(AUTH_MESSAGES.notAuthenticated);
  });

  it("answers the spec's validation texts in order", async () => {
    const [a, b] = [await member(), await member()];
    const cases: [unknown, string][] = [
      [undefined, M.contentEmpty],
      [{}, M.contentEmpty],
      [{ content: '   \n ', recipient_id: b.id }, M.contentEmpty],
      [{ content: 42, recipient_id: b.id }, M.contentEmpty],
      [{ content: 'x'.repeat(2001), recipient_id: b.id }, M.contentTooLong],
      [{ content: 'Hello' }, M.recipientRequired],
      [{ content: 'Hello', recipient_id: '   ' }, M.recipientRequired],
      [{ content: 'Hello', recipient_id: b.id, client_id: 'abc' }, M.clientIdInvalid],
      [{ content: 'Hello', recipient_id: b.id, product_id: 'nope' }, M.productNotFound],
    ];
    for (const [body, message] of cases) {
      const response = await send(a, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message, JSON.stringify(body)).toBe(message);
    }
  });

  it('refuses messages to oneself, and to unknown or malformed recipients', async () => {
    const a = await member();
    const self = await send(a, { content: 'Hello me', recipient_id: a.id });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe(M.cannotMessageSelf);
    for (const recipient of [randomUUID(), 'not-a-member', `${a.id}_${randomUUID()}`]) {
      const response = await send(a, { content: 'Hello', recipient_id: recipient });
      expect(response.statusCode, recipient).toBe(404);
      expect(errorOf(response).message).toBe(M.recipientNotFound);
    }
  });

  it('keeps blocked members apart in both directions', async () => {
    const [a, b] = [await member(), await member()];
    const db = t.database.db;
    await db
      .update(profiles)
      .set({ blocked_users: [b.id] })
      .where(eq(profiles.id, a.id));
    const byMe = await send(a, { content: 'Hi', recipient_id: b.id });
    expect(byMe.statusCode).toBe(403);
    expect(errorOf(byMe).message).toBe(M.blockedByYou);
    const byThem = await send(b, { content: 'Hi', recipient_id: a.id });
    expect(byThem.statusCode).toBe(403);
    expect(errorOf(byThem).message).toBe(M.blockedByThem);

    const detail = ConversationDetailDto.parse((await get(t.app, `/api/conversations/${b.id}`, a)).json());
    expect(detail).toMatchObject({ blocked_by_me: true, blocked_by_them: false });
    const theirs = ConversationDetailDto.parse((await get(t.app, `/api/conversations/${a.id}`, b)).json());
    expect(theirs).toMatchObject({ blocked_by_me: false, blocked_by_them: true });
    expect(await db.select().from(messages).where(eq(messages.sender_id, a.id))).toEqual([]);
  });

  it('lets a banned member read but not send', async () => {
    const [banned, b] = [await member(), await member()];
    await t.database.db.update(profiles).set({ status: 'banned' }).where(eq(profiles.id, banned.id));
    const response = await send(banned, { content: 'Hi', recipient_id: b.id });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(LISTING_POLICY_MESSAGES.banned);
    expect((await get(t.app, '/api/conversations', banned)).statusCode).toBe(200);
  });

  it('stores the trimmed plain text and notifies the recipient in the same write', async () => {
    const [a, b] = [await member(), await member()];
    const message = await sent(a, b, '  <b>Is the reel still available?</b>\n ');
    expect(message).toMatchObject({
      conversation_id: conversationIdFor(a.id, b.id),
      sender_id: a.id,
      recipient_id: b.id,
      content: '<b>Is the reel still available?</b>',
      type: 'chat',
      read: false,
      read_at: null,
      product_id: null,
    });
    const list = NotificationListDto.parse((await get(t.app, '/api/notifications', b)).json());
    expect(list.unread_count).toBe(1);
    expect(list.items[0]).toMatchObject({
      type: 'NEW_MESSAGE',
      title: 'New Message',
      message: `${a.username}: <b>Is the reel still available?</b>`,
      read: false,
      data: {
        messageId: message.id,
        senderId: a.id,
        senderName: a.username,
        senderAvatar: null,
        messageContent: '<b>Is the reel still available?</b>',
        conversationId: conversationIdFor(a.id, b.id),
      },
    });
    expect(await unread(b)).toEqual({ messages: 1, notifications: 1 });
    expect(await unread(a)).toEqual({ messages: 0, notifications: 0 });
  });

  it('quotes at most 100 characters of a long message in its notification', async () => {
    const [a, b] = [await member(), await member()];
    await sent(a, b, 'y'.repeat(150));
    const [notification] = NotificationListDto.parse(
      (await get(t.app, '/api/notifications', b)).json(),
    ).items;
    expect(notification!.message).toBe(`${a.username}: ${'y'.repeat(100)}…`);
  });

  it('answers a retried send with the first message instead of writing another', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const clientId = randomUUID();
    const first = await send(a, { content: 'Still for sale?', recipient_id: b.id, client_id: clientId });
    expect(first.statusCode).toBe(201);
    const retry = await send(a, { content: 'Still for sale?', recipient_id: b.id, client_id: clientId });
    expect(retry.statusCode).toBe(200);
    expect(MessageDto.parse(retry.json())).toEqual(MessageDto.parse(first.json()));
    expect(MessageDto.parse(first.json()).client_id).toBe(clientId);
    const rows = await t.database.db.select().from(messages).where(eq(messages.sender_id, a.id));
    expect(rows).toHaveLength(1);
    expect((await unread(b)).notifications).toBe(1);

    const elsewhere = await send(a, { content: 'Still for sale?', recipient_id: c.id, client_id: clientId });
    expect(elsewhere.statusCode).toBe(409);
    expect(errorOf(elsewhere).message).toBe(M.clientIdReused);
  });

  it('answers two simultaneous sends with one client_id with one message', async () => {
    const [a, b] = [await member(), await member()];
    const body = { content: 'Double tap', recipient_id: b.id, client_id: randomUUID() };
    const responses = await Promise.all([send(a, body), send(a, body)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const [first, second] = responses.map((r) => MessageDto.parse(r.json()));
    expect(second!.id).toBe(first!.id);
    expect(await t.database.db.select().from(messages).where(eq(messages.sender_id, a.id))).toHaveLength(1);
    expect((await unread(b)).notifications).toBe(1);
  });

  it('ties a message to a listing of one of the two members only', async () => {
    const [buyer, seller, other] = [await member(), await member(), await member()];
    const listing = await buildListing(t.database.db, seller.id);
    const foreign = await buildListing(t.database.db, other.id);
    for (const listingId of [randomUUID(), foreign.id]) {
      const response = await send(buyer, { content: 'Hi', recipient_id: seller.id, product_id: listingId });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(M.productNotFound);
    }
    const message = await sent(buyer, seller, 'Is this still available?', { product_id: listing.id });
    expect(message.product_id).toBe(listing.id);
  });
});

describe('GET /api/conversations', () => {
  it('lists one row per member, newest first, with unread counts, listing card and search', async () => {
    const me = await member();
    const db = t.database.db;
    const [b, c, d] = [await buildUser(db), await buildUser(db), await buildUser(db)];
    const listing = await buildListing(db, me.id, {
      title: 'Shimano Stradic 2500',
      price: 189.5,
      images: ['/files/product-images/stradic-1.webp', '/files/product-images/stradic-2.webp'],
    });
    const gone = await buildListing(db, d.id, { deleted: true });
    await buildMessage(db, b.id, me.id, { content: 'Hi, first question' });
    await buildMessage(db, b.id, me.id, {
      content: 'Is the Stradic still available?',
      product_id: listing.id,
    });
    await buildMessage(db, me.id, c.id, { content: 'Hello C' });
    await buildMessage(db, b.id, me.id, { content: 'Any answer?' });
    // A listing deleted later still shows on its conversation, marked unavailable.
    await buildMessage(db, me.id, d.id, { content: 'About your box', product_id: gone.id });

    const list = await conversations(me);
    expect(list.total).toBe(3);
    expect(list.items.map((row) => row.member.id)).toEqual([d.id, b.id, c.id]);
    const withB = list.items[1]!;
    expect(withB).toMatchObject({
      id: conversationIdFor(me.id, b.id),
      member: { id: b.id, username: b.username, avatar_url: null },
      presence: { user_id: b.id, status: 'offline' },
      last_message: { content: 'Any answer?', sender_id: b.id },
      unread_count: 3,
      listing: {
        id: listing.id,
        title: 'Shimano Stradic 2500',
        price: 189.5,
        image: '/files/product-images/stradic-1.webp',
        seller_id: me.id,
        sold: false,
        available: true,
      },
    });
    expect(list.items[2]).toMatchObject({
      unread_count: 0,
      listing: null,
      last_message: { content: 'Hello C' },
    });
    expect(list.items[0]!.listing).toMatchObject({ id: gone.id, available: false });

    const found = await conversations(me, c.username.toUpperCase());
    expect(found.items.map((row) => row.member.id)).toEqual([c.id]);
    // LIKE wildcards are literal: "%" matches no username.
    expect((await conversations(me, '%')).items).toEqual([]);
    expect((await conversations(me, '')).total).toBe(3);
    expect((await conversations(await member())).items).toEqual([]);

    const tooLong = await get(t.app, `/api/conversations?q=${'a'.repeat(51)}`, me);
    expect(tooLong.statusCode).toBe(400);
    expect((await get(t.app, '/api/conversations', guest())).statusCode).toBe(401);
  });
});

describe('GET /api/conversations/:userId and its messages', () => {
  it('pages a thread 20 at a time, newest first, without overlap', async () => {
    const [a, b] = [await member(), await member()];
    await buildConversation(
      t.database.db,
      [a.id, b.id],
      Array.from({ length: 25 }, (_, i) => `Message ${i + 1}`),
    );
    const first = MessagePageDto.parse((await get(t.app, `/api/conversations/${b.id}/messages`, a)).json());
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.content).toBe('Message 25');
    expect(first.items[19]!.content).toBe('Message 6');
    expect(first.nextCursor).not.toBeNull();

    const older = await get(
      t.app,
      `/api/conversations/${b.id}/messages?before=${encodeURIComponent(first.nextCursor!)}`,
      a,
    );
    const second = MessagePageDto.parse(older.json());
    expect(second.items.map((m) => m.content)).toEqual([5, 4, 3, 2, 1].map((n) => `Message ${n}`));
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((m) => m.id);
    expect(new Set(ids).size).toBe(25);

    // The other member reads the same thread by conversation id, in smaller pages.
    const byConversation = MessagePageDto.parse(
      (await get(t.app, `/api/conversations/${conversationIdFor(a.id, b.id)}/messages?pageSize=5`, b)).json(),
    );
    expect(byConversation.items.map((m) => m.content)).toEqual(
      [25, 24, 23, 22, 21].map((n) => `Message ${n}`),
    );

    const badCursor = await get(t.app, `/api/conversations/${b.id}/messages?before=garbage`, a);
    expect(badCursor.statusCode).toBe(400);
    expect((await get(t.app, `/api/conversations/${b.id}/messages?pageSize=500`, a)).statusCode).toBe(400);
  });

  it('pages messages microseconds apart or at the same instant without skipping or repeating any', async () => {
    const [a, b] = [await member(), await member()];
    // Two rows per instant, instants apart by microseconds only (finer than a JavaScript Date).
    const instants = ['12:00:00.123456', '12:00:00.123456', '12:00:00.1234', '12:00:00.1234', '12:00:00.123'];
    await t.database.db.insert(messages).values(
      instants.map((time, i) => ({
        sender_id: a.id,
        recipient_id: b.id,
        content: `Same instant ${i}`,
        created_at: sql`${`2024-05-01T${time}Z`}::timestamptz`,
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&before=${encodeURIComponent(cursor)}` : '';
      const page = MessagePageDto.parse(
        (await get(t.app, `/api/conversations/${a.id}/messages?pageSize=2${query}`, b)).json(),
      );
      seen.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('opens a thread by member id or conversation id, also before the first message', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const byMember = await get(t.app, `/api/conversations/${b.id}`, a);
    expect(byMember.statusCode).toBe(200);
    const detail = ConversationDetailDto.parse(byMember.json());
    expect(detail).toEqual({
      id: conversationIdFor(a.id, b.id),
      member: { id: b.id, username: b.username, full_name: null, avatar_url: null },
      presence: { user_id: b.id, status: 'offline', online_at: null, last_seen_at: null },
      listing: null,
      unread_count: 0,
      blocked_by_me: false,
      blocked_by_them: false,
      archived: false,
      muted: false,
    });
    const byConversation = await get(t.app, `/api/conversations/${conversationIdFor(b.id, a.id)}`, a);
    expect(ConversationDetailDto.parse(byConversation.json()).member.id).toBe(b.id);

    for (const param of [
      conversationIdFor(b.id, c.id),
      randomUUID(),
      'nope',
      `${a.id}_x_y`,
      'x'.repeat(90),
    ]) {
      const response = await get(t.app, `/api/conversations/${param}`, a);
      expect(response.statusCode, param).toBe(404);
      expect(errorOf(response).message).toBe(M.recipientNotFound);
    }
    const self = await get(t.app, `/api/conversations/${a.id}`, a);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe(M.cannotMessageSelf);
    expect((await get(t.app, `/api/conversations/${b.id}`, guest())).statusCode).toBe(401);
  });
});

describe('moderated messages', () => {
  it('hides a message moderation hid from its recipient, not from its sender', async () => {
    const a = await member();
    const b = await member();
    await buildMessage(t.database.db, a.id, b.id, { content: 'Hello, is the reel still for sale?' });
    await buildMessage(t.database.db, a.id, b.id, {
      content: 'Cheap watches at example.test',
      moderation_status: 'hidden',
      moderation_reason: 'Matched rule: watches',
    });

    const contents = async (viewer: Member, other: Member) =>
      MessagePageDto.parse(
        (await get(t.app, `/api/conversations/${other.id}/messages`, viewer)).json(),
      ).items.map((m) => m.content);
    expect(await contents(b, a)).toEqual(['Hello, is the reel still for sale?']);
    expect(await contents(a, b)).toEqual([
      'Cheap watches at example.test',
      'Hello, is the reel still for sale?',
    ]);
    const [row] = (await conversations(b)).items;
    expect(row?.last_message.content).toBe('Hello, is the reel still for sale?');
    expect(row?.unread_count).toBe(1);
    expect((await unread(b)).messages).toBe(1);
  });
});

describe('POST /api/conversations/:userId/read', () => {
  it("marks the other member's messages and their notifications read and answers the new totals", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await sent(a, b, 'One');
    await sent(a, b, 'Two');
    await sent(c, b, 'From C');
    await sent(b, a, 'Reply');
    expect(await unread(b)).toEqual({ messages: 3, notifications: 3 });

    const response = await post(
      t.app,
      `/api/conversations/${conversationIdFor(a.id, b.id)}/read`,
      undefined,
      b,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(MarkConversationReadDto.parse(response.json())).toEqual({
      updated: 2,
      unread: { messages: 1, notifications: 1 },
    });
    const db = t.database.db;
    const fromA = await db
      .select()
      .from(messages)
      .where(and(eq(messages.sender_id, a.id), eq(messages.recipient_id, b.id)));
    expect(fromA.every((m) => m.read && m.read_at !== null)).toBe(true);
    const remaining = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, b.id), eq(notifications.read, false)));
    expect(remaining.map((n) => (n.data as { senderId: string }).senderId)).toEqual([c.id]);
    // The reader's own message to A is untouched, and A still has it unread.
    expect(await unread(a)).toEqual({ messages: 1, notifications: 1 });

    const again = MarkConversationReadDto.parse(
      (await post(t.app, `/api/conversations/${a.id}/read`, undefined, b)).json(),
    );
    expect(again.updated).toBe(0);
    const unknown = await post(t.app, `/api/conversations/${randomUUID()}/read`, undefined, b);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('API documentation', () => {
  it('describes the messaging routes', async () => {
    const response = await get(t.app, '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/messages',
        '/api/conversations',
        '/api/conversations/{userId}',
        '/api/conversations/{userId}/messages',
        '/api/conversations/{userId}/read',
        '/api/messages/search',
        '/api/me/unread',
        '/api/notifications',
        '/api/notifications/{id}/read',
        '/api/notifications/read-all',
        '/api/notifications/sync',
        '/api/notifications/{id}',
      ]),
    );
  });
});

describe('realtime', () => {
  it('pushes new messages, notifications and unread totals, and "seen" after a read', async () => {
    const [a, b] = [await member(), await member()];
    const url = await listen(t.app);
    const socketA = await openSocket(url, a.cookie);
    const socketB = await openSocket(url, b.cookie);

    const message = await sent(a, b, 'Are you at the lake today?');
    expect((await socketB.next('message.created')).message).toEqual(message);
    expect((await socketA.next('message.created')).message.id).toBe(message.id);
    const notification = await socketB.next('notification.created');
    expect(notification.notification).toMatchObject({ type: 'NEW_MESSAGE', data: { messageId: message.id } });
    expect((await socketB.next('unread.changed')).unread).toEqual({ messages: 1, notifications: 1 });
    expect(socketA.events.some((e) => e.type === 'notification.created')).toBe(false);

    socketB.events.length = 0;
    await post(t.app, `/api/conversations/${a.id}/read`, undefined, b);
    const seen = await socketA.next('messages.read');
    expect(seen).toMatchObject({
      conversation_id: conversationIdFor(a.id, b.id),
      reader_id: b.id,
      sender_id: a.id,
    });
    expect(new Date(seen.read_at).getTime()).toBeGreaterThanOrEqual(new Date(message.created_at).getTime());
    await socketB.next('messages.read');
    expect((await socketB.next('unread.changed')).unread).toEqual({ messages: 0, notifications: 0 });
    await socketB.next('notifications.changed');

    await socketA.close();
    await socketB.close();
  });
});
