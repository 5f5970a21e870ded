import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M, REALTIME_CLOSE, SHELL_MESSAGES } from '@castline/shared';
import { sessions } from '../src/db/schema/index.js';
import {
  createMemoryBus,
  createRedisBus,
  sessionRoom,
  type EventBus,
} from '../src/platform/bus/event-bus.js';
import { SESSION_GONE_GRACE_MS } from '../src/modules/presence/realtime.hub.js';
import { createTestApp, type TestApp } from './test-app.js';
import {
  buildUser,
  del,
  get,
  post,
  signIn,
  tokenFromLatestMail,
  uniqueIp,
  type BuiltUser,
} from './factories.js';
import { listen, openSocket, type TestSocket } from './realtime-client.js';
import { testEngine } from './test-engine.js';

/**
 * A realtime socket belongs to the session that opened it: every way a session ends closes its
 * sockets within a second, on every instance. Two instances over one database: events travel
 * over Redis pub/sub when REDIS_URL is set (both engines), else over one in-process bus.
 */
/** The periodic check of the instance that proves the backstop and expiry; the other two keep the
 * default (the heartbeat), so a socket they close was closed by the event, never by a check. */
const SESSION_CHECK_MS = 250;
const overRedis = Boolean(process.env.REDIS_URL);
const prefix = `castline-test:${process.pid}:${randomBytes(3).toString('hex')}:`;
let sharedBus: EventBus | undefined;
/** The test's own link to the instances' bus, to publish as a server does (over Redis, its own). */
let testBus: EventBus | undefined;
let testRedis: Redis | undefined;
let one: TestApp;
let two: TestApp;
let checking: TestApp;
let urlTwo: string;
let urlChecking: string;
const opened: TestSocket[] = [];

beforeAll(async () => {
  if (!overRedis) sharedBus = createMemoryBus();
  const bus = overRedis ? { redisBus: prefix } : { bus: sharedBus! };
  one = await createTestApp(bus);
  two = await createTestApp({ ...bus, database: one.database });
  checking = await createTestApp({
    ...bus,
    database: one.database,
    realtimeSessionCheckMs: SESSION_CHECK_MS,
  });
  urlTwo = await listen(two.app);
  urlChecking = await listen(checking.app);
  if (overRedis) {
    testRedis = new Redis(process.env.REDIS_URL!, { lazyConnect: true });
    await testRedis.connect();
    testBus = await createRedisBus(testRedis, prefix);
  } else {
    testBus = sharedBus;
  }
});

afterAll(async () => {
  await Promise.all(opened.map((socket) => socket.close()));
  if (testRedis) {
    await testBus?.close();
    await testRedis.quit();
  }
  await checking?.close();
  await two?.close();
  await one?.close();
  await sharedBus?.close();
});

async function socketOn(url: string, cookie: string): Promise<TestSocket> {
  const socket = await openSocket(url, cookie);
  opened.push(socket);
  return socket;
}

