import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M, SessionListDto } from '@castline/shared';
import { TEST_AUTH_SECRET, useTestApp } from '../../../test/test-app.js';
import { buildUser, del, errorOf, get, post, signIn } from '../../../test/factories.js';
import { hasSessionCookie } from '../../http/session.js';
import { sessions } from '../../db/schema/index.js';
import { SESSION_REFRESH_AGE_SECONDS, SESSION_TTL_SECONDS } from '@castline/shared';

const t = useTestApp();

async function sessionsOf(cookie: string) {
  const response = await get(t.app, '/api/auth/sessions', { cookie });
  expect(response.statusCode).toBe(200);
  return SessionListDto.parse(response.json());
}

describe('session listing and revocation', () => {
  it('lists the member’s sessions and marks the current one', async () => {
    const user = await buildUser(t.database.db);
    const first = await signIn(t.app, user.email, user.password, '10.1.1.1');
    await signIn(t.app, user.email, user.password, '10.2.2.2');
    const list = await sessionsOf(first);
    expect(list.total).toBe(2);
    expect(list.items.filter((s) => s.current)).toHaveLength(1);
    expect(list.items.map((s) => s.ipAddress).sort()).toEqual(['10.1.1.1', '10.2.2.2']);
  });

  it('ends one other session by id', async () => {
    const user = await buildUser(t.database.db);
    const mine = await signIn(t.app, user.email, user.password);
    const other = await signIn(t.app, user.email, user.password);
    const target = (await sessionsOf(mine)).items.find((s) => !s.current)!;

    const response = await del(t.app, `/api/auth/sessions/${target.id}`, { cookie: mine });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ current: false });
    expect((await get(t.app, '/api/auth/me', { cookie: other })).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/me', { cookie: mine })).statusCode).toBe(200);
  });

  it("cannot end someone else's session: it answers like a missing one and the session lives on", async () => {
    const victim = await buildUser(t.database.db);
    const attacker = await buildUser(t.database.db);
    const victimCookie = await signIn(t.app, victim.email, victim.password);
    const attackerCookie = await signIn(t.app, attacker.email, attacker.password);
    const victimSession = (await sessionsOf(victimCookie)).items[0]!;

    const response = await del(t.app, `/api/auth/sessions/${victimSession.id}`, { cookie: attackerCookie });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: M.sessionNotFound });
    expect((await get(t.app, '/api/auth/me', { cookie: victimCookie })).statusCode).toBe(200);
  });

  it('ends every other session at once', async () => {
    const user = await buildUser(t.database.db);
    const keep = await signIn(t.app, user.email, user.password);
    const a = await signIn(t.app, user.email, user.password);
    const b = await signIn(t.app, user.email, user.password);
    const response = await post(t.app, '/api/auth/sessions/revoke-others', undefined, { cookie: keep });
    expect(response.json()).toMatchObject({ revoked: 2 });
    expect((await get(t.app, '/api/auth/me', { cookie: a })).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/me', { cookie: b })).statusCode).toBe(401);
    expect((await sessionsOf(keep)).total).toBe(1);
  });

  it('needs a session, and a well-formed id', async () => {
    expect((await get(t.app, '/api/auth/sessions')).statusCode).toBe(401);
    expect((await del(t.app, '/api/auth/sessions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      401,
    );
    const user = await buildUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const malformed = await del(t.app, '/api/auth/sessions/not-a-uuid', { cookie });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).message).toBe(M.sessionNotFound);
  });
});

describe('which requests carry a session to look up', () => {
  it('knows the session cookie by its name, plain or __Secure-, wherever it sits in the header', () => {
    expect(hasSessionCookie('castline.session_token=abc.def')).toBe(true);
    expect(hasSessionCookie('theme=dark; __Secure-castline.session_token=abc')).toBe(true);
    expect(hasSessionCookie('theme=dark;castline.session_token=abc')).toBe(true);
    expect(hasSessionCookie('xcastline.session_token=abc')).toBe(false);
    expect(hasSessionCookie('castline.session_tokens=abc')).toBe(false);
    expect(hasSessionCookie('theme=dark')).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });

  it('answers a guest, and a member whose session cookie sits among others, as they are', async () => {
    const guest = await get(t.app, '/api/auth/session', {});
    expect(guest.json()).toEqual({ user: null, session: null });

    const member = await buildUser(t.database.db);
    const cookie = await signIn(t.app, member.email, member.password);
    const state = await get(t.app, '/api/auth/session', { cookie: `theme=dark; ${cookie}; lang=en` });
    expect(state.json().user.id).toBe(member.id);
    const sessions = await get(t.app, '/api/auth/sessions', { cookie: `theme=dark; ${cookie}` });
    expect(sessions.statusCode).toBe(200);
  });
});

