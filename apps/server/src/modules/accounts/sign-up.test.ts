import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M, AUTH_RATE_LIMITS } from '@castline/shared';
import { profiles, users } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildUser,
  errorOf,
  mailsTo,
  post,
  uniqueEmail,
  uniqueIp,
  uniqueUsername,
} from '../../../test/factories.js';

const t = useTestApp();

function signUpBody(overrides: Record<string, unknown> = {}) {
  const password = 'reel-it-in-42';
  return {
    email: uniqueEmail(),
    password,
    confirmPassword: password,
    username: uniqueUsername(),
    ...overrides,
  };
}

describe('POST /api/auth/sign-up', () => {
  it('creates the account, its profile with the spec defaults, and mails a verification link', async () => {
    const body = signUpBody({ email: `  New.Angler.${Date.now()}@Example.COM `, username: 'Reel_Deal-1' });
    const response = await post(t.app, '/api/auth/sign-up', body, { ip: uniqueIp() });

    expect(response.statusCode).toBe(201);
    const email = body.email.trim().toLowerCase();
    expect(response.json()).toEqual({
      message: M.signUpSuccessToast,
      notification: M.signUpSuccessNotification,
      email,
    });

    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile).toMatchObject({
      username: 'Reel_Deal-1',
      role: 'user',
      status: 'active',
      is_admin: false,
      is_captain: true,
      products_count: 0,
      posts_count: 0,
      comments_count: 0,
      likes_count: 0,
      sales_count: 0,
      seller_rating: 0,
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);

    const mails = await mailsTo(t.database.db, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Verify your email for Castline');
    expect(mails[0]?.text_body).toMatch(/http:\/\/localhost:3000\/verify-email\?token=\S+/);
  });

  it.each([
    [{ confirmPassword: 'something-else' }, 'confirmPassword', M.passwordsDoNotMatch],
    [{ password: 'short', confirmPassword: 'short' }, 'password', M.passwordTooShort],
    [{ username: 'ab' }, 'username', M.usernameTooShort],
    [{ username: 'a'.repeat(21) }, 'username', M.usernameTooLong],
    [{ username: 'bad name!' }, 'username', M.usernameInvalid],
    [{ email: 'not-an-email' }, 'email', M.invalidEmail],
  ])('rejects %o with the message for %s', async (overrides, path, message) => {
    const body = signUpBody(overrides);
    const response = await post(t.app, '/api/auth/sign-up', body, { ip: uniqueIp() });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues).toContainEqual({ path, message });
    const [{ count } = { count: -1 }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, String(body.email).trim().toLowerCase()));
    expect(count).toBe(0);
  });

  it('answers 400, not 500, to a missing or non-JSON body', async () => {
    const empty = await post(t.app, '/api/auth/sign-up', undefined, { ip: uniqueIp() });
    expect(empty.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: 'email=a@b.c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.statusCode).toBe(415);
    expect(errorOf(text).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const existing = await buildUser(t.database.db);
    const response = await post(
      t.app,
      '/api/auth/sign-up',
      signUpBody({ email: existing.email.toUpperCase() }),
      {
        ip: uniqueIp(),
      },
    );
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'EMAIL_TAKEN', message: M.emailAlreadyRegistered });
  });

  it('refuses a username that is taken, whatever its case', async () => {
    const existing = await buildUser(t.database.db, { username: `Pike_${Date.now() % 100000}` });
    const response = await post(
      t.app,
      '/api/auth/sign-up',
      signUpBody({ username: existing.username.toLowerCase() }),
      {
        ip: uniqueIp(),
      },
    );
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'USERNAME_TAKEN', message: M.usernameTaken });
  });

  it('creates the profile in the same transaction as the account: a failing profile leaves no account', async () => {
    const existing = await buildUser(t.database.db);
    const email = uniqueEmail('orphan');
    await expect(
      t.database.db.insert(users).values({ name: existing.username.toUpperCase(), email }),
    ).rejects.toThrow();
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it('limits sign-ups per IP', async () => {
    const ip = uniqueIp();
    const limit = AUTH_RATE_LIMITS.signUp.ip.limit;
    for (let i = 0; i < limit; i += 1) {
      const response = await post(t.app, '/api/auth/sign-up', signUpBody(), { ip });
      expect(response.statusCode).toBe(201);
    }
    const blocked = await post(t.app, '/api/auth/sign-up', signUpBody(), { ip });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toEqual({ code: 'RATE_LIMITED', message: M.signUpTooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits sign-ups per account across IPs', async () => {
    const email = uniqueEmail('retry');
    const limit = AUTH_RATE_LIMITS.signUp.account.limit;
    for (let i = 0; i < limit; i += 1) {
      const response = await post(t.app, '/api/auth/sign-up', signUpBody({ email }), { ip: uniqueIp() });
      expect(response.statusCode).toBe(i === 0 ? 201 : 409);
    }
    const blocked = await post(t.app, '/api/auth/sign-up', signUpBody({ email }), { ip: uniqueIp() });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toBe(M.signUpTooManyAttempts);
  });
});
