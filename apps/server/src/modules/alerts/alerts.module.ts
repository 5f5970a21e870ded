import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { createAlertsRepository } from './alerts.repository.js';
import { registerAlertsRoutes } from './alerts.routes.js';
import { createAlertsService } from './alerts.service.js';

/** Wires the saved-search alert routes (/api/alerts*) into the app; listings run the matcher. */
export async function registerAlertsModule(app: FastifyInstance, context: AppContext): Promise<void> {
  registerAlertsRoutes(
    app,
    createAlertsService({
      repository: createAlertsRepository(context.database.db),
      realtime: context.realtime,
      logger: app.log,
    }),
  );
}
