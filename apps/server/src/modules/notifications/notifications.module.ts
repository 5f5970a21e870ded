import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { registerNotificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';

/** Wires the notifications routes (/api/notifications*) into the app. */
export async function registerNotificationsModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context.database;
  const service = createNotificationsService({
    repository: createNotificationsRepository(db),
    realtime: context.realtime,
    db,
    logger: app.log,
  });
  registerNotificationsRoutes(app, service);
}