describe('a signed-in request’s session', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  async function member() {
    const user = await buildUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    return { user, cookie, token };
  }

  async function expiryOf(token: string) {
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.token, token));
    return row?.expiresAt;
  }

  /** The SQL statements the app runs for one request, as the database client is handed them. */
  async function statementsOf(request: () => Promise<unknown>): Promise<string[]> {
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const original = client.query;
    const seen: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const [text] = args;
      seen.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
      return original.apply(this, args);
    };
    try {
      await request();
    } finally {
      client.query = original;
    }
    return seen;
  }

  it('is read with the account in one statement while current', async () => {
    const { cookie, user } = await member();
    const statements = await statementsOf(async () => {
      const response = await get(t.app, '/api/admin/access', { cookie });
      expect(response.statusCode).toBe(200);
    });
    const identity = statements.filter((text) => /"(sessions|users)"/.test(text));
    expect(identity).toHaveLength(1);
    expect(identity[0]).toMatch(/from "sessions".*join "users".*join "profiles"/s);
    expect((await get(t.app, '/api/me/favorites', { cookie })).statusCode).toBe(200);
    expect((await get(t.app, '/api/auth/me', { cookie })).json()).toMatchObject({ id: user.id });
  });

  it('is refused when the cookie’s signature is not the server’s, or it has none', async () => {
    const { token } = await member();
    const forged = createHmac('sha256', 'another-secret-that-is-long-enough-0123456789')
      .update(token)
      .digest('base64');
    for (const value of [`${token}.${forged}`, token, `${token}.`, `${token}.${'A'.repeat(43)}=`]) {
      const response = await get(t.app, '/api/me/favorites', {
        cookie: `castline.session_token=${encodeURIComponent(value)}`,
      });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(M.notAuthenticated);
    }
    const signed = createHmac('sha256', TEST_AUTH_SECRET).update(token).digest('base64');
    const cookie = `castline.session_token=${encodeURIComponent(`${token}.${signed}`)}`;
    expect((await get(t.app, '/api/me/favorites', { cookie })).statusCode).toBe(200);
  });

  it('ends when it expires: 401, the cookie cleared and the session gone', async () => {
    const { cookie, token } = await member();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    const response = await get(t.app, '/api/me/favorites', { cookie });
    expect(response.statusCode).toBe(401);
    const cleared = response.cookies.find((c) => c.name === 'castline.session_token');
    expect(cleared?.maxAge).toBe(0);
    expect(await expiryOf(token)).toBeUndefined();
  });

  it('is refreshed once a day of its week has passed, and not before', async () => {
    const { cookie, token } = await member();
    // Signed in just now: nothing to refresh.
    const before = await expiryOf(token);
    const fresh = await get(t.app, '/api/me/favorites', { cookie });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.cookies.find((c) => c.name === 'castline.session_token')).toBeUndefined();
    expect(await expiryOf(token)).toEqual(before);

    // Signed in a day and a minute ago: the session's week starts again, and the cookie with it.
    const aged = new Date(
      Date.now() + SESSION_TTL_SECONDS * 1000 - SESSION_REFRESH_AGE_SECONDS * 1000 - 60_000,
    );
    await t.database.db.update(sessions).set({ expiresAt: aged }).where(eq(sessions.token, token));
    const refreshed = await get(t.app, '/api/me/favorites', { cookie });
    expect(refreshed.statusCode).toBe(200);
    const renewed = refreshed.cookies.find((c) => c.name === 'castline.session_token');
    expect(renewed?.maxAge).toBe(SESSION_TTL_SECONDS);
    const expiresAt = (await expiryOf(token))!.getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + SESSION_TTL_SECONDS * 1000 - DAY_MS / 24);
  });

  it('is read by the auth library when the cookie carries more than the token', async () => {
    const { cookie } = await member();
    const response = await get(t.app, '/api/me/favorites', {
      cookie: `${cookie}; castline.session_data=stale`,
    });
    expect(response.statusCode).toBe(200);
    // The library clears a cached session it no longer keeps.
    expect(response.cookies.find((c) => c.name.startsWith('castline.session_data'))?.maxAge).toBe(0);
  });
});
