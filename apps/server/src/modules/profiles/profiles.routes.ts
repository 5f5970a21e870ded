import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorDto, AUTH_MESSAGES, ProfileIdParams, PublicProfileDto } from '@castline/shared';
import { NotFoundError } from '../../http/errors.js';
import type { ProfilesService } from './profiles.service.js';

const errors = { 401: ApiErrorDto, 404: ApiErrorDto };
const tags = ['profiles'];

export function registerProfilesRoutes(app: FastifyInstance, profiles: ProfilesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/profiles/:userId', {
    config: { auth: 'required' },
    // A malformed id names no profile: it answers 404 like an unknown one, after the session check.
    attachValidation: true,
    schema: {
      tags,
      summary: "A member's public profile (no email, no block list)",
      params: ProfileIdParams,
      response: { 200: PublicProfileDto, ...errors },
    },
    handler: async (request) => {
      if (request.validationError) throw new NotFoundError(AUTH_MESSAGES.profileNotFound);
      return profiles.publicProfile(request.params.userId);
    },
  });
}
