import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorDto } from '@castline/shared';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../http/errors.js';
import { createMailboxRepository } from './mailbox.repository.js';
import { renderMailboxPage } from './mailbox.page.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const MailboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const OutboxMailDto = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
const OutboxMailListDto = z.object({ items: z.array(OutboxMailDto), total: z.number().int() });

/**
 * /dev/mailbox shows the outbox (it holds sign-in links). It exists only while mail goes to the
 * outbox and answers only this machine unless MAILBOX_OPEN=true.
 */
export function registerMailboxRoutes(app: FastifyInstance, db: Database, options: { open: boolean }): void {
  const repository = createMailboxRepository(db);
  const guard = async (request: FastifyRequest) => {
    // Other machines are told the page does not exist rather than that it is closed to them.
    if (!options.open && !LOOPBACK.has(request.ip)) throw new NotFoundError();
  };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/dev/mailbox', {
    onRequest: guard,
    schema: { hide: true, querystring: MailboxQuery },
    handler: async (request, reply) => {
      const mails = await repository.latest(request.query.limit, request.query.to);
      return reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(renderMailboxPage(mails, request.query.to));
    },
  });

  r.get('/api/dev/mailbox', {
    onRequest: guard,
    schema: {
      tags: ['dev'],
      summary: 'Mail kept in the outbox (only while no SMTP server is configured)',
      querystring: MailboxQuery,
      response: { 200: OutboxMailListDto, 404: ApiErrorDto },
    },
    handler: async (request, reply) => {
      const mails = await repository.latest(request.query.limit, request.query.to);
      void reply.header('cache-control', 'no-store');
      return {
        items: mails.map((mail) => ({
          id: mail.id,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body,
          createdAt: mail.created_at.toISOString(),
        })),
        total: mails.length,
      };
    },
  });
}
