import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_VERIFICATION_TTL_SECONDS } from '@castline/shared';
import type { MailMessage, Mailer } from '../../platform/mail/mailer.js';
import { passwordResetMail, verificationMail } from '../../platform/mail/templates.js';
import type { AccountsRepository } from './accounts.repository.js';
import type { AuthMailHooks } from './auth.js';

interface DeliveryRecord {
  failure: unknown;
}

const delivery = new AsyncLocalStorage<DeliveryRecord>();

/**
 * Runs `work` and reports whether mail it sent failed. better-auth logs and swallows errors
 * thrown by its mail callbacks, so the callbacks record them here, per request.
 */
export async function trackMailDelivery<T>(work: () => Promise<T>): Promise<{ result: T; failed: boolean }> {
  const record: DeliveryRecord = { failure: undefined };
  const result = await delivery.run(record, work);
  return { result, failed: record.failure !== undefined };
}

async function sendTracked(mailer: Mailer, logger: FastifyBaseLogger, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    logger.error({ err: error, to: message.to, subject: message.subject }, 'mail could not be sent');
    const record = delivery.getStore();
    if (record) record.failure = error;
    throw error;
  }
}

/** Links in mail point at the web app's pages, which call the API with the token. */
export function createAuthMail(deps: {
  mailer: Mailer;
  publicUrl: string;
  repository: AccountsRepository;
  logger: FastifyBaseLogger;
}): AuthMailHooks {
  return {
    async sendVerificationEmail(user, token) {
      // This link becomes the only valid one: an older verification link no longer works.
      await deps.repository.rememberVerificationLink(
        user.id,
        token,
        new Date(Date.now() + EMAIL_VERIFICATION_TTL_SECONDS * 1000),
      );
      const url = `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
      await sendTracked(deps.mailer, deps.logger, verificationMail(user.email, user.name, url));
    },
    async sendResetPasswordEmail(user, token) {
      // A newer reset link voids the older ones.
      await deps.repository.voidOlderResetLinks(user.id, token);
      const url = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await sendTracked(deps.mailer, deps.logger, passwordResetMail(user.email, user.name, url));
    },
    async onPasswordReset(user) {
      // Opening the emailed link proves the address, so an unverified account becomes verified;
      // every other link the account has outstanding (reset, verification, email change) is void.
      await deps.repository.markEmailVerified(user.id);
      await deps.repository.voidAccountLinks(user.id);
      deps.logger.info({ userId: user.id }, 'password reset; every session of the account ended');
    },
  };
}
