import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M, SessionListDto } from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import { buildUser, del, errorOf, get, post, signIn } from '../../../test/factories.js';
import { hasSessionCookie } from '../../http/session.js';

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
