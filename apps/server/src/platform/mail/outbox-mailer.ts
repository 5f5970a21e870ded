import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { MailMessage, Mailer } from './mailer.js';

/** Keeps mail in the database and prints it to the log; /dev/mailbox shows it. */
export function createOutboxMailer(db: Database, logger: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
        })
        .returning({ id: mailOutbox.id });
      logger.info(
        { mailId: row?.id, to: message.to, subject: message.subject },
        `mail kept in the outbox:\n${message.text}`,
      );
    },
    async close() {},
  };
}
