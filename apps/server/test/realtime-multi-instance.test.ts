import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { conversationIdFor, MessageDto, PresenceListDto, REALTIME_CLOSE } from '@castline/shared';
import { createTestApp, type TestApp } from './test-app.js';
import { get, post, signedInMember } from './factories.js';
import { listen, openSocket, type TestSocket } from './realtime-client.js';

/**
 * Two server instances over one PostgreSQL database, each with its own Redis connection on the
 * same bus prefix: whatever happens on one reaches the sockets held by the other. Runs on the
 * PostgreSQL pass when REDIS_URL is set (vitest.config.ts includes this file then).
 */
const prefix = `castline-test:${process.pid}:${randomBytes(3).toString('hex')}:`;
let one: TestApp;
let two: TestApp;
let urlOne: string;
let urlTwo: string;
const sockets: TestSocket[] = [];

async function socketOn(url: string, cookie: string): Promise<TestSocket> {
  const socket = await openSocket(url, cookie);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  one = await createTestApp({ redisBus: prefix });
  two = await createTestApp({ database: one.database, redisBus: prefix });
  urlOne = await listen(one.app);
  urlTwo = await listen(two.app);
});

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await two?.close();
  await one?.close();
});

describe('realtime across instances (PostgreSQL + Redis)', () => {
  it('runs both instances over one PostgreSQL database', () => {
    expect(one.database.engine).toBe('postgres');
    expect(two.database).toBe(one.database);
  });

  it('delivers a message sent through one instance to the recipient socket on the other', async () => {
    const sender = await signedInMember(one.app, one.database.db);
    const recipient = await signedInMember(two.app, two.database.db);
    const bystander = await signedInMember(two.app, two.database.db);
    const onTwo = await socketOn(urlTwo, recipient.cookie);
    const bystanderOnTwo = await socketOn(urlTwo, bystander.cookie);
    const senderOnOne = await socketOn(urlOne, sender.cookie);

    const clientId = randomUUID();
    const sent = await post(
      one.app,
      '/api/messages',
      { content: 'Still have the Stradic 2500?', recipient_id: recipient.id, client_id: clientId },
      sender,
    );
    expect(sent.statusCode).toBe(201);
    const message = MessageDto.parse(sent.json());

    const created = await onTwo.next('message.created', (e) => e.message.id === message.id);
    expect(created.message).toMatchObject({
      sender_id: sender.id,
      recipient_id: recipient.id,
      content: 'Still have the Stradic 2500?',
      conversation_id: conversationIdFor(sender.id, recipient.id),
      client_id: clientId,
      read: false,
    });
    const notification = await onTwo.next(
      'notification.created',
      (e) => e.notification.type === 'NEW_MESSAGE',
    );
    expect(notification.notification).toMatchObject({
      user_id: recipient.id,
      title: 'New Message',
      read: false,
      data: expect.objectContaining({ messageId: message.id, senderId: sender.id }),
    });
    const unread = await onTwo.next('unread.changed');
    expect(unread.unread).toEqual({ messages: 1, notifications: 1 });
    // The sender's own tab on the first instance hears the message too; nobody else does.
    await senderOnOne.next('message.created', (e) => e.message.id === message.id);
    expect(senderOnOne.events.some((e) => e.type === 'notification.created')).toBe(false);
    expect(bystanderOnTwo.events.map((e) => e.type)).not.toContain('message.created');
  });

  it('shows a member connected to one instance online through the other, and offline when they leave', async () => {
    const watcher = await signedInMember(one.app, one.database.db);
    const member = await signedInMember(two.app, two.database.db);
    const memberOnTwo = await socketOn(urlTwo, member.cookie);

    const polled = await get(one.app, `/api/presence?ids=${member.id}`, watcher);
    expect(polled.statusCode).toBe(200);
    expect(PresenceListDto.parse(polled.json()).items).toEqual([
      expect.objectContaining({ user_id: member.id, status: 'online' }),
    ]);

    const watching = await socketOn(urlOne, watcher.cookie);
    watching.send({ type: 'presence.watch', user_ids: [member.id] });
    await watching.next(
      'presence',
      (e) => e.presence.user_id === member.id && e.presence.status === 'online',
    );

    watching.events.length = 0;
    memberOnTwo.send({ type: 'presence.status', status: 'away' });
    await watching.next('presence', (e) => e.presence.status === 'away');

    await memberOnTwo.close();
    const offline = await watching.next('presence', (e) => e.presence.status === 'offline');
    expect(offline.presence).toMatchObject({ user_id: member.id, online_at: null });
    expect(Date.now() - new Date(offline.presence.last_seen_at!).getTime()).toBeLessThan(60_000);
    const after = await get(one.app, `/api/presence?ids=${member.id}`, watcher);
    expect(PresenceListDto.parse(after.json()).items[0]?.status).toBe('offline');
  });
  it('asks its sockets to reconnect when its link to Redis was down, and they hear events again', async () => {
    const sender = await signedInMember(one.app, one.database.db);
    const recipient = await signedInMember(two.app, two.database.db);
    const before = await socketOn(urlTwo, recipient.cookie);
    const closed = new Promise<number>((resolve) => before.socket.once('close', (code) => resolve(code)));

    // Redis drops this run's realtime subscribers, as a restart does; ioredis connects again.
    const admin = new Redis(process.env.REDIS_URL!);
    try {
      const list = String(await admin.client('LIST'));
      const ids = list
        .split('\n')
        .filter((line) => line.includes(` name=${prefix}realtime-subscriber `))
        .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1]);
      expect(ids.length).toBe(2);
      for (const id of ids) await admin.client('KILL', 'ID', id!);
    } finally {
      await admin.quit();
    }
    // Events published while it was away are lost: the page is told to reconnect and fetch again.
    expect(await closed).toBe(REALTIME_CLOSE.eventsMissed);

    const after = await socketOn(urlTwo, recipient.cookie);
    const sent = await post(
      one.app,
      '/api/messages',
      { content: 'Back online?', recipient_id: recipient.id, client_id: randomUUID() },
      sender,
    );
    expect(sent.statusCode).toBe(201);
    const message = MessageDto.parse(sent.json());
    await after.next('message.created', (e) => e.message.id === message.id);
  });
});
