import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERT_MESSAGES as M,
  AlertIdParams,
  AlertMatchDto,
  AlertMatchIdParams,
  AlertMatchListDto,
  ApiErrorDto,
  APP_MESSAGES,
  CreateAlertBody,
  ListAlertMatchesQuery,
  ProductAlertDto,
  ProductAlertListDto,
  UpdateAlertBody,
} from '@castline/shared';
import { requireActor } from '../../http/auth-hooks.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import type { AlertsService, BodyReader } from './alerts.service.js';

const errors = { 400: ApiErrorDto, 401: ApiErrorDto, 403: ApiErrorDto, 404: ApiErrorDto, 409: ApiErrorDto };
const tags = ['alerts'];

/** A malformed id names no alert or match: 404 Alert not found, like an unknown one. */
function assertValidId(request: FastifyRequest): void {
  if (request.validationError?.validationContext === 'params') throw new NotFoundError(M.notFound);
}

/**
 * The body, read once the service has checked who may act. Any problem inside the filters reads
 * 'Invalid alert filters' (the name keeps its own texts).
 */
function bodyReader<T>(request: FastifyRequest): BodyReader<T> {
  assertValidId(request);
  return () => {
    const invalid = request.validationError as
      (Error & { validation?: { instancePath?: string; message?: string }[] }) | undefined;
    if (!invalid) return request.body as T;
    const issues = (invalid.validation ?? []).map((item) => {
      const path = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      const inFilters = path === 'filters' || path.startsWith('filters.');
      return { path, message: inFilters ? M.filtersInvalid : (item.message ?? APP_MESSAGES.invalidRequest) };
    });
    throw new ValidationError(issues[0]?.message ?? APP_MESSAGES.invalidRequest, issues);
  };
}

export function registerAlertsRoutes(app: FastifyInstance, alerts: AlertsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/alerts', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: "The caller's saved alerts with their match and unread counts, newest first",
      response: { 200: ProductAlertListDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return alerts.list(request.activeSession!.userId);
    },
  });

  r.post('/api/alerts', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Save a marketplace search as an alert (up to 20 per member)',
      body: CreateAlertBody,
      response: { 201: ProductAlertDto, ...errors },
    },
    handler: async (request, reply) => {
      const created = await alerts.create(requireActor(request), bodyReader(request));
      return reply.status(201).send(created);
    },
  });

  r.patch('/api/alerts/:id', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Rename an alert, pause or resume it, or change its filters',
      params: AlertIdParams,
      body: UpdateAlertBody,
      response: { 200: ProductAlertDto, ...errors },
    },
    handler: async (request) => alerts.update(requireActor(request), request.params.id, bodyReader(request)),
  });

  r.delete('/api/alerts/:id', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Delete an alert and its matches',
      params: AlertIdParams,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
    handler: async (request, reply) => {
      assertValidId(request);
      await alerts.remove(requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/alerts/matches', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: "Listings that matched the caller's alerts (one alert, or all), newest first",
      querystring: ListAlertMatchesQuery,
      response: { 200: AlertMatchListDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return alerts.matches(request.activeSession!.userId, request.query);
    },
  });

  r.post('/api/alerts/matches/:id/read', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Mark an alert match read, and its Product Alert Match notification',
      params: AlertMatchIdParams,
      response: { 200: AlertMatchDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request);
      return alerts.markMatchRead(requireActor(request), request.params.id);
    },
  });
}
