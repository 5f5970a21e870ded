import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { buildUser, post, uniqueIp } from '../../test/factories.js';

// A production deployment behind HTTPS.
const t = useTestApp({
  env: {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://castline.example',
    AUTH_SECRET: 'production-secret-that-is-long-enough-0123456789abcdef',
  },
});

describe('session cookies in production', () => {
  it('are HttpOnly, Secure and SameSite=Lax, under the __Secure- prefix; signing out clears them the same way', async () => {
    const user = await buildUser(t.database.db);
    const caller = { ip: uniqueIp(), origin: 'https://castline.example' };
    const response = await post(
      t.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      caller,
    );
    expect(response.statusCode, response.body).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name.endsWith('.session_token'));
    expect(session).toMatchObject({
      name: '__Secure-castline.session_token',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: '/',
    });
    for (const header of [response.headers['set-cookie']].flat()) {
      expect(header).toMatch(/; HttpOnly/i);
      expect(header).toMatch(/; Secure/i);
      expect(header).toMatch(/; SameSite=Lax/i);
    }
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);

    const signOut = await post(t.app, '/api/auth/sign-out', undefined, {
      ...caller,
      cookie: `${session!.name}=${session!.value}`,
    });
    expect(signOut.statusCode, signOut.body).toBe(200);
    const cleared = signOut.cookies.find((cookie) => cookie.name === '__Secure-castline.session_token');
    expect(cleared).toMatchObject({ value: '', httpOnly: true, secure: true, sameSite: 'Lax' });
  });
});
