import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { createForumRepository } from './forum.repository.js';
import { registerForumRoutes } from './forum.routes.js';
import { createForumService } from './forum.service.js';

/** Wires the forum routes (/api/forum/*) into the app. */
export async function registerForumModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const service = createForumService({
    repository: createForumRepository(context.database.db, {
      mentioned: (tx, mentioned) => context.events.inTransaction(tx, 'member.mentioned', mentioned),
      addressed: (tx, addressed) => context.events.inTransaction(tx, 'forum.addressed', addressed),
    }),
    logger: app.log,
    rateLimiter: context.rateLimiter,
    realtime: context.realtime,
    events: context.events,
  });
  registerForumRoutes(app, service);
}
