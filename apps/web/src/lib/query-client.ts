import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MINUTE = 60_000;
export const QUERY_STALE_TIME_MS = 5 * MINUTE;
export const QUERY_GC_TIME_MS = 60 * MINUTE;
export const MAX_RETRY_DELAY_MS = 30_000;
export const MUTATION_RETRY_DELAY_MS = 1000;

/** True for an answer with an HTTP status 400–599: asking again would not change it. */
function isHttpFailure(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status <= 599;
}

/** Queries: never retry an HTTP 4xx/5xx answer; otherwise retry while fewer than 2 attempts have failed. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isHttpFailure(error)) return false;
  return failureCount < 2;
}

/** Exponential back-off (1 s, 2 s, 4 s …) capped at 30 s. */
export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

/** Mutations: one more try only when the request never got an answer; a 4xx is never repeated. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isApiError(error) && error.isNetworkError;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay: MUTATION_RETRY_DELAY_MS,
      },
    },
  });
}
