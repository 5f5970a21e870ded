import type { Actor } from './access-policy.js';
import type { RequestContext } from './request-context.js';

/**
 * What the HTTP layer knows of sessions: the cookie that carries one, the header through which the
 * server hands the resolved client IP to the auth library, and the session lookup the auth hooks
 * call. The accounts module implements the lookup; the app hands it to the hooks.
 */

/** The header through which the server hands better-auth the client IP it has already resolved. */
export const CLIENT_IP_HEADER = 'x-castline-client-ip';
export const SESSION_COOKIE_PREFIX = 'castline';

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=`);

/**
 * True when a Cookie header carries a session cookie (`castline.session_token`, or its
 * `__Secure-` form over https). Without one there is no session to look up.
 */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? '');
}

export interface ActiveSession {
  sessionId: string;
  userId: string;
  expiresAt: Date;
}

/** A result plus the Set-Cookie values the route must forward. */
export interface WithCookies<T> {
  result: T;
  setCookies: string[];
}

/** A signed-in caller: their session, and their account as the access guards read it. */
export interface Caller {
  session: ActiveSession;
  /** Null when the session's member has no account left (it counts as no session where needed). */
  actor: Actor | null;
}

/** The session lookup the auth hooks need (the accounts service is one). */
export interface SessionResolver {
  resolveCaller(ctx: RequestContext): Promise<WithCookies<Caller | null>>;
}
