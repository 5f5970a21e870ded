import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES as M,
  AUTH_RATE_LIMITS,
  CurrentUserDto,
  SIGN_IN_ACCOUNT_CEILING,
  SIGN_IN_SLOWDOWN,
} from '@castline/shared';
import { KNOWN_DEVICE_COOKIE } from './known-devices.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildUser,
  errorOf,
  get,
  post,
  sessionCookie,
  signIn,
  uniqueEmail,
  uniqueIp,
} from '../../../test/factories.js';

const t = useTestApp();

describe('POST /api/auth/sign-in', () => {
  it('signs a verified member in with an httpOnly SameSite session cookie', async () => {
    const user = await buildUser(t.database.db);
    const response = await post(
      t.app,
      '/api/auth/sign-in',
      { email: `  ${user.email.toUpperCase()} `, password: user.password },
      { ip: uniqueIp() },
    );

    expect(response.statusCode).toBe(200);
    const body = response.json() as { user: unknown; session: { id: string } };
    expect(CurrentUserDto.parse(body.user)).toMatchObject({
      id: user.id,
      username: user.username,
      is_captain: true,
      is_admin: false,
      role: 'user',
    });
    const cookie = response.cookies.find((c) => c.name === 'castline.session_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.headers['cache-control']).toBe('no-store');

    const me = await get(t.app, '/api/auth/me', { cookie: sessionCookie(response) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it('answers unknown email and wrong password alike', async () => {
    const user = await buildUser(t.database.db);
    const wrongPassword = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: 'not-the-password' },
      { ip: uniqueIp() },
    );
    const unknownEmail = await post(
      t.app,
      '/api/auth/sign-in',
      { email: uniqueEmail('ghost'), password: 'not-the-password' },
      { ip: uniqueIp() },
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(errorOf(wrongPassword)).toEqual({ code: 'INVALID_CREDENTIALS', message: M.invalidCredentials });
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it.each([{}, { email: 'a@b.co' }, { password: 'x' }, { email: '  ', password: '' }])(
    'requires email and password (%o)',
    async (body) => {
      const response = await post(t.app, '/api/auth/sign-in', body, { ip: uniqueIp() });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(M.credentialsRequired);
    },
  );

  it('says plainly that an unverified account must verify first, and offers a resend', async () => {
    const user = await buildUser(t.database.db, { emailVerified: false });
    const response = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp() },
    );
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: M.emailNotVerified });
    expect(response.cookies).toHaveLength(0);
  });

  it('rotates the session: signing in again ends the session the browser held', async () => {
    const user = await buildUser(t.database.db);
    const first = await signIn(t.app, user.email, user.password);
    const second = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp(), cookie: first },
    );
    expect(second.statusCode).toBe(200);
    const fresh = sessionCookie(second);
    expect(fresh).not.toBe(first);
    expect((await get(t.app, '/api/auth/me', { cookie: first })).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/me', { cookie: fresh })).statusCode).toBe(200);
  });

  it("a stranger's wrong passwords lock their own address out of the account, never the owner's", async () => {
    const user = await buildUser(t.database.db);
    const stranger = uniqueIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.account.limit; i += 1) {
      const response = await post(
        t.app,
        '/api/auth/sign-in',
        { email: user.email, password: 'wrong-password' },
        { ip: stranger },
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: stranger },
    );
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toEqual({ code: 'RATE_LIMITED', message: M.signInTooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, from their own address, is not locked out.
    const owner = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp() },
    );
    expect(owner.statusCode).toBe(200);
  });

  it('guessing from many addresses meets the account ceiling; a device the owner signed in on before still gets in', async () => {
    const user = await buildUser(t.database.db);
    const first = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp() },
    );
    const device = first.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    // A botnet's attempts from as many addresses as the ceiling allows.
    for (let i = 0; i < SIGN_IN_ACCOUNT_CEILING.limit; i += 1) {
      await t.rateLimiter.consume(`signIn:account:${user.email}`, SIGN_IN_ACCOUNT_CEILING);
    }
    const newAddress = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp() },
    );
    expect(newAddress.statusCode).toBe(429);
    expect(errorOf(newAddress).message).toBe(M.signInTooManyAttempts);

    const knownDevice = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp(), cookie: `${device!.name}=${device!.value}` },
    );
    expect(knownDevice.statusCode).toBe(200);
    // A forged or other account's device cookie counts for nothing.
    const forged = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp(), cookie: `${KNOWN_DEVICE_COOKIE}=${device!.value.slice(0, -4)}AAAA` },
    );
    expect(forged.statusCode).toBe(429);
  });

  it('slows attempts at one account down more with each one past the free few', async () => {
    const user = await buildUser(t.database.db);
    for (let i = 0; i < SIGN_IN_SLOWDOWN.freeAttempts + 2; i += 1) {
      await t.rateLimiter.consume(`signIn:account:${user.email}`, SIGN_IN_ACCOUNT_CEILING);
    }
    const started = performance.now();
    const response = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: 'wrong-password' },
      { ip: uniqueIp() },
    );
    expect(response.statusCode).toBe(401);
    // The third attempt past the free ones waits four times the base delay.
    expect(performance.now() - started).toBeGreaterThanOrEqual(SIGN_IN_SLOWDOWN.baseMs * 4 - 5);
  });

  it("limits a known device's own attempts too", async () => {
    const user = await buildUser(t.database.db);
    const first = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp() },
    );
    const device = first.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE)!;
    const cookie = `${device.name}=${device.value}`;
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.account.limit; i += 1) {
      await post(
        t.app,
        '/api/auth/sign-in',
        { email: user.email, password: 'nope-nope-1' },
        { ip: uniqueIp(), cookie },
      );
    }
    const blocked = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp(), cookie },
    );
    expect(blocked.statusCode).toBe(429);
  });

  it('limits attempts per IP across accounts', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.ip.limit; i += 1) {
      await post(
        t.app,
        '/api/auth/sign-in',
        { email: uniqueEmail('spray'), password: 'guess-guess' },
        { ip },
      );
    }
    const user = await buildUser(t.database.db);
    const blocked = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toBe(M.signInTooManyAttempts);
  });

  it("clears the address's counter for the account after a successful sign-in", async () => {
    const user = await buildUser(t.database.db);
    const ip = uniqueIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.account.limit - 1; i += 1) {
      await post(t.app, '/api/auth/sign-in', { email: user.email, password: 'wrong-password' }, { ip });
    }
    await signIn(t.app, user.email, user.password, ip);
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.account.limit - 1; i += 1) {
      await post(t.app, '/api/auth/sign-in', { email: user.email, password: 'wrong-password' }, { ip });
    }
    const stillAllowed = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip },
    );
    expect(stillAllowed.statusCode).toBe(200);
  });
});

