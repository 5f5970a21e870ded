import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailChangeBody,
  DeleteAccountBody,
  EmailChangeConfirmedDto,
  MessageResponseDto,
  NotificationPreferencesDto,
  NotificationSettingsDto,
  UpdateNotificationPreferencesBody,
  RateLimitRule,
  UpdateNotificationSettingsBody,
} from '@castline/shared';
import { AUTH_MESSAGES, EMAIL_VERIFICATION_TTL_SECONDS, SETTINGS_MESSAGES as M } from '@castline/shared';
import { emailChangeIdentifier, voidAccountLinks, hashPassword, verifyPassword } from '../accounts/index.js';
import type { ActiveSession } from '../../http/session.js';
import {
  AppError,
  ConflictError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../../http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { emailChangedNoticeMail, emailChangeMail } from './settings.mail.js';
import type { SettingsRepository } from './settings.repository.js';
import type { ServerEvents } from '../../domain-events.js';

/** Password checks in settings, per account: enough for typos, too few to guess a password. */
export const SETTINGS_PASSWORD_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The address a deleted account keeps: unique, and nothing can be delivered to it. */
export function deletedAccountEmail(userId: string): string {
  return `deleted+${userId}@castline.invalid`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; cause?: unknown };
  return candidate.code === '23505' || isUniqueViolation(candidate.cause, depth + 1);
}

function invalidLink(): AppError {
  return new AppError('INVALID_TOKEN', M.emailChangeLinkInvalid);
}

/** The stored half of an email change: the new address and the hash of the link's secret. */
function readPending(value: string): { email: string; token_hash: string } | null {
  try {
    const parsed = JSON.parse(value) as { email?: unknown; token_hash?: unknown };
    return typeof parsed.email === 'string' && typeof parsed.token_hash === 'string'
      ? { email: parsed.email, token_hash: parsed.token_hash }
      : null;
  } catch {
    return null;
  }
}

export interface SettingsServiceDeps {
  repository: SettingsRepository;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  realtime: RealtimePublisher;
  /** Where the service says what happened (`member.deleted`). */
  events: ServerEvents;
  publicUrl: string;
  logger: FastifyBaseLogger;
}

