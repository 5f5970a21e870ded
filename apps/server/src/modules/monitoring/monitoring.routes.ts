import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  AUTH_MESSAGES,
  MonitoringBatchResultDto,
  MonitoringErrorGroupPageDto,
  MonitoringErrorOccurrencesDto,
  MonitoringErrorsBatch,
  MonitoringErrorsQuery,
  MonitoringEventPageDto,
  MonitoringEventsBatch,
  MonitoringEventsQuery,
  MonitoringFingerprintParams,
  MONITORING_MESSAGES,
} from '@castline/shared';
import { UnauthenticatedError } from '../../http/errors.js';
import { assertValidId, bodyOf } from '../../http/route-helpers.js';
import type { Metrics } from './monitoring.metrics.js';
import type { MonitoringService } from './monitoring.service.js';

const errors = { 400: ApiErrorDto, 401: ApiErrorDto, 403: ApiErrorDto, 404: ApiErrorDto, 413: ApiErrorDto };
const tags = ['monitoring'];
const adminRead = { auth: 'admin', permissions: ['analytics.read'] } as const;

function memberId(request: FastifyRequest): string {
  const userId = request.activeSession?.userId;
  if (!userId) throw new UnauthenticatedError(AUTH_MESSAGES.notAuthenticated);
  return userId;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Constant-time check of `Authorization: Bearer <token>`. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}

export function registerMonitoringRoutes(
  app: FastifyInstance,
  monitoring: MonitoringService,
  metrics: Metrics,
  metricsToken: string | undefined,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/monitoring/errors', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Report a batch of client errors (at most 100; 50 per member per 60 s are kept)',
      body: MonitoringErrorsBatch,
      response: { 202: MonitoringBatchResultDto, ...errors },
    },
    handler: async (request, reply) => {
      const result = await monitoring.ingestErrors(memberId(request), bodyOf(request, MonitoringErrorsBatch));
      return reply.status(202).send(result);
    },
  });

  r.post('/api/monitoring/events', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Report a batch of client events, logged messages and timings (at most 100)',
      body: MonitoringEventsBatch,
      response: { 202: MonitoringBatchResultDto, ...errors },
    },
    handler: async (request, reply) => {
      const result = await monitoring.ingestEvents(memberId(request), bodyOf(request, MonitoringEventsBatch));
      return reply.status(202).send(result);
    },
  });

  r.get('/api/admin/monitoring/errors', {
    config: adminRead,
    schema: {
      tags,
      summary: 'Errors grouped by fingerprint, most recently seen first (10 per page)',
      querystring: MonitoringErrorsQuery,
      response: { 200: MonitoringErrorGroupPageDto, ...errors },
    },
    handler: async (request) => monitoring.errorGroups(request.query.page),
  });

  r.get('/api/admin/monitoring/errors/:fingerprint', {
    config: adminRead,
    // The guard answers first (401 / 403); a malformed fingerprint then names no error group.
    attachValidation: true,
    schema: {
      tags,
      summary: 'The latest occurrences of one error group',
      params: MonitoringFingerprintParams,
      response: { 200: MonitoringErrorOccurrencesDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, MONITORING_MESSAGES.errorGroupNotFound);
      return monitoring.occurrences(request.params.fingerprint);
    },
  });

  r.get('/api/admin/monitoring/events', {
    config: adminRead,
    schema: {
      tags,
      summary: 'Client events, newest first (10 per page), optionally of one type',
      querystring: MonitoringEventsQuery,
      response: { 200: MonitoringEventPageDto, ...errors },
    },
    handler: async (request) => monitoring.events(request.query.type, request.query.page),
  });

  // Prometheus scrape endpoint: Bearer METRICS_TOKEN; absent (404) when no token is configured.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsToken) return reply.callNotFound();
    if (!hasToken(request, metricsToken)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized\n');
    }
    const text = await metrics.render();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}
