import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminAccessDto, AdminOverviewDto, ApiErrorDto } from '@castline/shared';
import { requireActor } from '../../http/auth-hooks.js';
import type { AdminService } from './admin.service.js';
import { registerAdminUsersRoutes } from './admin-users.routes.js';

const errors = { 401: ApiErrorDto, 403: ApiErrorDto };
const tags = ['admin'];

export function registerAdminRoutes(app: FastifyInstance, admin: AdminService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/access', {
    config: { auth: 'required', actor: true },
    schema: {
      tags,
      summary: "The caller's admin check and permission map (all false for members)",
      response: { 200: AdminAccessDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return admin.access(requireActor(request));
    },
  });

  r.get('/api/admin/overview', {
    config: { auth: 'admin', permissions: ['users.read'] },
    schema: {
      tags,
      summary: 'Membership figures for the admin dashboard (needs users.read)',
      response: { 200: AdminOverviewDto, ...errors },
    },
    handler: async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return admin.overview();
    },
  });

  registerAdminUsersRoutes(app, admin);
}
