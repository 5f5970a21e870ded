import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-context.js';
import { getPlacesProvider } from '../../platform/places/index.js';
import { registerPlacesRoutes } from './places.routes.js';
import { createPlacesService } from './places.service.js';

/**
 * Wires the places routes into the app. The gazetteer loads on the first places query (or the
 * first listing geocode), not at start-up.
 */
export async function registerPlacesModule(app: FastifyInstance, _deps: AppDeps): Promise<void> {
  registerPlacesRoutes(app, createPlacesService({ provider: getPlacesProvider(app.log) }));
}
