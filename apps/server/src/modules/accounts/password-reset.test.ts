import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M, AUTH_RATE_LIMITS } from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildUser,
  errorOf,
  get,
  mailsTo,
  post,
  signIn,
  tokenFromLatestMail,
  uniqueEmail,
  uniqueIp,
} from '../../../test/factories.js';

const t = useTestApp();

describe('password reset', () => {
  it('mails a one-time link; the new password works, the old does not, and every session ends', async () => {
    const user = await buildUser(t.database.db);
    const laptop = await signIn(t.app, user.email, user.password);
    const phone = await signIn(t.app, user.email, user.password);

    const requested = await post(
      t.app,
      '/api/auth/request-password-reset',
      { email: ` ${user.email.toUpperCase()} ` },
      { ip: uniqueIp() },
    );
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: M.resetInstructionsSent });
    const token = await tokenFromLatestMail(t.database.db, user.email, '/reset-password');

    const reset = await post(
      t.app,
      '/api/auth/reset-password',
      { token, password: 'new-secret-pass', confirmPassword: 'new-secret-pass' },
      { ip: uniqueIp() },
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: M.passwordUpdated });

    expect((await get(t.app, '/api/auth/me', { cookie: laptop })).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/me', { cookie: phone })).statusCode).toBe(401);

    const oldPassword = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp() },
    );
    expect(oldPassword.statusCode).toBe(401);
    await signIn(t.app, user.email, 'new-secret-pass');

    const reused = await post(
      t.app,
      '/api/auth/reset-password',
      { token, password: 'another-pass-1', confirmPassword: 'another-pass-1' },
      { ip: uniqueIp() },
    );
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused)).toEqual({ code: 'INVALID_TOKEN', message: M.resetLinkInvalid });
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('unknown');
    const response = await post(t.app, '/api/auth/request-password-reset', { email }, { ip: uniqueIp() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: M.resetInstructionsSent });
    expect(await mailsTo(t.database.db, email)).toHaveLength(0);
  });

  it('requires an email', async () => {
    const response = await post(t.app, '/api/auth/request-password-reset', { email: '' }, { ip: uniqueIp() });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(M.emailRequired);
  });

  it('verifies an unverified account, since the link proves the inbox', async () => {
    const user = await buildUser(t.database.db, { emailVerified: false });
    await post(t.app, '/api/auth/request-password-reset', { email: user.email }, { ip: uniqueIp() });
    const token = await tokenFromLatestMail(t.database.db, user.email, '/reset-password');
    await post(
      t.app,
      '/api/auth/reset-password',
      { token, password: 'fresh-password', confirmPassword: 'fresh-password' },
      { ip: uniqueIp() },
    );
    await signIn(t.app, user.email, 'fresh-password');
  });

  it.each([
    [{ password: 'new-secret-pass', confirmPassword: 'different-pass' }, M.passwordsDoNotMatch],
    [{ password: 'short', confirmPassword: 'short' }, M.passwordTooShort],
  ])('validates the new password %o', async (passwords, message) => {
    const user = await buildUser(t.database.db);
    await post(t.app, '/api/auth/request-password-reset', { email: user.email }, { ip: uniqueIp() });
    const token = await tokenFromLatestMail(t.database.db, user.email, '/reset-password');
    const response = await post(
      t.app,
      '/api/auth/reset-password',
      { token, ...passwords },
      { ip: uniqueIp() },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(message);
    await signIn(t.app, user.email, user.password);
  });

  it('refuses an invented token', async () => {
    const response = await post(
      t.app,
      '/api/auth/reset-password',
      { token: 'invented-token', password: 'whatever-pass', confirmPassword: 'whatever-pass' },
      { ip: uniqueIp() },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(M.resetLinkInvalid);
  });

  it('limits reset requests per account', async () => {
    const user = await buildUser(t.database.db);
    for (let i = 0; i < AUTH_RATE_LIMITS.passwordReset.account.limit; i += 1) {
      expect(
        (await post(t.app, '/api/auth/request-password-reset', { email: user.email }, { ip: uniqueIp() }))
          .statusCode,
      ).toBe(200);
    }
    const blocked = await post(
      t.app,
      '/api/auth/request-password-reset',
      { email: user.email },
      { ip: uniqueIp() },
    );
    expect(blocked.statusCode).toBe(429);
    expect(await mailsTo(t.database.db, user.email)).toHaveLength(
      AUTH_RATE_LIMITS.passwordReset.account.limit,
    );
  });
});
