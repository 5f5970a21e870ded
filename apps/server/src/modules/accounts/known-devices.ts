import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { KNOWN_DEVICE_TTL_SECONDS } from '@castline/shared';
import { SESSION_COOKIE_PREFIX } from '../../http/session.js';

/**
 * A browser that signed in to an account once is a known device of that account: a long-lived
 * cookie holds a random device id and a signature binding it to the account's email. Sign-in
 * limits treat a known device apart from strangers (docs/security.md, "Account lockout"). The
 * cookie proves nothing else and grants no access; it is sent only to /api/auth.
 */
export const KNOWN_DEVICE_COOKIE = `${SESSION_COOKIE_PREFIX}.device`;
const COOKIE_PATTERN = new RegExp(
  `(?:^|;\\s*)${KNOWN_DEVICE_COOKIE.replace('.', '\\.')}=([A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43})`,
);

export interface KnownDevices {
  /** The device id when the request's cookie names a device known to `email`'s account. */
  knownDevice(cookieHeader: string | null, email: string): string | null;
  /** The Set-Cookie value that makes this browser a known device of `email`'s account. */
  remember(cookieHeader: string | null, email: string): string;
}

export function createKnownDevices(secret: string, secureCookies: boolean): KnownDevices {
  // A key of its own, derived from the auth secret.
  const key = createHmac('sha256', secret).update('castline known-device cookie v1').digest();
  const sign = (deviceId: string, email: string) =>
    createHmac('sha256', key).update(`${deviceId}:${email.toLowerCase()}`).digest('base64url');

  const read = (cookieHeader: string | null): { deviceId: string; signature: string } | null => {
    const match = COOKIE_PATTERN.exec(cookieHeader ?? '');
    if (!match?.[1]) return null;
    const [deviceId, signature] = match[1].split('.') as [string, string];
    return { deviceId, signature };
  };

  return {
    knownDevice(cookieHeader, email) {
      const cookie = read(cookieHeader);
      if (!cookie) return null;
      const expected = Buffer.from(sign(cookie.deviceId, email));
      const given = Buffer.from(cookie.signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? cookie.deviceId : null;
    },
    remember(cookieHeader, email) {
      const deviceId = read(cookieHeader)?.deviceId ?? randomBytes(16).toString('base64url');
      const attributes = [
        `Max-Age=${KNOWN_DEVICE_TTL_SECONDS}`,
        'Path=/api/auth',
        'HttpOnly',
        'SameSite=Lax',
        ...(secureCookies ? ['Secure'] : []),
      ];
      return `${KNOWN_DEVICE_COOKIE}=${deviceId}.${sign(deviceId, email)}; ${attributes.join('; ')}`;
    },
  };
}
