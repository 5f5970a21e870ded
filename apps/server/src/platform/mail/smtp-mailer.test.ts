import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { post, uniqueEmail, uniqueIp, uniqueUsername } from '../../../test/factories.js';
import { createSmtpMailer } from './smtp-mailer.js';

const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  const smtpUrl = `smtp://127.0.0.1:${port}`;
  t = await createTestApp({
    env: { SMTP_URL: smtpUrl },
    mailer: createSmtpMailer(smtpUrl, 'Castline <no-reply@castline.test>'),
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP mail driver', () => {
  it('delivers the verification mail to an SMTP server', async () => {
    const email = uniqueEmail('smtp');
    const response = await post(
      t.app,
      '/api/auth/sign-up',
      {
        email,
        password: 'smtp-password',
        confirmPassword: 'smtp-password',
        username: uniqueUsername('smtp'),
      },
      { ip: uniqueIp() },
    );
    expect(response.statusCode).toBe(201);
    await expect.poll(() => received.find((mail) => mail.to.includes(email)), { timeout: 5000 }).toBeTruthy();
    const mail = received.find((m) => m.to.includes(email))!;
    expect(mail.raw).toContain('Subject: Verify your email for Castline');
    expect(mail.raw).toContain('From: Castline <no-reply@castline.test>');
    expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(/verify-email\?token=3D|verify-email\?token=/);
  });
});
