import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import type { Actor } from './access-policy.js';
import { registerErrorHandler } from './error-handler.js';
import { NotFoundError, type AppError } from './errors.js';
import { assertValidId, bodyOf, bodyReader, sendNoContent, validated, viewerOf } from './route-helpers.js';
import type { ActiveSession } from './session.js';

const THING_NOT_FOUND = 'Thing not found';
const NAME_REQUIRED = 'Name is required';
const ID = '6f1c2a7e-4b3d-4c5e-8f9a-0b1c2d3e4f50';

const IdParams = z.object({ id: z.uuid({ error: THING_NOT_FOUND }) });
const NameBody = z.object({ name: z.string({ error: NAME_REQUIRED }).min(1, NAME_REQUIRED) });
const SearchQuery = z.object({ q: z.string().min(2, 'Search with at least 2 characters') });

/** A request as a route sees it once Fastify has validated it with `attachValidation`. */
function requestWith(parts: {
  validationContext?: 'params' | 'body' | 'querystring';
  body?: unknown;
  actor?: boolean;
}): FastifyRequest {
  const validationError = parts.validationContext
    ? Object.assign(new Error('invalid'), { validationContext: parts.validationContext })
    : undefined;
  return {
    validationError,
    body: parts.body,
    actor: parts.actor ? ({ id: 'member' } as Actor) : null,
    activeSession: null,
  } as unknown as FastifyRequest;
}

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

describe('route helpers, called directly', () => {
  it('viewerOf answers the session user id', () => {
    const request = { activeSession: { userId: 'u-1' } as ActiveSession } as FastifyRequest;
    expect(viewerOf(request)).toBe('u-1');
  });

  it('assertValidId throws NotFoundError (404) with the given text for malformed params only', () => {
    const error = thrownBy(() =>
      assertValidId(requestWith({ validationContext: 'params' }), THING_NOT_FOUND),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as AppError).status).toBe(404);
    expect((error as AppError).code).toBe('NOT_FOUND');
    expect((error as AppError).message).toBe(THING_NOT_FOUND);

    expect(() => assertValidId(requestWith({}), THING_NOT_FOUND)).not.toThrow();
    expect(() => assertValidId(requestWith({ validationContext: 'body' }), THING_NOT_FOUND)).not.toThrow();
    expect(() =>
      assertValidId(requestWith({ validationContext: 'querystring' }), THING_NOT_FOUND),
    ).not.toThrow();
  });

  it('assertValidId with onlyForMembers lets a guest through and checks a member', () => {
    const options = { onlyForMembers: true };
    expect(() =>
      assertValidId(requestWith({ validationContext: 'params' }), THING_NOT_FOUND, options),
    ).not.toThrow();
    expect(() =>
      assertValidId(requestWith({ validationContext: 'params', actor: true }), THING_NOT_FOUND, options),
    ).toThrow(NotFoundError);
  });

  it('validated answers the request itself, or throws its validation error', () => {
    const valid = requestWith({ body: { name: 'rod' } });
    expect(validated(valid)).toBe(valid);
    const invalid = requestWith({ validationContext: 'body' });
    expect(thrownBy(() => validated(invalid))).toBe(invalid.validationError);
  });

  it('bodyReader defers the body check to the read, and answers a malformed id at once', () => {
    const invalidBody = requestWith({ validationContext: 'body', body: {} });
    const read = bodyReader(invalidBody);
    expect(thrownBy(read)).toBe(invalidBody.validationError);

    expect(bodyReader(requestWith({ body: { name: 'reel' } }))()).toEqual({ name: 'reel' });

    const malformedId = requestWith({ validationContext: 'params', actor: true });
    expect(() => bodyReader(malformedId)).not.toThrow();
    const error = thrownBy(() => bodyReader(malformedId, THING_NOT_FOUND));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as AppError).message).toBe(THING_NOT_FOUND);
    const guest = requestWith({ validationContext: 'params' });
    expect(() => bodyReader(guest, THING_NOT_FOUND, { onlyForMembers: true })).not.toThrow();
  });

  it("bodyReader with invalidBody throws that error for an invalid body, after the id's 404", () => {
    const worded = new Error('Worded its own way');
    const options = { invalidBody: (error: Error) => Object.assign(worded, { cause: error }) };
    const invalidBody = requestWith({ validationContext: 'body', body: {} });
    expect(thrownBy(bodyReader(invalidBody, THING_NOT_FOUND, options))).toBe(worded);
    expect(worded.cause).toBe(invalidBody.validationError);

    expect(bodyReader(requestWith({ body: { name: 'jig' } }), THING_NOT_FOUND, options)()).toEqual({
      name: 'jig',
    });
    const malformedId = requestWith({ validationContext: 'params', actor: true });
    expect(() => bodyReader(malformedId, THING_NOT_FOUND, options)).toThrow(NotFoundError);
  });

  it('bodyOf answers a valid body as is, and parses an invalid one (a non-object as empty)', () => {
    expect(bodyOf(requestWith({ body: { name: 'lure' } }), NameBody)).toEqual({ name: 'lure' });
    for (const body of [undefined, null, 'text', ['name'], { name: '' }]) {
      const error = thrownBy(() => bodyOf(requestWith({ validationContext: 'body', body }), NameBody));
      expect(error).toBeInstanceOf(ZodError);
      expect((error as ZodError).issues[0]?.message).toBe(NAME_REQUIRED);
    }
  });
});

