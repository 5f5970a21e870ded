// Plain values only (no zod): the web app's monitoring client reads these on every first load.

/** Monitoring constants (spec 001 §8, §9). */
export const MONITORING_LIMITS = {
  /** The client sends what it has buffered this often. */
  flushIntervalMs: 30_000,
  /** Items per request (and per insert). */
  batchSize: 100,
  /** Client buffers: the oldest items are dropped beyond these. */
  maxBufferedErrors: 1000,
  maxBufferedMetrics: 5000,
  maxBufferedEvents: 2000,
  /** At most this many errors per member per window; extra ones are dropped and counted. */
  errorRateLimit: 50,
  errorRateWindowMs: 60_000,
  /** Metrics are summarised over windows of this length. */
  aggregationWindowMs: 5 * 60_000,
  messageMax: 2000,
  stackMax: 10_000,
  /** Serialized size of a context or metadata object. */
  jsonMaxBytes: 8 * 1024,
  /** Occurrences listed for one error group. */
  occurrencesShown: 20,
} as const;
