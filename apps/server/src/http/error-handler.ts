import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ApiErrorDto, ErrorCode, ErrorIssueDto } from '@castline/shared';
import { APP_MESSAGES, AUTH_MESSAGES } from '@castline/shared';
import { AppError, ERROR_STATUS } from './errors.js';

function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  issues?: ErrorIssueDto[],
  headers?: Record<string, string>,
): FastifyReply {
  const body: ApiErrorDto = { error: { code, message, ...(issues && issues.length ? { issues } : {}) } };
  if (headers) void reply.headers(headers);
  return reply.status(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

/** Told about every unexpected (500) error; must not throw (a failure is swallowed and logged). */
export type UnexpectedErrorRecorder = (error: unknown, request: FastifyRequest) => void | Promise<void>;

const recorders = new WeakMap<FastifyInstance, UnexpectedErrorRecorder>();

/** Sets who records the unexpected errors that the app's error handler answers with 500. */
export function recordUnexpectedErrors(app: FastifyInstance, recorder: UnexpectedErrorRecorder): void {
  recorders.set(app, recorder);
}

/** Fire and forget: recording never delays, changes or breaks the answer. */
function notifyRecorder(app: FastifyInstance, error: unknown, request: FastifyRequest): void {
  const recorder = recorders.get(app);
  if (!recorder) return;
  try {
    const pending = recorder(error, request);
    if (pending) {
      pending.catch((failure: unknown) => request.log.warn({ err: failure }, 'recording the error failed'));
    }
  } catch (failure) {
    request.log.warn({ err: failure }, 'recording the error failed');
  }
}

function issuesFromPaths(items: { path: string; message: string }[]): ErrorIssueDto[] {
  return items.map((item) => ({ path: item.path, message: item.message }));
}

/** True when the error, or an error it wraps (drizzle wraps the driver's), has PostgreSQL's `code`. */
function hasDatabaseCode(error: unknown, code: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; cause?: unknown };
  if (candidate.code === code) return true;
  return candidate.cause !== undefined && candidate.cause !== error && hasDatabaseCode(candidate.cause, code);
}

const isUniqueViolation = (error: unknown) => hasDatabaseCode(error, '23505');
/** query_canceled: the statement ran past the pool's statement timeout (DATABASE_STATEMENT_TIMEOUT_MS). */
const isStatementTimeout = (error: unknown) => hasDatabaseCode(error, '57014');
/** Seconds a client should wait before asking again after a statement timeout. */
export const STATEMENT_TIMEOUT_RETRY_AFTER_S = 5;

/**
 * The one error handler: AppError, request validation (zod), malformed requests, rate limits
 * and unique violations become `{ error: { code, message, issues? } }`; anything else is a 500
 * that is logged with the request id and never leaks internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.code, error.message, error.issues, error.headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = issuesFromPaths(
        error.validation.map((item) => ({
          path: item.instancePath.replace(/^\//, '').replace(/\//g, '.'),
          message: item.message ?? APP_MESSAGES.invalidRequest,
        })),
      );
      return sendError(reply, 'VALIDATION_FAILED', issues[0]?.message ?? APP_MESSAGES.invalidRequest, issues);
    }
    if (error instanceof ZodError) {
      const issues = issuesFromPaths(
        error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
      return sendError(reply, 'VALIDATION_FAILED', issues[0]?.message ?? APP_MESSAGES.invalidRequest, issues);
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) {
      return sendError(reply, 'RATE_LIMITED', AUTH_MESSAGES.tooManyRequests);
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');
    }
    if (status === 413) {
      return sendError(reply, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    }
    if (status >= 400 && status < 500) {
      return sendError(reply, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', APP_MESSAGES.invalidRequest);
    }
    if (isUniqueViolation(error)) {
      return sendError(reply, 'CONFLICT', 'This record already exists.');
    }
    if (isStatementTimeout(error)) {
      // The database is too busy for this request right now: nothing is wrong with it, and
      // nothing was written (the statement was cancelled). Ask again shortly.
      request.log.warn({ err: error }, 'statement timeout');
      return sendError(reply, 'SERVICE_UNAVAILABLE', AUTH_MESSAGES.serviceUnavailable, undefined, {
        'retry-after': String(STATEMENT_TIMEOUT_RETRY_AFTER_S),
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    notifyRecorder(app, error, request);
    return sendError(reply, 'INTERNAL', APP_MESSAGES.internal);
  });

  app.setNotFoundHandler((request, reply) => {
    return sendError(
      reply,
      'NOT_FOUND',
      `${APP_MESSAGES.notFound}: ${request.method} ${request.url.split('?')[0]}`,
    );
  });
}
