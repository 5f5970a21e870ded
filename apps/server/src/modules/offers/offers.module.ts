import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { createOffersRepository } from './offers.repository.js';
import { registerOffersRoutes } from './offers.routes.js';
import { createOffersService, type OffersService } from './offers.service.js';

/** How often open offers past their 48 hours are expired (and their buyers told). */
export const OFFER_SWEEP_INTERVAL_MS = 60_000;
/** The background job's name (its cross-instance lock). */
export const OFFER_SWEEP_JOB = 'offer-expiry';

/**
 * The offers service over the app's database and realtime publisher (the composition root also
 * uses it: a sale and an account deletion settle offers).
 */
export function offersServiceFor(app: FastifyInstance, context: AppContext): OffersService {
  return createOffersService({
    repository: createOffersRepository(context.database.db),
    realtime: context.realtime,
    events: context.events,
    logger: app.log,
  });
}

/** Wires the offers routes and the expiry sweep into the app. */
export async function registerOffersModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const service = offersServiceFor(app, context);
  registerOffersRoutes(app, service);

  // One instance at a time sweeps (a database lock named after the job; the others skip that
  // tick), and two sweeps would never expire one offer twice anyway (see expireDue). Lists and
  // actions also sweep what they are about to show, so a stale offer never reads as open.
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = context.database
      .exclusive(OFFER_SWEEP_JOB, () => service.sweep({ kind: 'all' }))
      .catch((error: unknown) => app.log.error({ err: error }, 'offer expiry sweep failed'))
      .finally(() => {
        running = null;
      });
  }, OFFER_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
