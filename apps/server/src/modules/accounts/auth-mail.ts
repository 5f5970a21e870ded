import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../platform/mail/mailer.js';
import { passwordResetMail, verificationMail } from '../../platform/mail/templates.js';
import type { AccountsRepository } from './accounts.repository.js';
import type { AuthMailHooks } from './auth.js';

/** Links in mail point at the web app's pages, which call the API with the token. */
export function createAuthMail(deps: {
  mailer: Mailer;
  publicUrl: string;
  repository: AccountsRepository;
  logger: FastifyBaseLogger;
}): AuthMailHooks {
  return {
    async sendVerificationEmail(user, token) {
      const url = `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
      await deps.mailer.send(verificationMail(user.email, user.name, url));
    },
    async sendResetPasswordEmail(user, token) {
      const url = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await deps.mailer.send(passwordResetMail(user.email, user.name, url));
    },
    async onPasswordReset(user) {
      // Opening the emailed link proves the address, so an unverified account becomes verified.
      await deps.repository.markEmailVerified(user.id);
      deps.logger.info({ userId: user.id }, 'password reset; every session of the account ended');
    },
  };
}
