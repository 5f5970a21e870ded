import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { createModerationRepository } from './moderation.repository.js';
import { registerModerationRoutes } from './moderation.routes.js';
import { createModerationService } from './moderation.service.js';

/** Reports (/api/reports), the moderation queue, listing approval, rules and logs (/api/admin/moderation/*). */
export async function registerModerationModule(app: FastifyInstance, context: AppContext): Promise<void> {
  registerModerationRoutes(
    app,
    createModerationService({
      repository: createModerationRepository(context.database.db),
      realtime: context.realtime,
      events: context.events,
      logger: app.log,
    }),
  );
}
