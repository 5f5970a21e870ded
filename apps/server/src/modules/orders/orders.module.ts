import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { createOrdersRepository } from './orders.repository.js';
import { registerOrdersRoutes } from './orders.routes.js';
import { createOrdersService, ORDER_COMPLETE_JOB, type OrdersService } from './orders.service.js';

/** The orders service over the app's database (the composition root also uses it). */
export function ordersServiceFor(app: FastifyInstance, context: AppContext): OrdersService {
  return createOrdersService({
    repository: createOrdersRepository(context.database.db),
    events: context.events,
    jobs: context.jobs,
    logger: app.log,
  });
}

/** Wires the orders routes and the job that completes orders nobody moved in time. */
export async function registerOrdersModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const service = ordersServiceFor(app, context);
  registerOrdersRoutes(app, service);
  context.jobs.register(ORDER_COMPLETE_JOB, (tx, payload) =>
    service.completeDue(tx, String(payload.orderId)),
  );
}
