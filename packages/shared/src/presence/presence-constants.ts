// Plain values only (no zod): the realtime client and presence lists read these.

/** online, away (every tab hidden) or offline (spec 001 §4). */
export const PRESENCE_STATUSES = ['online', 'away', 'offline'] as const;

/** Members one presence request (or watch) may name. */
export const PRESENCE_WATCH_MAX = 200;

/** Spec 001 §9: heartbeat 30 s; reconnects back off from 1 s, doubling, at most 5 attempts. */
export const PRESENCE = {
  heartbeatMs: 30_000,
  reconnectBaseMs: 1_000,
  maxReconnectAttempts: 5,
  /** A connection not heard from for this long counts as gone (a crashed server's rows). */
  staleAfterMs: 90_000,
} as const;
