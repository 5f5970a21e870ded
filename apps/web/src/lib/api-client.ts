import type { ErrorCode, ErrorIssueDto } from '@castline/shared';
import { ApiErrorDto, AUTH_MESSAGES, SessionStateDto, SHELL_MESSAGES } from '@castline/shared';
import type { z } from 'zod';
import { storeSessionMessage, type SessionMessageKind } from './session-messages';

/** Codes the client adds when the server could not be reached or answered something unreadable. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

export interface ApiErrorInit {
  status: number;
  code: ErrorCode | ClientErrorCode;
  message: string;
  issues?: ErrorIssueDto[] | undefined;
}

/** Every failed API call becomes one of these; `message` is ready to show to the user. */
export class ApiError extends Error {
  /** The HTTP status, or 0 when no answer arrived (network failure). */
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly issues: ErrorIssueDto[];

  constructor({ status, code, message, issues }: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues ?? [];
  }

  /** True when the request never got an answer (offline, DNS, connection reset). */
  get isNetworkError(): boolean {
    return this.code === 'NETWORK_ERROR';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : AUTH_MESSAGES.unexpectedError;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  /** Parses (and so validates) the success body. */
  schema: z.ZodType<T>;
  method?: Method;
  /** Sent as JSON. Leave undefined to send no body and no content-type. */
  body?: unknown;
  signal?: AbortSignal | undefined;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function unexpected(status: number, code: ClientErrorCode): ApiError {
  return new ApiError({ status, code, message: AUTH_MESSAGES.unexpectedError });
}

type SessionExpiredListener = () => void;
const sessionExpiredListeners = new Set<SessionExpiredListener>();

/** Called when a 401 could not be cured by refreshing the session (the app drops its member state). */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

/**
 * The server no longer knows this browser's session: the banner shows `message` and the app drops
 * the member's state. Used for a 401 that a refresh could not cure, and when staff end the session.
 */
export function expireSession(
  message: string = SHELL_MESSAGES.sessionExpired,
  kind: SessionMessageKind = 'sessionExpired',
): void {
  storeSessionMessage(kind, message);
  for (const listener of sessionExpiredListeners) listener();
}

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Asks the server for the session once (it renews a live session's cookie on the way); concurrent
 * 401s share the same refresh. True when the browser still has a signed-in session.
 */
function refreshSession(): Promise<boolean> {
  refreshInFlight ??= (async () => {
    try {
      const response = await fetch('/api/auth/session', {
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (!response.ok) return false;
      const parsed = SessionStateDto.safeParse(await readJson(response));
      return parsed.success && parsed.data.user !== null;
    } catch {
      return false;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

/** Auth endpoints answer 401 as part of their job (wrong password, signed out): never refresh for them. */
function refreshesOn401(path: string): boolean {
  return !path.startsWith('/api/auth/');
}

async function send(path: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    // A cancelled query is not a failure; let the caller (react-query) see the abort.
    if (signal?.aborted) throw error;
    throw unexpected(0, 'NETWORK_ERROR');
  }
}

/** Calls the Castline API on this origin with the session cookie, JSON in and out. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { schema, method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response = await send(path, init, signal);
  if (response.status === 401 && refreshesOn401(path)) {
    if (await refreshSession()) {
      response = await send(path, init, signal);
    } else {
      expireSession();
    }
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const parsed = ApiErrorDto.safeParse(payload);
    if (!parsed.success) throw unexpected(response.status, 'UNEXPECTED_RESPONSE');
    const { code, message, issues } = parsed.data.error;
    throw new ApiError({ status: response.status, code, message, issues });
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw unexpected(response.status, 'UNEXPECTED_RESPONSE');
  return parsed.data;
}

export const api = {
  get<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    return apiRequest(path, { schema, signal });
  },
  post<T>(path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    return apiRequest(path, { schema, method: 'POST', body });
  },
  patch<T>(path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    return apiRequest(path, { schema, method: 'PATCH', body });
  },
  put<T>(path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    return apiRequest(path, { schema, method: 'PUT', body });
  },
  delete<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    return apiRequest(path, { schema, method: 'DELETE' });
  },
};
