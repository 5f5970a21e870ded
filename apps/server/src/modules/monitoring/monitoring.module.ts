import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { recordUnexpectedErrors } from '../../http/error-handler.js';
import { createMetrics } from './monitoring.metrics.js';
import { createErrorQuota } from './monitoring.rate-limit.js';
import { createMonitoringRepository } from './monitoring.repository.js';
import { registerMonitoringRoutes } from './monitoring.routes.js';
import { createMonitoringService } from './monitoring.service.js';

export interface MonitoringModuleOptions {
  /** The realtime hub, for the open-socket gauge (0 when absent). */
  realtimeHub?: { readonly connectionCount: number } | undefined;
}

/**
 * Monitoring: client error and event ingestion (/api/monitoring/*), unexpected server errors
 * recorded with their request id, admin reads (/api/admin/monitoring/*) and Prometheus metrics
 * at /metrics (Bearer METRICS_TOKEN).
 */
export async function registerMonitoringModule(
  app: FastifyInstance,
  context: AppContext,
  options: MonitoringModuleOptions = {},
): Promise<void> {
  const repository = createMonitoringRepository(context.database.db);
  const monitoring = createMonitoringService({ repository, quota: createErrorQuota(), logger: app.log });
  const metrics = createMetrics({
    openSockets: () => options.realtimeHub?.connectionCount ?? 0,
    probeDatabase: () => repository.ping(),
  });
  app.addHook('onClose', async () => metrics.close());

  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  recordUnexpectedErrors(app, (error, request) =>
    monitoring.recordServerError(error, {
      requestId: request.id,
      userId: request.activeSession?.userId ?? null,
      method: request.method,
      route: request.routeOptions.url ?? null,
    }),
  );

  registerMonitoringRoutes(app, monitoring, metrics, context.config.metricsToken);
}
