import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '@castline/shared';
import { createTestApp, type TestApp } from './test-app.js';
import { buildUser, get, post, signIn, uniqueIp } from './factories.js';

/** Two server instances over one database: sessions and rate limits are shared, not per process. */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ database: a.database });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('several instances', () => {
  it('a session made on one instance works and ends on the other', async () => {
    const user = await buildUser(a.database.db);
    const cookie = await signIn(a.app, user.email, user.password);
    expect((await get(b.app, '/api/auth/me', { cookie })).statusCode).toBe(200);
    await post(b.app, '/api/auth/sign-out', undefined, { cookie });
    expect((await get(a.app, '/api/auth/me', { cookie })).statusCode).toBe(401);
  });

  it('sign-in limits count across instances', async () => {
    const user = await buildUser(a.database.db);
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.account.limit; i += 1) {
      const instance = i % 2 === 0 ? a : b;
      await post(
        instance.app,
        '/api/auth/sign-in',
        { email: user.email, password: 'wrong-password' },
        { ip: uniqueIp() },
      );
    }
    const onA = await post(
      a.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp() },
    );
    const onB = await post(
      b.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip: uniqueIp() },
    );
    expect(onA.statusCode).toBe(429);
    expect(onB.statusCode).toBe(429);
  });
});
