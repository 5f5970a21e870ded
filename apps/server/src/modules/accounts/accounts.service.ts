import type { FastifyBaseLogger } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { parseCookies } from 'better-auth/cookies';
import type {
  AuthRateLimitAction,
  CurrentUserDto,
  RequestPasswordResetBody,
  ResendVerificationBody,
  ResetPasswordBody,
  SessionListDto,
  SessionStateDto,
  SignInBody,
  SignInResultDto,
  SignUpBody,
  SignUpResultDto,
  VerifyEmailBody,
} from '@castline/shared';
import {
  AUTH_MESSAGES as M,
  AUTH_RATE_LIMITS,
  canRevokeSession,
  SIGN_IN_ACCOUNT_CEILING,
  SIGN_IN_SLOWDOWN,
} from '@castline/shared';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
} from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { Auth } from './auth.js';
import { hasSessionCookie, type ActiveSession, type Caller, type WithCookies } from '../../http/session.js';
import { trackMailDelivery } from './auth-mail.js';
import type { AccountsRepository } from './accounts.repository.js';
import { presentActor, presentCurrentUser, presentSession } from './accounts.presenter.js';
import type { KnownDevices } from './known-devices.js';
import { banMessage, readSiteSettings } from '../admin/index.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';

/**
 * A reset request for a known email writes a token and queues a mail; for an unknown email it
 * only looks the address up. Every answer waits until this long after the work began, so its
 * timing does not tell which emails have an account (the same floor the auth library keeps for
 * verification resends).
 */
export const RESET_REQUEST_FLOOR_MS = 250;

async function waitUntil(startedAt: number, floorMs: number): Promise<void> {
  const remaining = floorMs - (performance.now() - startedAt);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}

export type { ActiveSession, WithCookies } from '../../http/session.js';

function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = (error as { body?: { code?: unknown } }).body;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** Reads the email a verification token names; the signature is checked by the auth library. */
function emailFromVerificationToken(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const email = (parsed as { email?: unknown }).email;
    return typeof email === 'string' ? email.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

function hasUniqueViolation(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; cause?: unknown; message?: unknown };
  if (candidate.code === '23505') return true;
  if (typeof candidate.message === 'string' && candidate.message.includes('profiles_username_lower_idx'))
    return true;
  return hasUniqueViolation(candidate.cause, depth + 1);
}

export interface AccountsServiceDeps {
  auth: Auth;
  repository: AccountsRepository;
  rateLimiter: RateLimiter;
  /** Ending a session closes the realtime sockets it opened, on every instance. */
  realtime: RealtimePublisher;
  /** Browsers the owner signed in on before: sign-in limits tell them from strangers. */
  knownDevices: KnownDevices;
  logger: FastifyBaseLogger;
}

/** How long an attempt at an account waits, by its number in the ceiling's window. */
export function signInDelayMs(attempt: number): number {
  const past = attempt - SIGN_IN_SLOWDOWN.freeAttempts;
  if (past <= 0) return 0;
  return Math.min(SIGN_IN_SLOWDOWN.baseMs * 2 ** (past - 1), SIGN_IN_SLOWDOWN.maxMs);
}

