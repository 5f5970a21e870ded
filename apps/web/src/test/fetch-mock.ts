import { vi } from 'vitest';

/** One simulated server answer. */
export interface MockAnswer {
  /** 200 by default; 204 answers with no body. */
  status?: number;
  /** Serialized as JSON. */
  body?: unknown;
  /** Sent as is (for non-JSON answers). */
  raw?: string;
  /** Simulates a request that never gets an answer. */
  networkError?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The raw body as sent, or undefined when none was sent. */
  rawBody: string | undefined;
  /** The body parsed as JSON, when there was one. */
  body: unknown;
}

type Route = MockAnswer | ((request: RecordedRequest) => MockAnswer | Promise<MockAnswer>);

/**
 * Replaces `fetch` with a fake server: keys are "METHOD /path", values an answer or a function
 * of the request. Unknown requests answer 599 so a test notices them.
 */
export function mockServer(routes: Record<string, Route>) {
  const requests: RecordedRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      rawBody,
      body: rawBody ? (JSON.parse(rawBody) as unknown) : undefined,
    };
    requests.push(request);

    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    let answer: MockAnswer;
    if (!route) {
      answer = { status: 599, raw: `No mock for ${key}` };
    } else if (typeof route === 'function') {
      answer = await route(request);
    } else {
      answer = route;
    }

    if (answer.networkError) throw new TypeError('Failed to fetch');
    // 204 No Content (the deletions) carries no body at all, as the server sends it.
    if (answer.status === 204) return new Response(null, { status: 204 });
    return new Response(answer.raw ?? JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': answer.raw ? 'text/plain' : 'application/json' },
    });
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    requests,
    /** Requests sent to one endpoint. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

/** The error body every endpoint answers with. */
export function apiError(status: number, code: string, message: string, issues?: unknown[]): MockAnswer {
  return { status, body: { error: { code, message, ...(issues ? { issues } : {}) } } };
}
