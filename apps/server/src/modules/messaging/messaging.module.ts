import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { createPresenceRepository } from '../presence/index.js';
import { createMessagingRepository } from './messaging.repository.js';
import { registerMessagingRoutes } from './messaging.routes.js';
import { createMessagingService } from './messaging.service.js';

/** Wires the messaging routes (/api/messages, /api/conversations*, /api/me/unread) into the app. */
export async function registerMessagingModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context.database;
  const presence = createPresenceRepository(db);
  const service = createMessagingService({
    repository: createMessagingRepository(db),
    readPresence: (ids) => presence.read(ids),
    realtime: context.realtime,
    db,
    events: context.events,
    logger: app.log,
  });
  registerMessagingRoutes(app, service);
}
