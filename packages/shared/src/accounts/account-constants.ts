import type { RateLimitRule } from '../common/constants.js';

/** Account constants from the specification (000 §9, 001 §9). */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound that keeps hashing cheap to call; far above any real passphrase. */
export const PASSWORD_MAX_LENGTH = 128;
/** What the sign-up form keeps of a typed username: letters, digits, underscore and dash, max 20. */
export function sanitizeUsername(input: string): string {
  return input.replace(/[^A-Za-z0-9_-]/g, '').slice(0, USERNAME_MAX_LENGTH);
}

/** How long the sign-up success notice stays on screen. */
export const SIGNUP_NOTICE_MS = 8000;

/** Session lifetime and refresh cadence (server-side sessions). */
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_REFRESH_AGE_SECONDS = 60 * 60 * 24;
/** One-time link lifetimes. */
export const EMAIL_VERIFICATION_TTL_SECONDS = 60 * 60 * 24;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Abuse limits on the account endpoints, counted per client IP and per account (email).
 * They are stored in the database or Redis so that they hold across instances.
 */
export const AUTH_RATE_LIMITS = {
  signIn: { ip: { limit: 20, windowMs: 15 * MINUTE }, account: { limit: 5, windowMs: 15 * MINUTE } },
  signUp: { ip: { limit: 10, windowMs: HOUR }, account: { limit: 5, windowMs: HOUR } },
  passwordReset: { ip: { limit: 10, windowMs: HOUR }, account: { limit: 3, windowMs: HOUR } },
  resetPassword: { ip: { limit: 10, windowMs: HOUR }, account: { limit: 5, windowMs: HOUR } },
  verificationResend: { ip: { limit: 10, windowMs: HOUR }, account: { limit: 3, windowMs: HOUR } },
} as const satisfies Record<string, { ip: RateLimitRule; account: RateLimitRule }>;

export type AuthRateLimitAction = keyof typeof AUTH_RATE_LIMITS;

/*
 * Sign-in (docs/security.md, "Account lockout"): `AUTH_RATE_LIMITS.signIn.account` counts the
 * attempts at one account from one address, or from one device the owner signed in on before, so
 * a stranger's wrong passwords never lock the owner out. Across every other address, the account
 * takes at most SIGN_IN_ACCOUNT_CEILING attempts per window, and past the first few each one
 * waits longer (SIGN_IN_SLOWDOWN); the owner's known devices are outside both.
 */
export const SIGN_IN_ACCOUNT_CEILING: RateLimitRule = { limit: 50, windowMs: 15 * MINUTE };
export const SIGN_IN_SLOWDOWN = {
  /** Attempts at one account (in the ceiling's window) answered without delay. */
  freeAttempts: 5,
  /** The delay of the first attempt past them; it doubles with each one after. */
  baseMs: 250,
  maxMs: 4000,
} as const;
/** How long a browser stays a known device of the account it signed in to. */
export const KNOWN_DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
