import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorDto, CaptainsClubDto } from '@castline/shared';
import type { CaptainsService } from './captains.service.js';

const errors = { 401: ApiErrorDto, 403: ApiErrorDto };
const tags = ['captains'];

export function registerCaptainsRoutes(app: FastifyInstance, captains: CaptainsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/captains-club', {
    config: { auth: 'captain' },
    schema: {
      tags,
      summary: "The Captain's Club: how many active captains, and the newest ten (captains only)",
      response: { 200: CaptainsClubDto, ...errors },
    },
    handler: async () => captains.club(),
  });
}
