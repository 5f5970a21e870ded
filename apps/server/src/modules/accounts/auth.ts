import { drizzleAdapter } from '@better-auth/drizzle-adapter';
// The entry for an adapter's database (no Kysely): a third less to load at start.
import { betterAuth } from 'better-auth/minimal';
import type { FastifyBaseLogger } from 'fastify';
import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_TTL_SECONDS,
  SESSION_REFRESH_AGE_SECONDS,
  SESSION_TTL_SECONDS,
} from '@castline/shared';
import type { Database } from '../../db/client.js';
import { accounts, sessions, users, verifications } from '../../db/schema/index.js';
import { CLIENT_IP_HEADER, SESSION_COOKIE_PREFIX } from '../../http/session.js';
import { hashPassword, verifyPassword } from './password-hasher.js';

export interface AuthMailHooks {
  sendVerificationEmail(user: { id: string; email: string; name: string }, token: string): Promise<void>;
  sendResetPasswordEmail(user: { id: string; email: string; name: string }, token: string): Promise<void>;
  onPasswordReset(user: { id: string }): Promise<void>;
}

export interface CreateAuthOptions {
  db: Database;
  /** better-auth's own log lines go to the server's logger (its "warn"s are debug here). */
  logger: FastifyBaseLogger;
  secret: string;
  publicUrl: string;
  mail: AuthMailHooks;
}

/**
 * better-auth, configured for Castline (see docs/decisions/0003-auth-library.md). Castline's
 * own routes call `auth.api.*` on the server; better-auth's HTTP handler is not mounted.
 */
export function createAuth(options: CreateAuthOptions) {
  return betterAuth({
    appName: 'Castline',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        // Wrong passwords and unknown emails are expected traffic, not warnings.
        const target = level === 'error' ? options.logger.error : options.logger.debug;
        target.call(options.logger, { auth: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, token }) => {
        await options.mail.sendResetPasswordEmail(user, token);
      },
      onPasswordReset: async ({ user }) => {
        await options.mail.onPasswordReset(user);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        await options.mail.sendVerificationEmail(user, token);
      },
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_REFRESH_AGE_SECONDS,
      cookieCache: { enabled: false },
    },
    // Castline counts attempts itself, per IP and per account, in the database or Redis.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: 'uuid' },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
