import type { MessageResponseDto, SessionStateDto } from '@castline/shared';
import { AUTH_MESSAGES, SHELL_MESSAGES } from '@castline/shared';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockServer } from '../test/fetch-mock';
import { guestSession, memberSession } from '../test/fixtures';
import { api, ApiError, onSessionExpired } from './api-client';
import { clearSessionMessages, readSessionMessages } from './session-messages';

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
  it('answers the success body and sends the session cookie', async () => {
    const server = mockServer({ 'GET /api/auth/session': { body: guestSession } });

    await expect(api.get<SessionStateDto>('/api/auth/session')).resolves.toEqual(guestSession);

    const init = server.fetch.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const server = mockServer({ 'POST /api/auth/verify-email': { body: { message: 'ok' } } });

    await api.post<MessageResponseDto>('/api/auth/verify-email', { token: 'abc' });

    const [request] = server.calls('POST', '/api/auth/verify-email');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({ token: 'abc' });
  });

  it('sends no body and no content type when there is nothing to send', async () => {
    const server = mockServer({ 'POST /api/auth/sign-out': { body: { message: 'bye' } } });

    await api.post<MessageResponseDto>('/api/auth/sign-out');

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

    const error = await caught(api.post<MessageResponseDto>('/api/auth/sign-up', {}));

    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(error.issues).toEqual([{ path: 'password', message: AUTH_MESSAGES.passwordTooShort }]);
    expect(error.isNetworkError).toBe(false);
  });

  it('turns a network failure into the unexpected-error message', async () => {
    mockServer({ 'POST /api/auth/sign-in': { networkError: true } });

    const error = await caught(
      api.post<MessageResponseDto>('/api/auth/sign-in', { email: 'a', password: 'b' }),
    );

    expect(error.message).toBe(AUTH_MESSAGES.unexpectedError);
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
  });

  it('turns an unreadable error answer (not JSON) into the unexpected-error message', async () => {
    mockServer({ 'POST /api/auth/sign-in': { status: 502, raw: '<html>Bad gateway</html>' } });

    const error = await caught(api.post<MessageResponseDto>('/api/auth/sign-in', {}));

    expect(error.status).toBe(502);
    expect(error.message).toBe(AUTH_MESSAGES.unexpectedError);
    expect(error.isNetworkError).toBe(false);
  });

  it('turns an unreadable error body (JSON, but not the error shape) into the unexpected-error message', async () => {
    mockServer({ 'POST /api/auth/sign-in': { status: 500, body: { error: 'boom' } } });

    const error = await caught(api.post<MessageResponseDto>('/api/auth/sign-in', {}));

    expect(error.status).toBe(500);
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.message).toBe(AUTH_MESSAGES.unexpectedError);
  });

  it('turns an error body with a code the API does not have into the unexpected-error message', async () => {
    mockServer({
      'POST /api/auth/sign-in': {
        status: 500,
        body: { error: { code: 'SOMETHING_ELSE', message: 'Internal details' } },
      },
    });

    const error = await caught(api.post<MessageResponseDto>('/api/auth/sign-in', {}));

    expect(error.status).toBe(500);
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.message).toBe(AUTH_MESSAGES.unexpectedError);
  });

  it('rejects a success answer that is not JSON (a proxy page) with the unexpected-error message', async () => {
    mockServer({ 'GET /api/auth/session': { raw: '<html>Welcome to the hotel Wi-Fi</html>' } });

    const error = await caught(api.get<SessionStateDto>('/api/auth/session'));

    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.message).toBe(AUTH_MESSAGES.unexpectedError);
  });

  it('rejects an empty success answer where a body is expected', async () => {
    mockServer({ 'GET /api/auth/session': { raw: '' } });

    const error = await caught(api.get<SessionStateDto>('/api/auth/session'));

    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.message).toBe(AUTH_MESSAGES.unexpectedError);
  });

  it('answers undefined for a 204 deletion', async () => {
    mockServer({ 'DELETE /api/alerts/a1': { status: 204 } });

    await expect(api.delete('/api/alerts/a1')).resolves.toBeUndefined();
  });

  describe('on 401', () => {
    interface Profile {
      id: string;
    }

    it('refreshes the session once and repeats the request when the session is still alive', async () => {
      let attempts = 0;
      const server = mockServer({
        'GET /api/profiles/me': () => {
          attempts += 1;
          return attempts === 1
            ? apiError(401, 'UNAUTHENTICATED', 'Not authenticated')
            : { body: { id: 'p1' } };
        },
        'GET /api/auth/session': { body: memberSession },
      });

      await expect(api.get<Profile>('/api/profiles/me')).resolves.toEqual({ id: 'p1' });
      expect(server.calls('GET', '/api/auth/session')).toHaveLength(1);
      expect(server.calls('GET', '/api/profiles/me')).toHaveLength(2);
      expect(readSessionMessages()).toEqual([]);
    });

    it('raises the session-expired banner message and tells listeners when the session is gone', async () => {
      mockServer({
        'GET /api/profiles/me': apiError(401, 'UNAUTHENTICATED', 'Not authenticated'),
        'GET /api/auth/session': { body: guestSession },
      });
      const expired = vi.fn();
      const stop = onSessionExpired(expired);

      const error = await caught(api.get<Profile>('/api/profiles/me'));
      stop();

      expect(error.status).toBe(401);
      expect(expired).toHaveBeenCalledTimes(1);
      expect(readSessionMessages()).toEqual([
        { kind: 'sessionExpired', message: SHELL_MESSAGES.sessionExpired },
      ]);
      clearSessionMessages();
    });

    it('shares one refresh between requests that fail together', async () => {
      const server = mockServer({
        'GET /api/profiles/me': apiError(401, 'UNAUTHENTICATED', 'Not authenticated'),
        'GET /api/auth/session': { body: guestSession },
      });

      await Promise.allSettled([api.get<Profile>('/api/profiles/me'), api.get<Profile>('/api/profiles/me')]);

      expect(server.calls('GET', '/api/auth/session')).toHaveLength(1);
      clearSessionMessages();
    });

    it('never refreshes for the auth endpoints themselves (a wrong password is not an expired session)', async () => {
      const server = mockServer({
        'POST /api/auth/sign-in': apiError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials),
      });

      const error = await caught(
        api.post<MessageResponseDto>('/api/auth/sign-in', { email: 'a@b.c', password: 'x' }),
      );

      expect(error.message).toBe(AUTH_MESSAGES.invalidCredentials);
      expect(server.calls('GET', '/api/auth/session')).toHaveLength(0);
      expect(readSessionMessages()).toEqual([]);
    });
  });
});
