import { z } from 'zod';
import { PRESENCE_STATUSES, PRESENCE_WATCH_MAX } from './presence-constants.js';

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
