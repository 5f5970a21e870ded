// Plain values only (no zod): the web app's monitoring client reads these on every first load.
import { ADMIN_PAGE_SIZE } from '../admin/admin-constants.js';

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

export const MONITORING_MESSAGES = {
  batchEmpty: 'Send at least one item',
  batchTooLarge: `Send at most ${MONITORING_LIMITS.batchSize} items per batch`,
  messageRequired: 'An error needs a message',
  messageTooLong: `An error message may be at most ${MONITORING_LIMITS.messageMax} characters`,
  stackTooLong: `A stack may be at most ${MONITORING_LIMITS.stackMax} characters`,
  jsonTooLarge: `Context and metadata may be at most ${MONITORING_LIMITS.jsonMaxBytes / 1024} KB each`,
  timestampInvalid: 'The timestamp must be an ISO 8601 date and time',
  eventTypeInvalid: 'The event type must be metric, event, log or timing',
  errorGroupNotFound: 'No errors with this fingerprint',
} as const;

export const MONITORING_EVENT_TYPES = ['metric', 'event', 'log', 'timing'] as const;
export type MonitoringEventType = (typeof MONITORING_EVENT_TYPES)[number];

export const MONITORING_ERROR_SOURCES = ['client', 'server'] as const;
export type MonitoringErrorSource = (typeof MONITORING_ERROR_SOURCES)[number];

export const MONITORING_PAGE_SIZE = ADMIN_PAGE_SIZE;
