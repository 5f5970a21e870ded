import { z } from 'zod';

/** online, away (every tab hidden) or offline (spec 001 §4). */
export const PRESENCE_STATUSES = ['online', 'away', 'offline'] as const;
export const PresenceStatus = z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof PresenceStatus>;

/**
 * The presence payload (spec 001 §3: online_at, status, last_seen_at) for one member. Nothing
 * else travels in presence: never drafts, typing text or titles (the spec's protected fields).
 */
export const PresenceDto = z.object({
  user_id: z.string(),
  status: PresenceStatus,
  online_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
});
export type PresenceDto = z.infer<typeof PresenceDto>;

export const PRESENCE_WATCH_MAX = 200;

/** GET /api/presence?ids=a,b: presence of up to 200 members. */
export const PresenceQuery = z.object({
  ids: z
    .string()
    .max(PRESENCE_WATCH_MAX * 37)
    .transform((raw) => [...new Set(raw.split(',').filter(Boolean))])
    .pipe(z.array(z.uuid()).max(PRESENCE_WATCH_MAX)),
});
export type PresenceQuery = z.input<typeof PresenceQuery>;

export const PresenceListDto = z.object({ items: z.array(PresenceDto) });
export type PresenceListDto = z.infer<typeof PresenceListDto>;

/** Spec 001 §9: heartbeat 30 s; reconnects back off from 1 s, doubling, at most 5 attempts. */
export const PRESENCE = {
  heartbeatMs: 30_000,
  reconnectBaseMs: 1_000,
  maxReconnectAttempts: 5,
  /** A connection not heard from for this long counts as gone (a crashed server's rows). */
  staleAfterMs: 90_000,
} as const;