export function createAccountsService({
  auth,
  repository,
  rateLimiter,
  realtime,
  knownDevices,
  logger,
}: AccountsServiceDeps) {
  /** Counts one attempt per IP and per account; the first exhausted bucket stops the request. */
  async function limit(action: AuthRateLimitAction, ctx: RequestContext, account: string, message: string) {
    const rules = AUTH_RATE_LIMITS[action];
    const [byIp, byAccount] = await Promise.all([
      rateLimiter.consume(`${action}:ip:${ctx.ip}`, rules.ip),
      rateLimiter.consume(`${action}:account:${account}`, rules.account),
    ]);
    const blocked = [byIp, byAccount].filter((result) => !result.allowed);
    if (blocked.length > 0) {
      const retryAfterMs = Math.max(...blocked.map((result) => result.retryAfterMs));
      throw new RateLimitedError(message, Math.ceil(retryAfterMs / 1000));
    }
  }

  /**
   * Sign-in attempts (docs/security.md, "Account lockout"). Per address, as for every auth action.
   * Per account: from a device the owner signed in on before, counted for that device alone; from
   * anywhere else, counted per account and address, and under a ceiling for the whole account, past
   * the first few waiting longer each time. A stranger locks out only their own address or devices.
   * Answers the counter to clear after a successful sign-in.
   */
  async function limitSignIn(ctx: RequestContext, email: string): Promise<string> {
    const rules = AUTH_RATE_LIMITS.signIn;
    const device = knownDevices.knownDevice(ctx.headers.get('cookie'), email);
    const accountKey = device ? `signIn:device:${email}:${device}` : `signIn:account-ip:${email}:${ctx.ip}`;
    const [byIp, byAccount, acrossAccount] = await Promise.all([
      rateLimiter.consume(`signIn:ip:${ctx.ip}`, rules.ip),
      rateLimiter.consume(accountKey, rules.account),
      device ? null : rateLimiter.consume(`signIn:account:${email}`, SIGN_IN_ACCOUNT_CEILING),
    ]);
    const blocked = [byIp, byAccount, acrossAccount].filter((result) => result && !result.allowed);
    if (blocked.length > 0) {
      const retryAfterMs = Math.max(...blocked.map((result) => result!.retryAfterMs));
      throw new RateLimitedError(M.signInTooManyAttempts, Math.ceil(retryAfterMs / 1000));
    }
    const delay = acrossAccount ? signInDelayMs(acrossAccount.count) : 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    return accountKey;
  }

  async function currentUser(userId: string): Promise<CurrentUserDto> {
    const account = await repository.findAccount(userId);
    if (!account) throw new NotFoundError(M.profileNotFound);
    return presentCurrentUser(account);
  }

  /**
   * A banned member may not sign in until the ban ends: the session just made is ended and the
   * answer says why and until when. A ban whose end has passed is lifted instead.
   */
  async function refuseBannedMember(userId: string, newSessionId: string, now = new Date()) {
    const account = await repository.findAccount(userId);
    if (!account || account.profile.status !== 'banned') return;
    const until = account.profile.ban_end_date;
    if (until && until.getTime() <= now.getTime()) {
      await repository.liftExpiredBan(userId);
      return;
    }
    await repository.deleteSession(newSessionId);
    throw new ForbiddenError(banMessage(account.profile.banned_reason, until));
  }

  async function resolveSession(ctx: RequestContext): Promise<WithCookies<ActiveSession | null>> {
    // A guest's request (most of the marketplace's traffic) has nothing to look up.
    if (!hasSessionCookie(ctx.headers.get('cookie'))) return { result: null, setCookies: [] };
    const { headers, response } = await auth.api.getSession({ headers: ctx.headers, returnHeaders: true });
    const setCookies = headers.getSetCookie();
    if (!response) return { result: null, setCookies };
    return {
      result: {
        sessionId: response.session.id,
        userId: response.user.id,
        expiresAt: new Date(response.session.expiresAt),
      },
      setCookies,
    };
  }

  type AuthContext = Awaited<Auth['$context']>;
  let authContext: AuthContext | undefined;

  /**
   * The session token of the request's cookie when its signature is the server's (the
   * auth library's signed-cookie format: the token, a dot, and its HMAC-SHA256 in base64) and
   * nothing else in the cookie is for the auth library to read (a "don't remember me" marker, a
   * cached session). Undefined otherwise: the library then reads the cookie itself.
   */
  async function plainSessionToken(
    cookieHeader: string,
  ): Promise<{ token: string; context: AuthContext } | undefined> {
    const context = (authContext ??= await auth.$context);
    const { sessionToken, sessionData, dontRememberToken } = context.authCookies;
    const cookies = parseCookies(cookieHeader);
    if (cookies.has(dontRememberToken.name)) return undefined;
    for (const name of cookies.keys()) if (name.startsWith(sessionData.name)) return undefined;
    const value = cookies.get(sessionToken.name);
    const dot = value?.lastIndexOf('.') ?? -1;
    if (!value || dot < 1) return undefined;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', context.secret).update(token).digest('base64'));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { token, context };
  }

  /**
   * The caller of a request and their account. A signed-in request's common case takes one query
   * (the session by its token, with the account): a current session that is not yet due for
   * refresh. Anything else (no such session, an expired one, one due for refresh, a cookie the
   * auth library must read) goes through the library's own lookup, which refreshes or clears the
   * cookie, and then the account.
   */
  async function resolveCaller(ctx: RequestContext): Promise<WithCookies<Caller | null>> {
    const cookieHeader = ctx.headers.get('cookie');
    if (!hasSessionCookie(cookieHeader)) return { result: null, setCookies: [] };
    const signed = await plainSessionToken(cookieHeader!);
    const found = signed ? await repository.findSessionWithAccount(signed.token) : null;
    if (signed && found) {
      const { expiresIn, updateAge } = signed.context.sessionConfig;
      const expiresAt = found.session.expiresAt.getTime();
      const now = Date.now();
      // The library refreshes a session once `updateAge` of its `expiresIn` have passed.
      if (expiresAt > now && expiresAt - expiresIn * 1000 + updateAge * 1000 > now) {
        return {
          result: {
            session: {
              sessionId: found.session.id,
              userId: found.session.userId,
              expiresAt: found.session.expiresAt,
            },
            actor: presentActor(found.account),
          },
          setCookies: [],
        };
      }
    }
    const { result, setCookies } = await resolveSession(ctx);
    if (!result) return { result: null, setCookies };
    const account = await repository.findAccount(result.userId);
    return { result: { session: result, actor: account ? presentActor(account) : null }, setCookies };
  }

  return {
    resolveSession,
    resolveCaller,
    currentUser,

    async signUp(body: SignUpBody, ctx: RequestContext): Promise<SignUpResultDto> {
      await limit('signUp', ctx, body.email, M.signUpTooManyAttempts);
      if (!(await readSiteSettings(repository.db)).signups_open) {
        throw new ForbiddenError(M.signUpsClosed);
      }
      if (await repository.findUserByEmail(body.email))
        throw new ConflictError('EMAIL_TAKEN', M.emailAlreadyRegistered);
      if (await repository.isUsernameTaken(body.username))
        throw new ConflictError('USERNAME_TAKEN', M.usernameTaken);
      try {
        await auth.api.signUpEmail({
          body: { email: body.email, password: body.password, name: body.username },
          headers: ctx.headers,
        });
      } catch (error) {
        const code = authErrorCode(error);
        if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
          throw new ConflictError('EMAIL_TAKEN', M.emailAlreadyRegistered);
        }
        if (
          hasUniqueViolation(error) ||
          (code === 'FAILED_TO_CREATE_USER' && (await repository.isUsernameTaken(body.username)))
        ) {
          throw new ConflictError('USERNAME_TAKEN', M.usernameTaken);
        }
        logger.error({ err: error }, 'sign-up failed');
        throw new AppError(
          'INTERNAL',
          code === 'FAILED_TO_CREATE_USER' ? M.failedToCreateUser : M.signUpFailed,
        );
      }
      const created = await repository.findUserByEmail(body.email);
      if (!created) throw new AppError('INTERNAL', M.failedToCreateUser);
      return { message: M.signUpSuccessToast, notification: M.signUpSuccessNotification, email: body.email };
    },

    async signIn(body: SignInBody, ctx: RequestContext): Promise<WithCookies<SignInResultDto>> {
      const attemptsKey = await limitSignIn(ctx, body.email);
      const previous = await resolveSession(ctx);
      const signedIn = await auth.api
        .signInEmail({
          body: { email: body.email, password: body.password, rememberMe: true },
          headers: ctx.headers,
          returnHeaders: true,
        })
        .catch((error: unknown) => {
          const code = authErrorCode(error);
          if (code === 'EMAIL_NOT_VERIFIED') throw new AppError('EMAIL_NOT_VERIFIED', M.emailNotVerified);
          if (
            code === 'INVALID_EMAIL_OR_PASSWORD' ||
            code === 'INVALID_EMAIL' ||
            code === 'PASSWORD_TOO_LONG'
          ) {
            throw new AppError('INVALID_CREDENTIALS', M.invalidCredentials);
          }
          logger.error({ err: error }, 'sign-in failed');
          throw new AppError('SERVICE_UNAVAILABLE', M.serviceUnavailable);
        });
      // A successful sign-in clears this address's (or device's) counter for the account, and
      // ends the session it replaces. The account-wide ceiling keeps counting for strangers.
      await rateLimiter.reset(attemptsKey);
      if (previous.result) {
        await repository.deleteSession(previous.result.sessionId);
        realtime.endSessions([previous.result.sessionId], M.sessionEndedBySignOut);
      }
      const userId = signedIn.response.user.id;
      const sessionRow = await repository.findSessionByToken(signedIn.response.token);
      if (!sessionRow) throw new AppError('SERVICE_UNAVAILABLE', M.serviceUnavailable);
      await refuseBannedMember(userId, sessionRow.id);
      const user = await currentUser(userId);
      return {
        result: { user, session: { id: sessionRow.id, expiresAt: sessionRow.expiresAt.toISOString() } },
        // This browser becomes a known device of the account.
        setCookies: [
          ...signedIn.headers.getSetCookie(),
          knownDevices.remember(ctx.headers.get('cookie'), body.email),
        ],
      };
    },

    async signOut(ctx: RequestContext): Promise<WithCookies<{ message: string }>> {
      try {
        const current = await resolveSession(ctx);
        const { headers } = await auth.api.signOut({ headers: ctx.headers, returnHeaders: true });
        // The browser's other tabs of this session sign out too.
        if (current.result) realtime.endSessions([current.result.sessionId], M.sessionEndedBySignOut);
        return { result: { message: M.signedOut }, setCookies: headers.getSetCookie() };
      } catch (error) {
        // Signing out without a session still clears the cookie; failures are only logged.
        logger.warn({ err: error }, 'sign-out without an active session');
        return { result: { message: M.signedOut }, setCookies: [] };
      }
    },

    async sessionState(ctx: RequestContext): Promise<WithCookies<SessionStateDto>> {
      const { result, setCookies } = await resolveSession(ctx);
      if (!result) return { result: { user: null, session: null }, setCookies };
      const account = await repository.findAccount(result.userId);
      if (!account) return { result: { user: null, session: null }, setCookies };
      return {
        result: {
          user: presentCurrentUser(account),
          session: { id: result.sessionId, expiresAt: result.expiresAt.toISOString() },
        },
        setCookies,
      };
    },

    async verifyEmail(body: VerifyEmailBody): Promise<{ message: string }> {
      // The link is signed by the auth library, and only the account's newest link is valid (its
      // hash is kept until it expires or the account's links are voided). It counts as used once
      // the account it names is verified.
      const email = emailFromVerificationToken(body.token);
      const before = email ? await repository.findUserByEmail(email) : null;
      if (!before || !(await repository.isCurrentVerificationLink(before.id, body.token))) {
        throw new AppError('INVALID_TOKEN', M.verificationLinkInvalid);
      }
      if (before.emailVerified) throw new AppError('TOKEN_USED', M.verificationLinkUsed);
      try {
        await auth.api.verifyEmail({ query: { token: body.token } });
      } catch (error) {
        if (authErrorCode(error)) throw new AppError('INVALID_TOKEN', M.verificationLinkInvalid);
        throw error;
      }
      return { message: M.emailVerified };
    },

    async resendVerification(
      body: ResendVerificationBody,
      ctx: RequestContext,
    ): Promise<{ message: string }> {
      await limit('verificationResend', ctx, body.email, M.tooManyRequests);
      // better-auth mails only unverified accounts and pads every answer to the same duration,
      // so the response time does not tell which emails have an unverified account.
      let failed: boolean;
      try {
        ({ failed } = await trackMailDelivery(() =>
          auth.api.sendVerificationEmail({ body: { email: body.email } }),
        ));
      } catch (error) {
        logger.error({ err: error }, 'verification resend failed');
        failed = true;
      }
      if (failed) throw new AppError('SERVICE_UNAVAILABLE', M.serviceUnavailable);
      return { message: M.verificationSent };
    },

    async requestPasswordReset(
      body: RequestPasswordResetBody,
      ctx: RequestContext,
    ): Promise<{ message: string }> {
      await limit('passwordReset', ctx, body.email, M.tooManyRequests);
      const startedAt = performance.now();
      let failed: boolean;
      try {
        ({ failed } = await trackMailDelivery(() =>
          auth.api.requestPasswordReset({ body: { email: body.email } }),
        ));
      } catch (error) {
        logger.error({ err: error }, 'password reset request failed');
        failed = true;
      }
      await waitUntil(startedAt, RESET_REQUEST_FLOOR_MS);
      if (failed) throw new AppError('SERVICE_UNAVAILABLE', M.resetRequestFailed);
      return { message: M.resetInstructionsSent };
    },

    async resetPassword(body: ResetPasswordBody, ctx: RequestContext): Promise<{ message: string }> {
      await limit('resetPassword', ctx, body.token.slice(0, 64), M.tooManyRequests);
      const owner = await repository.resetLinkOwner(body.token);
      try {
        await auth.api.resetPassword({ body: { token: body.token, newPassword: body.password } });
      } catch (error) {
        const code = authErrorCode(error);
        if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND')
          throw new AppError('INVALID_TOKEN', M.resetLinkInvalid);
        if (code === 'PASSWORD_TOO_SHORT') throw new AppError('VALIDATION_FAILED', M.passwordTooShort);
        throw error;
      }
      // Every session of the account ended with the reset: their open pages sign out now.
      if (owner) realtime.endMemberSessions(owner, M.sessionEndedByPasswordReset);
      return { message: M.passwordUpdated };
    },

    async listSessions(session: ActiveSession): Promise<SessionListDto> {
      const rows = await repository.listActiveSessions(session.userId);
      return { items: rows.map((row) => presentSession(row, session.sessionId)), total: rows.length };
    },

    async revokeSession(
      session: ActiveSession,
      sessionId: string,
    ): Promise<{ message: string; current: boolean }> {
      const target = await repository.findSession(sessionId);
      // Someone else's session answers like a missing one: its existence is not revealed.
      if (!target || !canRevokeSession({ id: session.userId }, target))
        throw new NotFoundError(M.sessionNotFound);
      await repository.deleteSession(target.id);
      const current = target.id === session.sessionId;
      realtime.endSessions([target.id], current ? M.sessionEndedBySignOut : M.sessionEndedByMember);
      return { message: 'Session ended', current };
    },

    async revokeOtherSessions(session: ActiveSession): Promise<{ message: string; revoked: number }> {
      const ended = await repository.deleteOtherSessions(session.userId, session.sessionId);
      realtime.endSessions(ended, M.sessionEndedByMember);
      const revoked = ended.length;
      return {
        message: revoked === 1 ? '1 other session ended' : `${revoked} other sessions ended`,
        revoked,
      };
    },

    requireSession(session: ActiveSession | null): ActiveSession {
      if (!session) throw new UnauthenticatedError(M.notAuthenticated);
      return session;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
