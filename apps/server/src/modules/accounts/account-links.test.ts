import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M } from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildUser,
  errorOf,
  mailsTo,
  post,
  signIn,
  tokenFromLatestMail,
  uniqueEmail,
  uniqueIp,
  uniqueUsername,
  type BuiltUser,
} from '../../../test/factories.js';

/**
 * Mailed links that act on an account: a newer link of a kind voids the older ones, and a
 * password reset or change, or an email change, voids every link the account has outstanding.
 */
const t = useTestApp();

async function requestReset(email: string): Promise<string> {
  const asked = await post(t.app, '/api/auth/request-password-reset', { email }, { ip: uniqueIp() });
  expect(asked.statusCode).toBe(200);
  return tokenFromLatestMail(t.database.db, email, '/reset-password');
}

function resetWith(token: string, password: string) {
  return post(
    t.app,
    '/api/auth/reset-password',
    { token, password, confirmPassword: password },
    { ip: uniqueIp() },
  );
}

async function expectResetRefused(token: string): Promise<void> {
  const response = await resetWith(token, 'someone-elses-pass-1');
  expect(response.statusCode).toBe(400);
  expect(errorOf(response)).toEqual({ code: 'INVALID_TOKEN', message: M.resetLinkInvalid });
}

async function signedIn(user: BuiltUser) {
  return { cookie: await signIn(t.app, user.email, user.password), ip: uniqueIp() };
}

describe('password reset links', () => {
  it('a newer reset link voids the older one, and the newer one resets once', async () => {
    const user = await buildUser(t.database.db);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect(second).not.toBe(first);

    await expectResetRefused(first);
    expect((await resetWith(second, 'brand-new-pass-1')).statusCode).toBe(200);
    await expectResetRefused(first);
    await expectResetRefused(second);
    await signIn(t.app, user.email, 'brand-new-pass-1');
  });

  it('a password change in settings voids a reset link mailed before it', async () => {
    const user = await buildUser(t.database.db);
    const link = await requestReset(user.email);
    const changed = await post(
      t.app,
      '/api/settings/password',
      { current_password: user.password, new_password: 'changed-in-settings-1' },
      await signedIn(user),
    );
    expect(changed.statusCode).toBe(200);
    await expectResetRefused(link);
    await signIn(t.app, user.email, 'changed-in-settings-1');
  });

  it('an email change voids a reset link mailed to the old address', async () => {
    const user = await buildUser(t.database.db);
    const caller = await signedIn(user);
    const link = await requestReset(user.email);
    const newEmail = uniqueEmail('moved');
    await post(t.app, '/api/settings/email', { new_email: newEmail, password: user.password }, caller);
    const changeToken = decodeURIComponent(
      (await mailsTo(t.database.db, newEmail))[0]!.text_body.match(/confirm-email\?token=(\S+)/)![1]!,
    );
    expect((await post(t.app, '/api/settings/email/confirm', { token: changeToken })).statusCode).toBe(200);
    await expectResetRefused(link);
  });

  it('a password reset voids an email change waiting for confirmation', async () => {
    const user = await buildUser(t.database.db);
    const newEmail = uniqueEmail('pending');
    await post(
      t.app,
      '/api/settings/email',
      { new_email: newEmail, password: user.password },
      await signedIn(user),
    );
    const changeToken = decodeURIComponent(
      (await mailsTo(t.database.db, newEmail))[0]!.text_body.match(/confirm-email\?token=(\S+)/)![1]!,
    );
    expect((await resetWith(await requestReset(user.email), 'after-reset-pass-1')).statusCode).toBe(200);
    const confirm = await post(t.app, '/api/settings/email/confirm', { token: changeToken });
    expect(confirm.statusCode).toBe(400);
  });
});

describe('email verification links', () => {
  async function signUp() {
    const email = uniqueEmail('verify');
    const password = 'tight-lines-7';
    const response = await post(
      t.app,
      '/api/auth/sign-up',
      { email, password, confirmPassword: password, username: uniqueUsername() },
      { ip: uniqueIp() },
    );
    expect(response.statusCode).toBe(201);
    return { email, password };
  }

  it('a newer verification link voids the older one', async () => {
    const account = await signUp();
    const first = await tokenFromLatestMail(t.database.db, account.email, '/verify-email');
    // Links carry their signing second: the next one must differ from the first.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const resent = await post(
      t.app,
      '/api/auth/send-verification-email',
      { email: account.email },
      { ip: uniqueIp() },
    );
    expect(resent.statusCode).toBe(200);
    const second = await tokenFromLatestMail(t.database.db, account.email, '/verify-email');
    expect(second).not.toBe(first);

    const old = await post(t.app, '/api/auth/verify-email', { token: first });
    expect(old.statusCode).toBe(400);
    expect(errorOf(old)).toEqual({ code: 'INVALID_TOKEN', message: M.verificationLinkInvalid });
    expect((await post(t.app, '/api/auth/verify-email', { token: second })).statusCode).toBe(200);
  });

  it('a password reset (which proves the address) voids the outstanding verification link', async () => {
    const account = await signUp();
    const link = await tokenFromLatestMail(t.database.db, account.email, '/verify-email');
    expect((await resetWith(await requestReset(account.email), 'reset-verified-1')).statusCode).toBe(200);
    const response = await post(t.app, '/api/auth/verify-email', { token: link });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(M.verificationLinkInvalid);
  });
});
