import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M, AUTH_RATE_LIMITS } from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import {
  errorOf,
  mailsTo,
  post,
  tokenFromLatestMail,
  uniqueEmail,
  uniqueIp,
  uniqueUsername,
  buildUser,
} from '../../../test/factories.js';

const t = useTestApp();

async function signUp(email = uniqueEmail()) {
  const response = await post(
    t.app,
    '/api/auth/sign-up',
    { email, password: 'tight-lines-7', confirmPassword: 'tight-lines-7', username: uniqueUsername() },
    { ip: uniqueIp() },
  );
  expect(response.statusCode).toBe(201);
  return { email, password: 'tight-lines-7' };
}

describe('email verification', () => {
  it('the mailed one-time link verifies the account, then sign-in works; the link cannot be used again', async () => {
    const account = await signUp();
    const token = await tokenFromLatestMail(t.database.db, account.email, '/verify-email');

    const verified = await post(t.app, '/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: M.emailVerified });

    const signIn = await post(t.app, '/api/auth/sign-in', account, { ip: uniqueIp() });
    expect(signIn.statusCode).toBe(200);

    const again = await post(t.app, '/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(410);
    expect(errorOf(again)).toEqual({ code: 'TOKEN_USED', message: M.verificationLinkUsed });
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['an empty token', ''],
  ])('refuses %s', async (_label, token) => {
    const response = await post(t.app, '/api/auth/verify-email', { token });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(M.verificationLinkInvalid);
  });

  it('refuses a token whose signature was tampered with', async () => {
    const account = await signUp();
    const token = await tokenFromLatestMail(t.database.db, account.email, '/verify-email');
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    const response = await post(t.app, '/api/auth/verify-email', { token: tampered });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('INVALID_TOKEN');
    const stillBlocked = await post(t.app, '/api/auth/sign-in', account, { ip: uniqueIp() });
    expect(stillBlocked.statusCode).toBe(403);
  });

  it('resends a link to an unverified account, and answers the same for others without mailing', async () => {
    const account = await signUp();
    const verifiedUser = await buildUser(t.database.db);
    const unknown = uniqueEmail('nobody');

    for (const email of [account.email, verifiedUser.email, unknown]) {
      const response = await post(t.app, '/api/auth/send-verification-email', { email }, { ip: uniqueIp() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: M.verificationSent });
    }
    expect(await mailsTo(t.database.db, account.email)).toHaveLength(2);
    expect(await mailsTo(t.database.db, verifiedUser.email)).toHaveLength(0);
    expect(await mailsTo(t.database.db, unknown)).toHaveLength(0);

    const token = await tokenFromLatestMail(t.database.db, account.email, '/verify-email');
    expect((await post(t.app, '/api/auth/verify-email', { token })).statusCode).toBe(200);
  });

  it('limits verification resends per account', async () => {
    const account = await signUp();
    for (let i = 0; i < AUTH_RATE_LIMITS.verificationResend.account.limit; i += 1) {
      const response = await post(
        t.app,
        '/api/auth/send-verification-email',
        { email: account.email },
        { ip: uniqueIp() },
      );
      expect(response.statusCode).toBe(200);
    }
    const blocked = await post(
      t.app,
      '/api/auth/send-verification-email',
      { email: account.email },
      { ip: uniqueIp() },
    );
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe('RATE_LIMITED');
  });
});