export function createSettingsService({
  repository,
  mailer,
  rateLimiter,
  realtime,
  events,
  publicUrl,
  logger,
}: SettingsServiceDeps) {
  const { db } = repository;

  /**
   * The member's account once `password` proved to be theirs; wrong passwords answer 400 with
   * `message` on `path`, and too many attempts 429.
   */
  async function checkPassword(userId: string, password: string, message: string, path: string) {
    const key = `settings-password:${userId}`;
    const attempt = await rateLimiter.consume(key, SETTINGS_PASSWORD_RATE_LIMIT);
    if (!attempt.allowed) {
      throw new RateLimitedError(AUTH_MESSAGES.tooManyRequests, Math.ceil(attempt.retryAfterMs / 1000));
    }
    const account = await repository.findCredentials(userId);
    if (!account || account.deleted_at) throw new NotFoundError(AUTH_MESSAGES.profileNotFound);
    const matches = account.password ? await verifyPassword({ hash: account.password, password }) : false;
    if (!matches) throw new ValidationError(message, [{ path, message }]);
    await rateLimiter.reset(key);
    return account;
  }

  /** Courtesy work after a committed change: failures are logged, never answered. */
  async function afterCommit(what: string, work: () => Promise<void> | void): Promise<void> {
    try {
      await work();
    } catch (error) {
      logger.warn({ err: error }, `${what} failed`);
    }
  }

  return {
    /** New password (sign-up rules); every other session of the account ends with it. */
    async changePassword(session: ActiveSession, body: ChangePasswordBody): Promise<MessageResponseDto> {
      await checkPassword(
        session.userId,
        body.current_password,
        M.currentPasswordIncorrect,
        'current_password',
      );
      const ended = await repository.changePassword(
        session.userId,
        session.sessionId,
        await hashPassword(body.new_password),
      );
      if (ended === null) {
        throw new ValidationError(M.currentPasswordIncorrect, [
          { path: 'current_password', message: M.currentPasswordIncorrect },
        ]);
      }
      // After commit: the other sessions' open pages sign out now.
      realtime.endSessions(ended, AUTH_MESSAGES.sessionEndedByPasswordChange);
      logger.info(
        { userId: session.userId, ended: ended.length },
        'password changed; other sessions and outstanding links ended',
      );
      return { message: M.passwordChanged };
    },

    /**
     * Mails a one-time link to the new address. Nothing changes until the link is opened; a
     * newer request replaces an older one.
     */
    async requestEmailChange(userId: string, body: ChangeEmailBody): Promise<MessageResponseDto> {
      const account = await checkPassword(userId, body.password, M.passwordIncorrect, 'password');
      if (body.new_email === account.email.toLowerCase()) {
        throw new ValidationError(M.emailSameAsCurrent, [
          { path: 'new_email', message: M.emailSameAsCurrent },
        ]);
      }
      if (await repository.emailTaken(body.new_email, userId)) {
        throw new ConflictError('EMAIL_TAKEN', M.emailTaken);
      }
      const secret = randomBytes(32).toString('base64url');
      await repository.storeEmailChange(
        emailChangeIdentifier(userId),
        JSON.stringify({ email: body.new_email, token_hash: sha256(secret) }),
        new Date(Date.now() + EMAIL_VERIFICATION_TTL_SECONDS * 1000),
      );
      const token = `${userId}.${secret}`;
      const url = `${publicUrl}/settings/confirm-email?token=${encodeURIComponent(token)}`;
      try {
        await mailer.send(emailChangeMail(body.new_email, account.username, url));
      } catch (error) {
        logger.error({ err: error, userId }, 'the email change link could not be sent');
        throw new AppError('SERVICE_UNAVAILABLE', AUTH_MESSAGES.serviceUnavailable);
      }
      return { message: M.emailChangeSent };
    },

    /** Applies the change a mailed link names, once; the old address is told afterwards. */
    async confirmEmailChange(body: ConfirmEmailChangeBody): Promise<EmailChangeConfirmedDto> {
      const dot = body.token.indexOf('.');
      const userId = dot > 0 ? body.token.slice(0, dot).toLowerCase() : '';
      const secret = dot > 0 ? body.token.slice(dot + 1) : '';
      if (!UUID.test(userId) || !secret) throw invalidLink();

      let changed: { email: string; previous: string; username: string };
      try {
        changed = await db.transaction(async (tx) => {
          const pending = await repository.lockEmailChange(tx, emailChangeIdentifier(userId));
          const stored = pending ? readPending(pending.value) : null;
          if (!pending || !stored || !sameHash(stored.token_hash, sha256(secret))) throw invalidLink();
          const account = await repository.findCredentials(userId, tx);
          if (!account || account.deleted_at) throw invalidLink();
          if (await repository.emailTaken(stored.email, userId, tx)) {
            throw new ConflictError('EMAIL_TAKEN', M.emailTaken);
          }
          await repository.applyEmail(tx, userId, stored.email);
          // Links mailed to the old address (reset, verification) and this one are void now.
          await voidAccountLinks(tx, userId);
          return { email: stored.email, previous: account.email, username: account.username };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError('EMAIL_TAKEN', M.emailTaken);
        throw error;
      }
      await afterCommit('telling the old address of an email change', () =>
        mailer.send(emailChangedNoticeMail(changed.previous, changed.username, changed.email)),
      );
      return { message: M.emailChanged, email: changed.email };
    },

    async notificationSettings(userId: string): Promise<NotificationSettingsDto> {
      const row = await repository.notificationSettings(userId);
      if (!row) throw new NotFoundError(AUTH_MESSAGES.profileNotFound);
      return row;
    },

    async updateNotificationSettings(
      userId: string,
      body: UpdateNotificationSettingsBody,
    ): Promise<NotificationSettingsDto> {
      const row = await repository.updateNotificationSettings(userId, body);
      if (!row) throw new NotFoundError(AUTH_MESSAGES.profileNotFound);
      return row;
    },

    async notificationPreferences(userId: string): Promise<NotificationPreferencesDto> {
      const preferences = await repository.notificationPreferences(userId);
      if (!preferences) throw new NotFoundError(AUTH_MESSAGES.profileNotFound);
      return preferences;
    },

    async updateNotificationPreferences(
      userId: string,
      body: UpdateNotificationPreferencesBody,
    ): Promise<NotificationPreferencesDto> {
      const preferences = await repository.updateNotificationPreferences(userId, body);
      if (!preferences) throw new NotFoundError(AUTH_MESSAGES.profileNotFound);
      return preferences;
    },

    /**
     * Deletes the account (password confirmed), in one transaction: the profile is anonymised,
     * listings are removed, open offers cancelled (the other members are told), saved searches
     * and every session end. Forum posts and comments stay, shown as a deleted member's.
     */
    async deleteAccount(userId: string, body: DeleteAccountBody): Promise<MessageResponseDto> {
      await checkPassword(userId, body.password, M.passwordIncorrect, 'password');
      const outcome = await db.transaction(async (tx) => {
        const username = await repository.freeDeletedUsername(tx, userId);
        if (!(await repository.anonymise(tx, userId, username, deletedAccountEmail(userId)))) {
          throw new NotFoundError(AUTH_MESSAGES.profileNotFound);
        }
        // Listings, open offers and saved searches go with it (their modules listen).
        const published = await events.inTransaction(tx, 'member.deleted', { memberId: userId });
        const sessions = await repository.endAccountState(tx, userId);
        return { sessions, published };
      });
      logger.info({ userId, sessions: outcome.sessions }, 'account deleted and anonymised');
      await events.committed('member.deleted', { memberId: userId });
      await outcome.published();
      return { message: M.accountDeleted };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
