import { z } from 'zod';
import { MONITORING_EVENT_TYPES, MONITORING_LIMITS, MONITORING_MESSAGES } from './monitoring-constants.js';

/** UTF-8 bytes of the value as JSON (infinite when it cannot be serialized). */
function serializedSize(value: unknown): number {
  try {
    const text = JSON.stringify(value);
    let bytes = 0;
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    }
    return bytes;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** A small JSON object (≤ 8 KB serialized). */
export const MonitoringJson = z
  .record(z.string(), z.unknown())
  .refine((value) => serializedSize(value) <= MONITORING_LIMITS.jsonMaxBytes, {
    message: MONITORING_MESSAGES.jsonTooLarge,
  });
export type MonitoringJson = z.infer<typeof MonitoringJson>;

const timestamp = z.iso.datetime({ offset: true, error: MONITORING_MESSAGES.timestampInvalid });

export const MonitoringErrorInput = z.object({
  message: z
    .string({ error: MONITORING_MESSAGES.messageRequired })
    .trim()
    .min(1, MONITORING_MESSAGES.messageRequired)
    .max(MONITORING_LIMITS.messageMax, MONITORING_MESSAGES.messageTooLong),
  stack: z.string().max(MONITORING_LIMITS.stackMax, MONITORING_MESSAGES.stackTooLong).optional(),
  context: MonitoringJson.optional(),
  metadata: MonitoringJson.optional(),
  timestamp,
});
export type MonitoringErrorInput = z.infer<typeof MonitoringErrorInput>;

export const MonitoringEventInput = z.object({
  event_type: z.enum(MONITORING_EVENT_TYPES, { error: MONITORING_MESSAGES.eventTypeInvalid }),
  context: MonitoringJson.optional(),
  metadata: MonitoringJson.optional(),
  timestamp,
});
export type MonitoringEventInput = z.infer<typeof MonitoringEventInput>;

function batchOf<T extends z.ZodType>(item: T) {
  return z
    .array(item, { error: MONITORING_MESSAGES.batchEmpty })
    .min(1, MONITORING_MESSAGES.batchEmpty)
    .max(MONITORING_LIMITS.batchSize, MONITORING_MESSAGES.batchTooLarge);
}

/** POST /api/monitoring/errors */
export const MonitoringErrorsBatch = z.object({ errors: batchOf(MonitoringErrorInput) });
export type MonitoringErrorsBatch = z.infer<typeof MonitoringErrorsBatch>;

/** POST /api/monitoring/events */
export const MonitoringEventsBatch = z.object({ events: batchOf(MonitoringEventInput) });
export type MonitoringEventsBatch = z.infer<typeof MonitoringEventsBatch>;

/** 202 answer to a batch: how many items were stored and how many were dropped (rate limit). */
export const MonitoringBatchResultDto = z.object({
  accepted: z.number().int().min(0),
  dropped: z.number().int().min(0),
});
export type MonitoringBatchResultDto = z.infer<typeof MonitoringBatchResultDto>;

// ---- admin reads ----

const page = z.coerce.number().int().min(1).max(100_000).default(1);

export const MonitoringErrorsQuery = z.object({ page });
export type MonitoringErrorsQuery = z.infer<typeof MonitoringErrorsQuery>;

export const MonitoringEventsQuery = z.object({
  type: z.enum(MONITORING_EVENT_TYPES, { error: MONITORING_MESSAGES.eventTypeInvalid }).optional(),
  page,
});
export type MonitoringEventsQuery = z.infer<typeof MonitoringEventsQuery>;

export const MonitoringFingerprintParams = z.object({
  fingerprint: z.string().regex(/^[a-f0-9]{16,64}$/, MONITORING_MESSAGES.errorGroupNotFound),
});
export type MonitoringFingerprintParams = z.infer<typeof MonitoringFingerprintParams>;

/** Errors with the same fingerprint (message + first stack frame). */
export const MonitoringErrorGroupDto = z.object({
  fingerprint: z.string(),
  message: z.string(),
  count: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
  last_stack: z.string().nullable(),
  sources: z.array(z.string()),
});
export type MonitoringErrorGroupDto = z.infer<typeof MonitoringErrorGroupDto>;

export const MonitoringErrorGroupPageDto = z.object({
  items: z.array(MonitoringErrorGroupDto),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type MonitoringErrorGroupPageDto = z.infer<typeof MonitoringErrorGroupPageDto>;

export const MonitoringErrorDto = z.object({
  id: z.string(),
  source: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  fingerprint: z.string(),
  context: z.record(z.string(), z.unknown()).nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  request_id: z.string().nullable(),
  user_id: z.string().nullable(),
  timestamp: z.string(),
});
export type MonitoringErrorDto = z.infer<typeof MonitoringErrorDto>;

export const MonitoringErrorOccurrencesDto = z.object({
  fingerprint: z.string(),
  items: z.array(MonitoringErrorDto),
});
export type MonitoringErrorOccurrencesDto = z.infer<typeof MonitoringErrorOccurrencesDto>;

export const MonitoringEventDto = z.object({
  id: z.string(),
  event_type: z.string(),
  user_id: z.string().nullable(),
  context: z.record(z.string(), z.unknown()).nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  timestamp: z.string(),
});
export type MonitoringEventDto = z.infer<typeof MonitoringEventDto>;

export const MonitoringEventPageDto = z.object({
  items: z.array(MonitoringEventDto),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type MonitoringEventPageDto = z.infer<typeof MonitoringEventPageDto>;
