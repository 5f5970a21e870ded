import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.js';
import { geocodePlace } from '../../platform/places/index.js';
import { createProfilesRepository } from '../profiles/profiles.repository.js';
import { registerProfileEditRoutes } from '../profiles/profiles.routes.js';
import { createProfileEditor } from '../profiles/profiles.service.js';
import { attachEmailNotifier, createEmailNotifier } from './email-notifier.js';
import { createSettingsRepository } from './settings.repository.js';
import { registerSettingsRoutes } from './settings.routes.js';
import { createSettingsService } from './settings.service.js';

/**
 * Wires the settings routes (/api/settings/*), the profile editor (PATCH /api/profiles/me) and
 * the email notifier that messaging and offers use for members who want emails.
 */
export async function registerSettingsModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context.database;
  const notifier = createEmailNotifier({
    db,
    mailer: context.mailer,
    publicUrl: context.config.publicUrl,
    logger: app.log,
  });
  attachEmailNotifier(db, notifier);
  // Emails still on their way are sent (or logged as failed) before the app closes.
  app.addHook('onClose', async () => notifier.settled());

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
      publicUrl: context.config.publicUrl,
      logger: app.log,
    }),
  );
}
