import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { REALTIME_PATH, ServerEvent, type ClientFrame } from '@castline/shared';

/** A test's realtime socket: every event it received, and a way to wait for the next match. */
export interface TestSocket {
  socket: WebSocket;
  events: ServerEvent[];
  send(frame: ClientFrame | Record<string, unknown>): void;
  /**
   * Resolves with the first event (already received or still to come) that matches; empty
   * `events` first to wait only for new ones.
   */
  next<T extends ServerEvent['type']>(
    type: T,
    match?: (event: Extract<ServerEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerEvent, { type: T }>>;
  close(): Promise<void>;
}

/** The app's address once it listens on a free port of 127.0.0.1. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return address.replace(/^http/, 'ws');
}

/** Opens /api/realtime with the member's cookie and waits for `ready`. */
export async function openSocket(
  baseUrl: string,
  cookie: string,
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const socket = new WebSocket(`${baseUrl}${REALTIME_PATH}`, { headers: { cookie, ...headers } });
  const events: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    events.push(ServerEvent.parse(JSON.parse(String(raw))));
    for (const wake of waiters) wake();
  });
  const test: TestSocket = {
    socket,
    events,
    send: (frame) => socket.send(JSON.stringify(frame)),
    next: (type, match, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        type Wanted = Extract<ServerEvent, { type: typeof type }>;
        const find = () =>
          events.find((event): event is Wanted => event.type === type && (!match || match(event as Wanted)));
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no ${type} event within ${timeoutMs} ms; got ${events.map((e) => e.type).join(', ')}`),
          );
        }, timeoutMs);
        const check = () => {
          const hit = find();
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        waiters.add(check);
      }),
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
  await test.next('ready');
  return test;
}

/** The HTTP status a refused upgrade answered. */
export function refusedUpgrade(baseUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl}${REALTIME_PATH}`, { headers });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      socket.close();
      reject(new Error('the upgrade was accepted'));
    });
    socket.on('error', () => {});
  });
}