/** Resolves with the close code, or rejects when the socket is still open after `withinMs`. */
function closedWithin(socket: TestSocket, withinMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    if (socket.socket.readyState === socket.socket.CLOSED)
      return reject(new Error('closed before the check'));
    const timer = setTimeout(() => reject(new Error(`still open after ${withinMs} ms`)), withinMs);
    socket.socket.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** A socket that must stay open: a ping is still answered. */
async function expectOpen(socket: TestSocket): Promise<void> {
  socket.events.length = 0;
  socket.send({ type: 'ping' });
  await socket.next('pong', undefined, 2000);
  expect(socket.events.some((event) => event.type === 'session.ended')).toBe(false);
}

async function sessionIdOf(cookie: string): Promise<string> {
  const state = await get(one.app, '/api/auth/session', { cookie });
  return (state.json() as { session: { id: string } }).session.id;
}

/** The member's socket on instance two (opened with `cookie`) and what it heard when it closed. */
async function expectEnded(socket: TestSocket, closing: Promise<number>, message: string): Promise<void> {
  expect(await closing).toBe(REALTIME_CLOSE.sessionEnded);
  expect(socket.events.filter((event) => event.type === 'session.ended')).toEqual([
    { type: 'session.ended', message },
  ]);
}

/** After the socket closed, a message to the member reaches nothing of that session. */
async function messageTo(member: BuiltUser): Promise<void> {
  const sender = await buildUser(one.database.db);
  const cookie = await signIn(one.app, sender.email, sender.password);
  const sent = await post(
    one.app,
    '/api/messages',
    { content: 'Is the Curado still for sale?', recipient_id: member.id, client_id: randomUUID() },
    { cookie },
  );
  expect(sent.statusCode).toBe(201);
}

describe(`a realtime socket ends with its session (two instances, ${testEngine()}${overRedis ? ' + Redis' : ''})`, () => {
  it('signing out closes that session’s sockets on the other instance, within 1 s, and nothing more arrives', async () => {
    const member = await buildUser(one.database.db);
    const tab = await signIn(one.app, member.email, member.password);
    const otherDevice = await signIn(one.app, member.email, member.password);
    const socket = await socketOn(urlTwo, tab);
    const kept = await socketOn(urlTwo, otherDevice);

    const closing = closedWithin(socket, 1000);
    expect((await post(one.app, '/api/auth/sign-out', undefined, { cookie: tab })).statusCode).toBe(200);
    expect((await get(one.app, '/api/auth/me', { cookie: tab })).statusCode).toBe(401);
    await expectEnded(socket, closing, M.sessionEndedBySignOut);

    await messageTo(member);
    await kept.next('message.created');
    expect(socket.events.some((event) => event.type === 'message.created')).toBe(false);
    await expectOpen(kept);
  });

  it('a password change in settings closes the other sessions’ sockets and keeps this one', async () => {
    const member = await buildUser(one.database.db);
    const laptop = await signIn(one.app, member.email, member.password);
    const phone = await signIn(one.app, member.email, member.password);
    const phoneSocket = await socketOn(urlTwo, phone);
    const laptopSocket = await socketOn(urlTwo, laptop);

    const closing = closedWithin(phoneSocket, 1000);
    const changed = await post(
      one.app,
      '/api/settings/password',
      { current_password: member.password, new_password: 'a-new-password-9' },
      { cookie: laptop },
    );
    expect(changed.statusCode).toBe(200);
    await expectEnded(phoneSocket, closing, M.sessionEndedByPasswordChange);
    await expectOpen(laptopSocket);
  });

  it('a password reset closes every socket of the account', async () => {
    const member = await buildUser(one.database.db);
    const cookie = await signIn(one.app, member.email, member.password);
    const socket = await socketOn(urlTwo, cookie);
    await post(one.app, '/api/auth/request-password-reset', { email: member.email }, { ip: uniqueIp() });
    const token = await tokenFromLatestMail(one.database.db, member.email, '/reset-password');

    const closing = closedWithin(socket, 1000);
    const reset = await post(
      one.app,
      '/api/auth/reset-password',
      { token, password: 'reset-password-9', confirmPassword: 'reset-password-9' },
      { ip: uniqueIp() },
    );
    expect(reset.statusCode).toBe(200);
    await expectEnded(socket, closing, M.sessionEndedByPasswordReset);
  });

  it('ending one session from the sessions list, or every other one, closes their sockets', async () => {
    const member = await buildUser(one.database.db);
    const main = await signIn(one.app, member.email, member.password);
    const tablet = await signIn(one.app, member.email, member.password);
    const phone = await signIn(one.app, member.email, member.password);
    const tabletSocket = await socketOn(urlTwo, tablet);
    const phoneSocket = await socketOn(urlTwo, phone);
    const mainSocket = await socketOn(urlTwo, main);

    const tabletClosing = closedWithin(tabletSocket, 1000);
    const ended = await del(one.app, `/api/auth/sessions/${await sessionIdOf(tablet)}`, { cookie: main });
    expect(ended.statusCode).toBe(200);
    await expectEnded(tabletSocket, tabletClosing, M.sessionEndedByMember);
    await expectOpen(phoneSocket);

    const phoneClosing = closedWithin(phoneSocket, 1000);
    const others = await post(one.app, '/api/auth/sessions/revoke-others', undefined, { cookie: main });
    expect(others.json()).toMatchObject({ revoked: 1 });
    await expectEnded(phoneSocket, phoneClosing, M.sessionEndedByMember);
    await expectOpen(mainSocket);
  });

  it('an admin ending a session closes its sockets within 1 s, not at the next heartbeat', async () => {
    const admin = await buildUser(one.database.db, { adminRole: 'admin' });
    const adminCookie = await signIn(one.app, admin.email, admin.password);
    const member = await buildUser(one.database.db);
    const cookie = await signIn(one.app, member.email, member.password);
    const socket = await socketOn(urlTwo, cookie);

    const closing = closedWithin(socket, 1000);
    const terminated = await del(one.app, `/api/admin/sessions/${await sessionIdOf(cookie)}`, {
      cookie: adminCookie,
    });
    expect(terminated.statusCode).toBe(200);
    await expectEnded(socket, closing, M.sessionEndedByStaff);
  });

  it('a ban closes every socket of the member', async () => {
    const admin = await buildUser(one.database.db, { adminRole: 'admin' });
    const adminCookie = await signIn(one.app, admin.email, admin.password);
    const member = await buildUser(one.database.db);
    const socket = await socketOn(urlTwo, await signIn(one.app, member.email, member.password));

    const closing = closedWithin(socket, 1000);
    const banned = await post(
      one.app,
      `/api/admin/users/${member.id}/ban`,
      { reason: 'Selling counterfeit reels', ban_end: '2099-03-01T00:00:00Z' },
      { cookie: adminCookie },
    );
    expect(banned.statusCode).toBe(200);
    expect(await closing).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it('deleting the account closes every socket of it', async () => {
    const member = await buildUser(one.database.db);
    const cookie = await signIn(one.app, member.email, member.password);
    const other = await signIn(one.app, member.email, member.password);
    const socket = await socketOn(urlTwo, other);

    const closing = closedWithin(socket, 1000);
    const deleted = await one.app.inject({
      method: 'DELETE',
      url: '/api/settings/account',
      headers: { cookie },
      payload: { password: member.password },
    });
    expect(deleted.statusCode).toBe(200);
    await expectEnded(socket, closing, M.sessionEndedByAccountDeletion);
  });

  it('an expired session closes its socket when it expires', async () => {
    const member = await buildUser(one.database.db);
    const cookie = await signIn(one.app, member.email, member.password);
    const socket = await socketOn(urlChecking, cookie);
    const sessionId = await sessionIdOf(cookie);
    await one.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(sessions.id, sessionId));

    // Read again within the check interval, then closed at the session's end.
    const code = await closedWithin(socket, 1000 + SESSION_CHECK_MS + 1000);
    expect(code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(socket.events.filter((event) => event.type === 'session.ended')).toEqual([
      { type: 'session.ended', message: SHELL_MESSAGES.sessionExpired },
    ]);
    expect((await get(one.app, '/api/auth/me', { cookie })).statusCode).toBe(401);
  });

  it('a session removed without an event is found by the periodic check (the backstop)', async () => {
    const member = await buildUser(one.database.db);
    const socket = await socketOn(urlChecking, await signIn(one.app, member.email, member.password));
    const closing = closedWithin(socket, SESSION_CHECK_MS * 2 + SESSION_GONE_GRACE_MS + 1000);
    await one.database.db.delete(sessions).where(eq(sessions.userId, member.id));
    expect(await closing).toBe(REALTIME_CLOSE.sessionEnded);
    expect(socket.events.filter((event) => event.type === 'session.ended')).toEqual([
      { type: 'session.ended', message: SHELL_MESSAGES.sessionExpired },
    ]);
  });

  it('the reason a session ended still reaches its socket when the check finds the session gone first', async () => {
    const member = await buildUser(one.database.db);
    const cookie = await signIn(one.app, member.email, member.password);
    const sessionId = await sessionIdOf(cookie);
    const socket = await socketOn(urlChecking, cookie);
    const closing = closedWithin(socket, SESSION_CHECK_MS * 2 + SESSION_GONE_GRACE_MS + 1000);

    // A sign-out deletes the session, then publishes why; here the check reads in between.
    await one.database.db.delete(sessions).where(eq(sessions.id, sessionId));
    await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_MS * 2));
    await testBus!.publish({
      room: sessionRoom(sessionId),
      event: { type: 'session.ended', message: M.sessionEndedBySignOut },
    });
    await expectEnded(socket, closing, M.sessionEndedBySignOut);
  });
});
