import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorDto, TagListDto, TagPageDto, TagSlugParams } from '@castline/shared';
import type { TagsService } from './tags.service.js';

const errors = { 400: ApiErrorDto, 404: ApiErrorDto };
const tags = ['tags'];

export function registerTagsRoutes(app: FastifyInstance, service: TagsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/tags', {
    config: { auth: 'optional' },
    schema: {
      tags,
      summary:
        'Every species and technique tag, with how many published topics and listings for sale carry it',
      response: { 200: TagListDto, ...errors },
    },
    handler: async () => service.list(),
  });

  r.get('/api/tags/:slug', {
    // The actor decides what the listings show the caller (their likes, a seller's own details).
    config: { auth: 'optional', actor: true },
    schema: {
      tags,
      summary:
        "A tag's page: the tag, its counts, and its newest public topics and listings for sale (6 each); 404 for a tag Castline does not have",
      params: TagSlugParams,
      response: { 200: TagPageDto, ...errors },
    },
    handler: async (request) => service.page(request.params.slug, request.actor),
  });
}
