import type { MessageResponseDto } from '@castline/shared';
import { AUTH_MESSAGES } from '@castline/shared';
import { describe, expect, it } from 'vitest';
import { mockServer, apiError } from '../test/fetch-mock';
import { api, ApiError } from './api-client';
import {
  createQueryClient,
  MAX_RETRY_DELAY_MS,
  queryRetryDelay,
  shouldRetryMutation,
  shouldRetryQuery,
} from './query-client';

function httpError(status: number): ApiError {
  return new ApiError({ status, code: 'INTERNAL', message: 'failed' });
}

const networkError = new ApiError({
  status: 0,
  code: 'NETWORK_ERROR',
  message: AUTH_MESSAGES.unexpectedError,
});

describe('query retry policy', () => {
  it.each([400, 401, 403, 404, 409, 429, 500, 502, 503, 599])('never retries an HTTP %i answer', (status) => {
    expect(shouldRetryQuery(0, httpError(status))).toBe(false);
  });

  it('retries other failures while fewer than 2 attempts have failed', () => {
    expect(shouldRetryQuery(0, networkError)).toBe(true);
    expect(shouldRetryQuery(1, networkError)).toBe(true);
    expect(shouldRetryQuery(2, networkError)).toBe(false);
  });

  it('backs off exponentially, capped at 30 seconds', () => {
    expect(queryRetryDelay(0)).toBe(1000);
    expect(queryRetryDelay(1)).toBe(2000);
    expect(queryRetryDelay(2)).toBe(4000);
    expect(queryRetryDelay(10)).toBe(MAX_RETRY_DELAY_MS);
    expect(MAX_RETRY_DELAY_MS).toBe(30_000);
  });

  it('asks the server only once when a query answers 503', async () => {
    const server = mockServer({
      'GET /api/auth/session': apiError(503, 'SERVICE_UNAVAILABLE', AUTH_MESSAGES.serviceUnavailable),
    });
    const queryClient = createQueryClient();

    await expect(
      queryClient.fetchQuery({
        queryKey: ['probe'],
        queryFn: () => api.get<MessageResponseDto>('/api/auth/session'),
        retry: queryClient.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toThrow(AUTH_MESSAGES.serviceUnavailable);
    expect(server.calls('GET', '/api/auth/session')).toHaveLength(1);
  });
});

describe('mutation retry policy', () => {
  it('retries a network failure once', () => {
    expect(shouldRetryMutation(0, networkError)).toBe(true);
    expect(shouldRetryMutation(1, networkError)).toBe(false);
  });

  it.each([400, 401, 403, 409, 429, 500])('never retries an HTTP %i answer', (status) => {
    expect(shouldRetryMutation(0, httpError(status))).toBe(false);
  });
});

describe('query client defaults', () => {
  it('keeps data fresh for 5 minutes, cached for an hour, and ignores window focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(5 * 60_000);
    expect(queries?.gcTime).toBe(60 * 60_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
  });

  it('waits 1 second before retrying a mutation', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retryDelay).toBe(1000);
  });
});
