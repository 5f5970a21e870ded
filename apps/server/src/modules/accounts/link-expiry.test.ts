import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_MESSAGES as M,
  EMAIL_VERIFICATION_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
} from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildUser,
  errorOf,
  post,
  tokenFromLatestMail,
  uniqueEmail,
  uniqueIp,
  uniqueUsername,
} from '../../../test/factories.js';

/** Mailed links stop working once their time is up (the clock is moved past it, nothing else). */
const t = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

function laterBy(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

describe('mailed links expire', () => {
  it('a verification link a minute past its day verifies nothing; the account stays unverified', async () => {
    const email = uniqueEmail();
    const password = 'tight-lines-7';
    const signUp = await post(
      t.app,
      '/api/auth/sign-up',
      { email, password, confirmPassword: password, username: uniqueUsername() },
      { ip: uniqueIp() },
    );
    expect(signUp.statusCode).toBe(201);
    const token = await tokenFromLatestMail(t.database.db, email, '/verify-email');

    laterBy(EMAIL_VERIFICATION_TTL_SECONDS + 60);
    const late = await post(t.app, '/api/auth/verify-email', { token });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).message).toBe(M.verificationLinkInvalid);
    vi.useRealTimers();

    const signIn = await post(t.app, '/api/auth/sign-in', { email, password }, { ip: uniqueIp() });
    expect(signIn.statusCode).toBe(403);
  });

  it('a password reset link a minute past its hour changes nothing; the old password still works', async () => {
    const user = await buildUser(t.database.db);
    await post(t.app, '/api/auth/request-password-reset', { email: user.email }, { ip: uniqueIp() });
    const token = await tokenFromLatestMail(t.database.db, user.email, '/reset-password');

    laterBy(PASSWORD_RESET_TTL_SECONDS + 60);
    const late = await post(
      t.app,
      '/api/auth/reset-password',
      { token, password: 'new-secret-pass', confirmPassword: 'new-secret-pass' },
      { ip: uniqueIp() },
    );
    expect(late.statusCode).toBe(400);
    expect(errorOf(late)).toEqual({ code: 'INVALID_TOKEN', message: M.resetLinkInvalid });
    vi.useRealTimers();

    const signIn = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp() },
    );
    expect(signIn.statusCode).toBe(200);
  });
});
