import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { createReviewsRepository } from './reviews.repository.js';
import { registerReviewsRoutes } from './reviews.routes.js';
import { createReviewsService, REVIEWS_REVEAL_JOB, type ReviewsService } from './reviews.service.js';

/** The reviews service over the app's database (the composition root and the listings module use it too). */
export function reviewsServiceFor(app: FastifyInstance, context: AppContext): ReviewsService {
  return createReviewsService({
    repository: createReviewsRepository(context.database.db),
    events: context.events,
    jobs: context.jobs,
    logger: app.log,
  });
}

/** Wires the reviews routes and the job that shows hidden reviews when an order's review window closes. */
export async function registerReviewsModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const service = reviewsServiceFor(app, context);
  registerReviewsRoutes(app, service);
  context.jobs.register(REVIEWS_REVEAL_JOB, (tx, payload) => service.revealDue(tx, String(payload.orderId)));
}
