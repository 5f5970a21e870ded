import { AUTH_MESSAGES, MessageDto, SessionStateDto } from '@castline/shared';
import { describe, expect, it } from 'vitest';
import { apiError, mockServer } from '../test/fetch-mock';
import { guestSession } from '../test/fixtures';
import { api, ApiError } from './api-client';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the request to fail');
}

describe('api client', () => {
  it('parses a success body with the given schema and sends the session cookie', async () => {
    const server = mockServer({ 'GET /api/auth/session': { body: guestSession } });

    await expect(api.get('/api/auth/session', SessionStateDto)).resolves.toEqual(guestSession);

    const init = server.fetch.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const server = mockServer({ 'POST /api/auth/verify-email': { body: { message: 'ok' } } });

    await api.post('/api/auth/verify-email', MessageDto, { token: 'abc' });

    const [request] = server.calls('POST', '/api/auth/verify-email');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({ token: 'abc' });
  });

  it('sends no body and no content type when there is nothing to send', async () => {
    const server = mockServer({ 'POST /api/auth/sign-out': { body: { message: 'bye' } } });

    await api.post('/api/auth/sign-out', MessageDto);

    const [request] = server.calls('POST', '/api/auth/sign-out');
    expect(request?.rawBody).toBeUndefined();
    expect(request?.headers).not.toHaveProperty('content-type');
  });

  it('turns an error body into an ApiError with status, code, message and issues', async () => {
    mockServer({
      'POST /api/auth/sign-up': apiError(400, 'VALIDATION_FAILED', AUTH_MESSAGES.passwordTooShort, [
        { path: 'password', message: AUTH_MESSAGES.passwordTooShort },
      ]),
    });

    const error = await caught(api.post('/api/auth/sign-up', MessageDto, {}));

    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(error.issues).toEqual([{ path: 'password', message: AUTH_MESSAGES.passwordTooShort }]);
    expect(error.isNetworkError).toBe(false);
  });

  it('turns a network failure into the unexpected-error message', async () => {
    mockServer({ 'POST /api/auth/sign-in': { networkError: true } });

    const error = await caught(api.post('/api/auth/sign-in', MessageDto, { email: 'a', password: 'b' }));

    expect(error.message).toBe(AUTH_MESSAGES.unexpectedError);
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
  });

  it('turns an unreadable error answer (not JSON) into the unexpected-error message', async () => {
    mockServer({ 'POST /api/auth/sign-in': { status: 502, raw: '<html>Bad gateway</html>' } });

    const error = await caught(api.post('/api/auth/sign-in', MessageDto, {}));

    expect(error.status).toBe(502);
    expect(error.message).toBe(AUTH_MESSAGES.unexpectedError);
    expect(error.isNetworkError).toBe(false);
  });

  it('rejects a success body that does not match the schema', async () => {
    mockServer({ 'GET /api/auth/session': { body: { user: 'nobody' } } });

    const error = await caught(api.get('/api/auth/session', SessionStateDto));

    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.message).toBe(AUTH_MESSAGES.unexpectedError);
  });
});
