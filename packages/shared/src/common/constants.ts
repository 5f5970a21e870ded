/** Constants several features share (spec 000 §9, 001 §9). */
export interface RateLimitRule {
  /** Requests allowed in one window. */
  limit: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

const MINUTE = 60_000;

/** Banner poll interval. */
export const BANNER_POLL_MS = 2000;

/** A general per-IP ceiling for every API route. */
export const API_RATE_LIMIT: RateLimitRule = { limit: 600, windowMs: MINUTE };

/**
 * A guest's public page rendered by the server (docs/decisions/0012): the id of the JSON element
 * that carries the data it was rendered from, and the shape of each query in it. The server writes
 * it; the browser seeds its query cache from it.
 */
export const PRERENDERED_DATA_ID = 'cl-page-data';
export interface PrerenderedQuery {
  queryKey: unknown[];
  data: unknown;
  /** When the server read it (ms since the epoch): the cache treats it as fresh from then. */
  updatedAt: number;
}
