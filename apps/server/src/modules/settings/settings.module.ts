import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { geocodePlace } from '../../platform/places/index.js';
import {
  createProfilesRepository,
  registerProfileEditRoutes,
  createProfileEditor,
} from '../profiles/index.js';
import { createSettingsRepository } from './settings.repository.js';
import { registerSettingsRoutes } from './settings.routes.js';
import { createSettingsService } from './settings.service.js';

/**
 * Wires the settings routes (/api/settings/*) and the profile editor (PATCH /api/profiles/me).
 * The email notifier listens to domain events (src/subscriptions.ts).
 */
export async function registerSettingsModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context.database;
  registerProfileEditRoutes(
    app,
    createProfileEditor({
      repository: createProfilesRepository(db),
      // Locations sent without coordinates are placed by the places provider (null when unknown).
      geocode: async (text) => {
        const place = await geocodePlace(text);
        return place ? { lat: place.lat, lng: place.lng } : null;
      },
      realtime: context.realtime,
      logger: app.log,
    }),
  );
  registerSettingsRoutes(
    app,
    createSettingsService({
      repository: createSettingsRepository(db),
      mailer: context.mailer,
      rateLimiter: context.rateLimiter,
      realtime: context.realtime,
      events: context.events,
      publicUrl: context.config.publicUrl,
      logger: app.log,
    }),
  );
}
