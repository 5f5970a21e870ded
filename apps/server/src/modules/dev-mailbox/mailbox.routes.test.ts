import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { get, post, uniqueEmail, uniqueIp, uniqueUsername } from '../../../test/factories.js';
import type { Mailer } from '../../platform/mail/mailer.js';

let closed: TestApp;
let open: TestApp;
beforeAll(async () => {
  closed = await createTestApp();
  open = await createTestApp({ database: closed.database, env: { MAILBOX_OPEN: 'true' } });
});
afterAll(async () => {
  await open.close();
  await closed.close();
});

describe('/dev/mailbox', () => {
  it('shows mailed links to requests from this machine', async () => {
    const email = uniqueEmail('mailbox');
    await post(
      closed.app,
      '/api/auth/sign-up',
      { email, password: 'mailbox-pass', confirmPassword: 'mailbox-pass', username: uniqueUsername() },
      { ip: uniqueIp() },
    );
    const page = await get(closed.app, `/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Verify your email for Castline');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/verify-email\?token=[^"]+">/);
    const json = await get(closed.app, `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(json.json()).toMatchObject({
      total: 1,
      items: [{ to: email, subject: 'Verify your email for Castline' }],
    });
  });

  it('escapes what it shows', async () => {
    const email = uniqueEmail('xss');
    await post(
      closed.app,
      '/api/auth/sign-up',
      { email, password: 'mailbox-pass', confirmPassword: 'mailbox-pass', username: uniqueUsername('x') },
      { ip: uniqueIp() },
    );
    const page = await get(closed.app, `/dev/mailbox?to=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(page.body).not.toContain('<script>alert(1)</script>');
  });

  it('is closed to other machines unless MAILBOX_OPEN is set', async () => {
    expect((await get(closed.app, '/dev/mailbox', { ip: '203.0.113.9' })).statusCode).toBe(404);
    expect((await get(closed.app, '/api/dev/mailbox', { ip: '203.0.113.9' })).statusCode).toBe(404);
    expect((await get(open.app, '/dev/mailbox', { ip: '203.0.113.9' })).statusCode).toBe(200);
  });

  it('is never served in production, whatever the address (a proxy on this host included)', async () => {
    const production = await createTestApp({ database: closed.database, env: { NODE_ENV: 'production' } });
    try {
      // A reverse proxy on the same host makes every visitor look like this machine.
      for (const ip of ['127.0.0.1', '::1', '203.0.113.9']) {
        expect((await get(production.app, '/dev/mailbox', { ip })).statusCode).toBe(404);
        expect((await get(production.app, '/api/dev/mailbox', { ip })).statusCode).toBe(404);
      }
    } finally {
      await production.close();
    }
  });

  it('does not exist when mail goes out by SMTP', async () => {
    const sent: string[] = [];
    const smtpLike: Mailer = {
      kind: 'smtp',
      send: async (message) => {
        sent.push(message.to);
      },
      close: async () => {},
    };
    const smtp = await createTestApp({ database: closed.database, mailer: smtpLike });
    try {
      expect((await get(smtp.app, '/dev/mailbox')).statusCode).toBe(404);
      expect((await get(smtp.app, '/api/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});
