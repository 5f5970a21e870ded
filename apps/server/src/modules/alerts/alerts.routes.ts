import type { FastifyInstance } from 'fastify';
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
  ListingAlertDto,
  ListingAlertListDto,
  UpdateAlertBody,
} from '@castline/shared';
import { requireActor } from '../../http/auth-hooks.js';
import { ValidationError } from '../../http/errors.js';
import {
  assertValidId,
  bodyReader,
  sendNoContent,
  viewerOf,
  type BodyReaderOptions,
  type RequestValidationError,
} from '../../http/route-helpers.js';
import type { AlertsService } from './alerts.service.js';

const errors = { 400: ApiErrorDto, 401: ApiErrorDto, 403: ApiErrorDto, 404: ApiErrorDto, 409: ApiErrorDto };
const tags = ['alerts'];

/** Any problem inside an alert's filters reads 'Invalid alert filters'; the name keeps its own texts. */
function alertBodyError(invalid: RequestValidationError): ValidationError {
  const items = (invalid.validation ?? []) as { instancePath?: string; message?: string }[];
  const issues = items.map((item) => {
    const path = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const inFilters = path === 'filters' || path.startsWith('filters.');
    return { path, message: inFilters ? M.filtersInvalid : (item.message ?? APP_MESSAGES.invalidRequest) };
  });
  return new ValidationError(issues[0]?.message ?? APP_MESSAGES.invalidRequest, issues);
}

/** An alert body is read once the service has checked who may act, with the texts above. */
const alertBody: BodyReaderOptions = { invalidBody: alertBodyError };

export function registerAlertsRoutes(app: FastifyInstance, alerts: AlertsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/alerts', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: "The caller's saved alerts with their match and unread counts, newest first",
      response: { 200: ListingAlertListDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return alerts.list(viewerOf(request));
    },
  });

  r.post('/api/alerts', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Save a marketplace search as an alert (up to 20 per member)',
      body: CreateAlertBody,
      response: { 201: ListingAlertDto, ...errors },
    },
    handler: async (request, reply) => {
      const created = await alerts.create(requireActor(request), bodyReader(request, M.notFound, alertBody));
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
      response: { 200: ListingAlertDto, ...errors },
    },
    handler: async (request) =>
      alerts.update(requireActor(request), request.params.id, bodyReader(request, M.notFound, alertBody)),
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
      assertValidId(request, M.notFound);
      await alerts.remove(requireActor(request), request.params.id);
      return sendNoContent(reply);
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
      return alerts.matches(viewerOf(request), request.query);
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
      assertValidId(request, M.notFound);
      return alerts.markMatchRead(requireActor(request), request.params.id);
    },
  });
}
