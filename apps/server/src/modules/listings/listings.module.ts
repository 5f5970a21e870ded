import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { geocodePlace } from '../../platform/places/index.js';
import { createListingViews, viewKeySecret } from './listing-views.js';
import { createListingsPriceGuideRepository } from './listings-price-guide.repository.js';
import { registerListingsPriceGuideRoutes } from './listings-price-guide.routes.js';
import { createListingsPriceGuideService } from './listings-price-guide.service.js';
import { createListingsRepository } from './listings.repository.js';
import { registerListingsRoutes } from './listings.routes.js';
import { createListingsService } from './listings.service.js';
import { reviewsServiceFor } from '../reviews/index.js';

/** Wires the listings routes (/api/listings*, /api/me/favorites) into the app. */
export async function registerListingsModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const repository = createListingsRepository(context.database.db);
  const service = createListingsService({
    repository,
    logger: app.log,
    // Listings sent without coordinates are placed by the places provider (null when unknown).
    geocode: async (text) => {
      const place = await geocodePlace(text);
      return place ? { lat: place.lat, lng: place.lng } : null;
    },
    events: context.events,
    reviews: reviewsServiceFor(app, context),
  });
  const views = createListingViews({
    repository,
    rateLimiter: context.rateLimiter,
    secret: viewKeySecret(context.authSecret),
  });
  registerListingsRoutes(app, service, views);
  registerListingsPriceGuideRoutes(
    app,
    createListingsPriceGuideService(createListingsPriceGuideRepository(context.database.db)),
  );
}
