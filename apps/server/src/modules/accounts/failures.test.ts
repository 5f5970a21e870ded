import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M } from '@castline/shared';
import { users } from '../../db/schema/index.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { buildUser, errorOf, post, uniqueEmail, uniqueIp, uniqueUsername } from '../../../test/factories.js';

/** Server-side failures: each test breaks a part of a database of its own. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An SMTP server that refuses every message. */
const failingMailer: Mailer = {
  kind: 'smtp',
  send: async () => {
    throw new Error('SMTP server refused the connection');
  },
  close: async () => {},
};

const signUpBody = () => ({
  email: uniqueEmail('broken'),
  password: 'broken-but-long',
  confirmPassword: 'broken-but-long',
  username: uniqueUsername('broken'),
});

async function userCount(app: TestApp): Promise<number> {
  const [row] = await app.database.db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? -1;
}

describe('when the server itself fails', () => {
  it("sign-up answers 'Failed to create user account' and leaves no account when the profile cannot be made", async () => {
    t = await createTestApp();
    await t.database.db.execute(
      sql`alter table profiles add constraint profiles_reject_all check (false) not valid`,
    );
    const response = await post(t.app, '/api/auth/sign-up', signUpBody(), { ip: uniqueIp() });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response)).toEqual({ code: 'INTERNAL', message: M.failedToCreateUser });
    expect(await userCount(t)).toBe(0);
  });

  it("sign-up answers 'An error occurred during signup' and rolls the account back when its credential cannot be stored", async () => {
    t = await createTestApp();
    await t.database.db.execute(
      sql`alter table accounts add constraint accounts_reject_all check (false) not valid`,
    );
    const response = await post(t.app, '/api/auth/sign-up', signUpBody(), { ip: uniqueIp() });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response)).toEqual({ code: 'INTERNAL', message: M.signUpFailed });
    expect(await userCount(t)).toBe(0);
  });

  it("sign-in answers 'Service temporarily unavailable…' when credentials cannot be read", async () => {
    t = await createTestApp();
    const user = await buildUser(t.database.db);
    await t.database.db.execute(sql`alter table accounts rename column password to password_moved`);
    const response = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp() },
    );
    expect(response.statusCode).toBe(503);
    expect(errorOf(response)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: M.serviceUnavailable });
  });

  it("a reset request answers 'Failed to initiate password reset…' when the mail cannot be sent", async () => {
    t = await createTestApp({ mailer: failingMailer });
    const user = await buildUser(t.database.db);
    const response = await post(
      t.app,
      '/api/auth/request-password-reset',
      { email: user.email },
      { ip: uniqueIp() },
    );
    expect(response.statusCode).toBe(503);
    expect(errorOf(response)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: M.resetRequestFailed });
  });

  it('a verification resend says the service is unavailable when the mail cannot be sent', async () => {
    t = await createTestApp({ mailer: failingMailer });
    const user = await buildUser(t.database.db, { emailVerified: false });
    const response = await post(
      t.app,
      '/api/auth/send-verification-email',
      { email: user.email },
      { ip: uniqueIp() },
    );
    expect(response.statusCode).toBe(503);
    expect(errorOf(response)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: M.serviceUnavailable });
  });
});