describe('route helpers in a running app', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.decorateRequest('actor', null);
    app.decorateRequest('activeSession', null);
    // `x-member: <id>` stands for a signed-in member.
    app.addHook('onRequest', async (request) => {
      const member = request.headers['x-member'];
      if (typeof member !== 'string') return;
      request.activeSession = { userId: member } as ActiveSession;
      request.actor = { id: member } as Actor;
    });
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/me', { handler: async (request) => ({ id: viewerOf(request) }) });
    r.get('/things/:id', {
      attachValidation: true,
      schema: { params: IdParams },
      handler: async (request) => {
        assertValidId(request, THING_NOT_FOUND, { onlyForMembers: request.headers['x-guests'] === 'pass' });
        return { id: request.params.id };
      },
    });
    r.get('/search', {
      attachValidation: true,
      schema: { querystring: SearchQuery },
      handler: async (request) => ({ q: validated(request).query.q }),
    });
    r.put('/things/:id', {
      attachValidation: true,
      schema: { params: IdParams, body: NameBody },
      handler: async (request) => {
        const read = bodyReader<z.output<typeof NameBody>>(request, THING_NOT_FOUND);
        return { id: request.params.id, name: read().name };
      },
    });
    r.post('/names', {
      attachValidation: true,
      schema: { body: NameBody },
      handler: async (request) => bodyOf(request, NameBody),
    });
    r.delete('/things/:id', { handler: async (_request, reply) => sendNoContent(reply) });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  it("viewerOf reads the signed-in member's id", async () => {
    const response = await app.inject({ method: 'GET', url: '/me', headers: { 'x-member': 'm-7' } });
    expect(response.json()).toEqual({ id: 'm-7' });
  });

  it('a malformed id answers 404 with the resource text; a well-formed one passes', async () => {
    const bad = await app.inject({ method: 'GET', url: '/things/not-a-uuid' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ error: { code: 'NOT_FOUND', message: THING_NOT_FOUND } });

    const good = await app.inject({ method: 'GET', url: `/things/${ID}` });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ id: ID });
  });

  it('onlyForMembers leaves a guest unchecked and checks a member', async () => {
    const guest = await app.inject({
      method: 'GET',
      url: '/things/not-a-uuid',
      headers: { 'x-guests': 'pass' },
    });
    expect(guest.statusCode).toBe(200);
    const member = await app.inject({
      method: 'GET',
      url: '/things/not-a-uuid',
      headers: { 'x-guests': 'pass', 'x-member': 'm-1' },
    });
    expect(member.statusCode).toBe(404);
    expect(member.json().error.message).toBe(THING_NOT_FOUND);
  });

  it('validated answers an invalid query 400 with its own text', async () => {
    const bad = await app.inject({ method: 'GET', url: '/search?q=a' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Search with at least 2 characters',
    });
    const good = await app.inject({ method: 'GET', url: '/search?q=pike' });
    expect(good.json()).toEqual({ q: 'pike' });
  });

  it('bodyReader: a malformed id is 404 before the body; a bad body is 400 when read', async () => {
    const badId = await app.inject({ method: 'PUT', url: '/things/nope', payload: {} });
    expect(badId.statusCode).toBe(404);
    expect(badId.json().error.message).toBe(THING_NOT_FOUND);

    const badBody = await app.inject({ method: 'PUT', url: `/things/${ID}`, payload: { name: '' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: NAME_REQUIRED });

    const good = await app.inject({ method: 'PUT', url: `/things/${ID}`, payload: { name: 'spinner' } });
    expect(good.json()).toEqual({ id: ID, name: 'spinner' });
  });

  it("bodyOf answers a missing or non-object body with the fields' own texts", async () => {
    for (const payload of [undefined, [1, 2], { name: 7 }]) {
      const response = await app.inject({ method: 'POST', url: '/names', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: NAME_REQUIRED,
        issues: [{ path: 'name', message: NAME_REQUIRED }],
      });
    }
    const good = await app.inject({ method: 'POST', url: '/names', payload: { name: 'net' } });
    expect(good.json()).toEqual({ name: 'net' });
  });

  it('sendNoContent answers 204 with an empty body', async () => {
    const response = await app.inject({ method: 'DELETE', url: `/things/${ID}` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });
});
