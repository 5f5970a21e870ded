// What route handlers share. Routes that check their input themselves set `attachValidation`, so
// that the session and permission checks answer first (401, 403, then 404 or 400).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { NotFoundError } from './errors.js';

/** Reads the validated request body; throws its validation error. Called once the caller may act. */
export type BodyReader<T> = () => T;

/** The signed-in caller's id (the route's `auth: 'required'` guard has run). */
export function viewerOf(request: FastifyRequest): string {
  return request.activeSession!.userId;
}

export interface ValidIdOptions {
  /**
   * Check only a signed-in caller's id: on routes guests may call, a guest is first told to sign
   * in (by the service, with the spec's text).
   */
  onlyForMembers?: boolean;
}

/** A malformed id names nothing: 404 with the resource's own text, like an unknown id. */
export function assertValidId(request: FastifyRequest, message: string, options: ValidIdOptions = {}): void {
  if (options.onlyForMembers && !request.actor) return;
  if (request.validationError?.validationContext === 'params') throw new NotFoundError(message);
}

/** The request once its input is valid; otherwise its validation error (400) is thrown. */
export function validated<R extends FastifyRequest>(request: R): R {
  if (request.validationError) throw request.validationError;
  return request;
}

/** The validation error Fastify attaches to a request checked with `attachValidation`. */
export type RequestValidationError = NonNullable<FastifyRequest['validationError']>;

export interface BodyReaderOptions extends ValidIdOptions {
  /** The error thrown for a body that failed validation, when a route words it its own way. */
  invalidBody?: (error: RequestValidationError) => Error;
}

/**
 * The body, read only once the service has checked who may act (401, 404 and 403 come before
 * 400); a body that failed validation throws its errors (or `invalidBody`'s). With `notFound`,
 * a malformed id is answered first, at once (see `assertValidId`).
 */
export function bodyReader<T>(
  request: FastifyRequest,
  notFound?: string,
  options: BodyReaderOptions = {},
): BodyReader<T> {
  if (notFound !== undefined) assertValidId(request, notFound, options);
  return () => {
    if (request.validationError && options.invalidBody) throw options.invalidBody(request.validationError);
    return validated(request).body as T;
  };
}

/**
 * The body checked against `schema`, read after the session check (401 comes before 400). A
 * missing or non-object body reads as an empty one, so that it answers the fields' own texts.
 */
export function bodyOf<S extends z.ZodType>(request: FastifyRequest, schema: S): z.output<S> {
  if (!request.validationError) return request.body as z.output<S>;
  const raw = request.body;
  return schema.parse(typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {});
}

/** Answers 204 with no body. */
export function sendNoContent(reply: FastifyReply): FastifyReply {
  return reply.status(204).send(null);
}
