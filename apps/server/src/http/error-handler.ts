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

/**
 * True when the error, or an error it wraps (drizzle wraps the driver's; callers may wrap again),
 * has one of PostgreSQL's `codes` (SQLSTATE). PGlite and node-postgres both set `code`.
 */
function hasDatabaseCode(error: unknown, codes: ReadonlySet<string>): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && codes.has(candidate.code)) return true;
    if (candidate.cause === current) return false;
    current = candidate.cause;
  }
  return false;
}

const isUniqueViolation = (error: unknown) => hasDatabaseCode(error, new Set(['23505']));
/** query_canceled: the statement ran past the pool's statement timeout (DATABASE_STATEMENT_TIMEOUT_MS). */
const isStatementTimeout = (error: unknown) => hasDatabaseCode(error, new Set(['57014']));

/**
 * Values the database refused that validation should have stopped first: a check constraint
 * (23514), a missing value (23502), text a column's type cannot read (22P02), a number out of its
 * column's range (22003), text too long for its column (22001), a date it cannot read or hold
 * (22007, 22008). The request was wrong, not the server: 400.
 */
const REFUSED_DATA = new Set(['23514', '23502', '22P02', '22003', '22001', '22007', '22008']);
const isRefusedData = (error: unknown) => hasDatabaseCode(error, REFUSED_DATA);
/** foreign_key_violation: what the request points at is gone, or what it removes is still used. */
const isForeignKeyViolation = (error: unknown) => hasDatabaseCode(error, new Set(['23503']));
/** Castline's own text for a foreign-key violation (the specification gives none). */
export const RELATED_RECORDS_CHANGED =
  'This change conflicts with related records. Please refresh and try again.';
/** Seconds a client should wait before asking again after a statement timeout. */
export const STATEMENT_TIMEOUT_RETRY_AFTER_S = 5;

/**
 * The one error handler: AppError, request validation (zod), malformed requests, rate limits,
 * unique violations (409) and other data the database refused (400, or 409 for a foreign key)
 * become `{ error: { code, message, issues? } }`; anything else is a 500 that is logged with the
 * request id and never leaks internals.
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
    if (isRefusedData(error) || isForeignKeyViolation(error)) {
      // Not the server's fault, but worth a look: a schema let through what the database refused.
      request.log.warn({ err: error }, 'the database refused the request data');
      return isRefusedData(error)
        ? sendError(reply, 'VALIDATION_FAILED', APP_MESSAGES.invalidRequest)
        : sendError(reply, 'CONFLICT', RELATED_RECORDS_CHANGED);
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
