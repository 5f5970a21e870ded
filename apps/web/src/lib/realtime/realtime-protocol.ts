import { PRESENCE, REALTIME_CLOSE, REALTIME_PATH, ServerEvent } from '@castline/shared';

/**
 * What the realtime client needs from the shared protocol: the socket's path, the close codes that
 * mean "do not come back", the heartbeat and back-off timings, and the frame parser (the zod
 * ServerEvent union). This module is loaded with the first connection, never with the page, so
 * a page's first load (and every guest) goes without the event schemas.
 */
export const realtimeProtocol = {
  path: REALTIME_PATH,
  /** Closing with these means "do not come back": the server refused this browser. */
  finalCloseCodes: [
    REALTIME_CLOSE.unauthenticated,
    REALTIME_CLOSE.forbiddenOrigin,
    REALTIME_CLOSE.sessionEnded,
  ] as readonly number[],
  heartbeatMs: PRESENCE.heartbeatMs,
  reconnectBaseMs: PRESENCE.reconnectBaseMs,
  maxReconnectAttempts: PRESENCE.maxReconnectAttempts,
  /** One frame read into a typed event, or null when it is not one. */
  parse(raw: unknown): ServerEvent | null {
    const parsed = ServerEvent.safeParse(raw);
    return parsed.success ? parsed.data : null;
  },
};

export type RealtimeProtocol = typeof realtimeProtocol;