describe('sign-out and the session endpoints', () => {
  it('sign-out ends the session and clears the cookie', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const response = await post(t.app, '/api/auth/sign-out', undefined, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'castline.session_token')?.value).toBe('');
    const me = await get(t.app, '/api/auth/me', { cookie });
    expect(me.statusCode).toBe(401);
    expect(errorOf(me)).toEqual({ code: 'UNAUTHENTICATED', message: M.notAuthenticated });
  });

  it('GET /api/auth/session answers nulls for a guest and the member when signed in', async () => {
    const guest = await get(t.app, '/api/auth/session');
    expect(guest.json()).toEqual({ user: null, session: null });
    const user = await buildUser(t.database.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const member = await get(t.app, '/api/auth/session', { cookie });
    expect(member.json()).toMatchObject({
      user: { id: user.id, username: user.username },
      session: { id: expect.any(String) },
    });
  });

  it('a forged cookie is a guest', async () => {
    const response = await get(t.app, '/api/auth/me', { cookie: 'castline.session_token=forged.value' });
    expect(response.statusCode).toBe(401);
  });

  it('reports admins only when both the flag and an admin_roles row exist', async () => {
    const admin = await buildUser(t.database.db, { adminRole: 'admin' });
    const flagOnly = await buildUser(t.database.db, { adminRole: 'moderator', isAdminFlag: false });
    const adminMe = (
      await get(t.app, '/api/auth/me', { cookie: await signIn(t.app, admin.email, admin.password) })
    ).json();
    const flagOnlyMe = (
      await get(t.app, '/api/auth/me', { cookie: await signIn(t.app, flagOnly.email, flagOnly.password) })
    ).json();
    expect(adminMe).toMatchObject({ is_admin: true, role: 'admin' });
    expect(adminMe.permissions).toContain('users.ban');
    expect(flagOnlyMe).toMatchObject({ is_admin: false, role: 'moderator', permissions: [] });
  });
});
