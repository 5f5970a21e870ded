// Plain values only (no zod): the realtime client reads these.

/** The WebSocket path; one authenticated socket per tab. */
export const REALTIME_PATH = '/api/realtime';
/** Close codes the server uses (4000–4999 are the application's). */
export const REALTIME_CLOSE = {
  unauthenticated: 4401,
  forbiddenOrigin: 4403,
  serverShutdown: 1001,
  /** The session that opened the socket ended (signed out, revoked, expired, banned, …). */
  sessionEnded: 4001,
  /**
   * The server may have missed events for this socket (its link to the other instances was down):
   * the page reconnects, which fetches again what it shows.
   */
  eventsMissed: 4002,
} as const;
/** A frame larger than this is refused. */
export const REALTIME_FRAME_MAX_BYTES = 16 * 1024;
