import type { ApiErrorDto, ErrorCode, ErrorIssueDto, SessionStateDto } from '@castline/shared';
import { APP_MESSAGES, ERROR_CODES, SHELL_MESSAGES } from '@castline/shared';

/** 'An unexpected error occurred. Please try again.': the same text as AUTH_MESSAGES.unexpectedError, without loading every account text on every page. */
export const UNEXPECTED_ERROR = APP_MESSAGES.internal;
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
  return isApiError(error) ? error.message : UNEXPECTED_ERROR;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/*
 * Success bodies are typed, not parsed: the server validates every response against its DTO schema
 * before sending it (docs/decisions/0011-typed-responses-in-the-browser.md), so the JSON that
 * arrives is the DTO's shape. The caller names that shape: `api.get<ListingDto>(path)`.
 */
export interface RequestOptions {
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIssue(value: unknown): value is ErrorIssueDto {
  return isObject(value) && typeof value.path === 'string' && typeof value.message === 'string';
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The one error shape every endpoint answers with: `{ error: { code, message, issues? } }`, the
 * code one of the API's ERROR_CODES.
 */
function isApiErrorBody(value: unknown): value is ApiErrorDto {
  if (!isObject(value) || !isObject(value.error)) return false;
  const { code, message, issues } = value.error;
  return (
    isErrorCode(code) &&
    typeof message === 'string' &&
    (issues === undefined || (Array.isArray(issues) && issues.every(isIssue)))
  );
}

function unexpected(status: number, code: ClientErrorCode): ApiError {
  return new ApiError({ status, code, message: UNEXPECTED_ERROR });
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
      const state = await readJson(response);
      return isObject(state) && isObject((state as Partial<SessionStateDto>).user);
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

/** How a request reaches the API: the browser's fetch, or the server's own handler when it renders a page. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (path, init) => fetch(path, init);

/** Sends this module's requests through `next` (the server's page renderer answers them in-process). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

async function send(path: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  try {
    return await transport(path, init);
  } catch (error) {
    // A cancelled query is not a failure; let the caller (react-query) see the abort.
    if (signal?.aborted) throw error;
    throw unexpected(0, 'NETWORK_ERROR');
  }
}

/** Calls the Castline API on this origin with the session cookie, JSON in and out. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
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

  // 204 No Content (a deletion) is the one success without a body.
  if (response.status === 204) return undefined as T;

  const payload = await readJson(response);
  if (!response.ok) {
    if (!isApiErrorBody(payload)) throw unexpected(response.status, 'UNEXPECTED_RESPONSE');
    const { code, message, issues } = payload.error;
    throw new ApiError({ status: response.status, code, message, issues });
  }

  // Every DTO is a JSON object: an empty or unreadable answer (a proxy's HTML page) is not one.
  if (!isObject(payload)) throw unexpected(response.status, 'UNEXPECTED_RESPONSE');
  return payload as T;
}

/** `T` is the endpoint's response DTO type (`import type { XDto } from '@castline/shared'`). */
export const api = {
  get<T>(path: string, signal?: AbortSignal): Promise<T> {
    return apiRequest<T>(path, { signal });
  },
  post<T>(path: string, body?: unknown): Promise<T> {
    return apiRequest<T>(path, { method: 'POST', body });
  },
  patch<T>(path: string, body?: unknown): Promise<T> {
    return apiRequest<T>(path, { method: 'PATCH', body });
  },
  put<T>(path: string, body?: unknown): Promise<T> {
    return apiRequest<T>(path, { method: 'PUT', body });
  },
  /** Resolves to undefined for a 204 answer (the default `T`). */
  delete<T = void>(path: string): Promise<T> {
    return apiRequest<T>(path, { method: 'DELETE' });
  },
};
