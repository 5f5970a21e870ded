import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { geocodePlace } from '../../platform/places/index.js';
import { createListingsRepository } from './listings.repository.js';
import { registerListingsRoutes } from './listings.routes.js';
import { createListingsService } from './listings.service.js';

/** Wires the listings routes (/api/listings*, /api/me/favorites) into the app. */
export async function registerListingsModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const service = createListingsService({
    repository: createListingsRepository(deps.database.db),
    logger: app.log,
    // Listings sent without coordinates are placed by the places provider (null when unknown).
    geocode: async (text) => {
      const place = await geocodePlace(text);
      return place ? { lat: place.lat, lng: place.lng } : null;
    },
  });
  registerListingsRoutes(app, service);
}
