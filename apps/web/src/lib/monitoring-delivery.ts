/**
 * Delivery of monitoring entries to the server (spec 001 §7–§9). The app installs it once the
 * first page has rendered (src/main.tsx); errors reported before that are kept by the default
 * client and handed over by `installMonitoring`.
 */
import type { MonitoringErrorInput, MonitoringEventInput } from '@castline/shared';
import { MONITORING_LIMITS } from '@castline/shared';
import type { EntrySink, MonitoringEntry } from './monitoring';
import {
  consoleSink,
  createMonitoringClient,
  onMonitoringSignedIn,
  recentEntrySink,
  setMonitoring,
  takeEarlyErrors,
} from './monitoring';

export const MONITORING_ERRORS_PATH = '/api/monitoring/errors';
export const MONITORING_EVENTS_PATH = '/api/monitoring/events';
/** Browsers refuse keepalive bodies above 64 KB (all pending together); stay well below. */
const KEEPALIVE_MAX_BYTES = 60_000;

export interface DeliveryResponse {
  status: number;
}

/** Posts one JSON batch; `keepalive` lets it finish while the page is being hidden or closed. */
export type MonitoringTransport = (
  path: string,
  body: string,
  options: { keepalive: boolean },
) => Promise<DeliveryResponse>;

export interface MonitoringDeliveryOptions {
  transport?: MonitoringTransport;
  /** Asked before sending while the delivery does not know the visitor is signed in. */
  checkSignedIn?: () => Promise<boolean>;
  /** Wall clock in ms (for the 50 errors per 60 s rule). */
  now?: () => number;
  limits?: Partial<Record<keyof typeof MONITORING_LIMITS, number>>;
}

export interface PendingCounts {
  errors: number;
  metrics: number;
  events: number;
}

export interface MonitoringDelivery {
  /** The sink: buffers the entry (errors beyond 50 per 60 s and the oldest beyond a buffer cap are dropped). */
  readonly add: EntrySink;
  /** Sends everything buffered, in batches of up to 100, if the visitor is signed in. */
  flush(options?: { keepalive?: boolean }): Promise<void>;
  /** Flushes every 30 s and whenever the page is hidden; returns the function that stops it. */
  start(target?: Window): () => void;
  /** Tell the delivery the visitor signed in or out (it also learns it from the server's answers). */
  setSignedIn(signedIn: boolean): void;
  pending(): PendingCounts;
  /** Errors dropped by the 50 per 60 s rule or a full buffer, and other items dropped by full buffers. */
  dropped(): { errors: number; items: number };
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

function cut(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** Keeps a context or metadata object within the server's 8 KB, replacing it by a preview if not. */
function fitJson(value: Record<string, unknown>, maxBytes: number): Record<string, unknown> {
  const text = JSON.stringify(value);
  if (utf8Length(text) <= maxBytes) return value;
  return { truncated: true, preview: cut(text, Math.floor(maxBytes / 4)) };
}

function fetchTransport(): MonitoringTransport {
  return async (path, body, { keepalive }) => {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body,
      keepalive,
    });
    return { status: response.status };
  };
}

async function sessionCheck(): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/session', {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (!response.ok) return false;
    const body: unknown = await response.json();
    // Only whether there is a user matters here: { user: {...} | null, session }.
    return typeof body === 'object' && body !== null && 'user' in body && Boolean(body.user);
  } catch {
    return false;
  }
}

/**
 * Buffers monitoring entries and delivers them: errors to /api/monitoring/errors, logged messages
 * and timings to /api/monitoring/events, in batches of up to 100, only while signed in. Items
 * stay buffered (within the caps) while signed out or when delivery fails, and go with the next flush.
 */
export function createMonitoringDelivery(options: MonitoringDeliveryOptions = {}): MonitoringDelivery {
  const limits = { ...MONITORING_LIMITS, ...options.limits };
  const transport = options.transport ?? fetchTransport();
  const checkSignedIn = options.checkSignedIn ?? sessionCheck;
  const now = options.now ?? (() => Date.now());

  const errors: MonitoringErrorInput[] = [];
  const metrics: MonitoringEventInput[] = [];
  const events: MonitoringEventInput[] = [];
  const recentErrorTimes: number[] = [];
  let droppedErrors = 0;
  let droppedItems = 0;
  let signedIn: boolean | null = null;
  let inFlight: Promise<void> | null = null;

  /** Appends, dropping the oldest beyond `cap`; returns how many were dropped. */
  const push = <T>(buffer: T[], item: T, cap: number): number => {
    buffer.push(item);
    const over = buffer.length - cap;
    if (over > 0) buffer.splice(0, over);
    return Math.max(0, over);
  };

  const withinErrorRate = (): boolean => {
    const at = now();
    while (recentErrorTimes.length > 0 && at - recentErrorTimes[0]! >= limits.errorRateWindowMs) {
      recentErrorTimes.shift();
    }
    if (recentErrorTimes.length >= limits.errorRateLimit) return false;
    recentErrorTimes.push(at);
    return true;
  };

  const contextOf = (entry: MonitoringEntry) =>
    fitJson({ ...entry.context, ...(entry.path ? { path: entry.path } : {}) }, limits.jsonMaxBytes);

  const add: EntrySink = (entry) => {
    if (entry.kind === 'error' || entry.kind === 'exception') {
      if (!withinErrorRate()) {
        droppedErrors += 1;
        return;
      }
      const message = cut(entry.message || entry.error?.name || 'Error', limits.messageMax);
      const stack = entry.error?.stack ? cut(entry.error.stack, limits.stackMax) : undefined;
      droppedErrors += push(
        errors,
        {
          message,
          ...(stack ? { stack } : {}),
          context: contextOf(entry),
          metadata: fitJson(
            { kind: entry.kind, level: entry.level, name: entry.error?.name ?? 'Error', entry_id: entry.id },
            limits.jsonMaxBytes,
          ),
          timestamp: entry.timestamp,
        },
        limits.maxBufferedErrors,
      );
      return;
    }
    if (entry.kind === 'metric') {
      droppedItems += push(
        metrics,
        {
          event_type: 'timing',
          context: contextOf(entry),
          metadata: fitJson(
            {
              name: entry.name ?? entry.message,
              duration_ms: entry.durationMs ?? 0,
              outcome: entry.outcome ?? 'succeeded',
              message: cut(entry.message, limits.messageMax),
              ...(entry.error ? { error: cut(entry.error.message, limits.messageMax) } : {}),
            },
            limits.jsonMaxBytes,
          ),
          timestamp: entry.timestamp,
        },
        limits.maxBufferedMetrics,
      );
      return;
    }
    droppedItems += push(
      events,
      {
        event_type: 'log',
        context: contextOf(entry),
        metadata: { message: cut(entry.message, limits.messageMax), level: entry.level },
        timestamp: entry.timestamp,
      },
      limits.maxBufferedEvents,
    );
  };

  /** Sends `buffer` batch by batch; false when delivery must stop (signed out, offline, server trouble). */
  const drain = async <T>(
    buffer: T[],
    cap: number,
    path: string,
    wrap: (items: T[]) => unknown,
    keepalive: boolean,
  ): Promise<boolean> => {
    while (buffer.length > 0) {
      const batch = buffer.splice(0, limits.batchSize);
      const body = JSON.stringify(wrap(batch));
      let status: number;
      try {
        ({ status } = await transport(path, body, {
          keepalive: keepalive && utf8Length(body) <= KEEPALIVE_MAX_BYTES,
        }));
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) {
        signedIn = true;
        continue;
      }
      if (status === 400 || status === 413) continue; // never deliverable: dropped
      // Put the batch back in front (within the cap) and try again on the next flush.
      buffer.unshift(...batch);
      if (buffer.length > cap) buffer.splice(cap);
      if (status === 401) signedIn = false;
      return false;
    }
    return true;
  };

  const runFlush = async (keepalive: boolean): Promise<void> => {
    if (errors.length + metrics.length + events.length === 0) return;
    if (signedIn !== true) {
      signedIn = await checkSignedIn().catch(() => false);
      if (!signedIn) return;
    }
    const sendErrors = () =>
      drain(
        errors,
        limits.maxBufferedErrors,
        MONITORING_ERRORS_PATH,
        (items) => ({ errors: items }),
        keepalive,
      );
    const sendEvents = () =>
      drain(
        events,
        limits.maxBufferedEvents,
        MONITORING_EVENTS_PATH,
        (items) => ({ events: items }),
        keepalive,
      );
    const sendMetrics = () =>
      drain(
        metrics,
        limits.maxBufferedMetrics,
        MONITORING_EVENTS_PATH,
        (items) => ({ events: items }),
        keepalive,
      );
    if (keepalive) {
      // The page is going away: every request must start now, before the page is gone.
      await Promise.all([sendErrors(), sendEvents(), sendMetrics()]);
      return;
    }
    if (!(await sendErrors())) return;
    if (!(await sendEvents())) return;
    await sendMetrics();
  };

  const flush = (flushOptions: { keepalive?: boolean } = {}): Promise<void> => {
    inFlight ??= runFlush(flushOptions.keepalive ?? false).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    add,
    flush,
    start(target = window) {
      const timer = target.setInterval(() => void flush(), limits.flushIntervalMs);
      const onHidden = () => {
        if (target.document.visibilityState === 'hidden') void flush({ keepalive: true });
      };
      const onPageHide = () => void flush({ keepalive: true });
      target.document.addEventListener('visibilitychange', onHidden);
      target.addEventListener('pagehide', onPageHide);
      return () => {
        target.clearInterval(timer);
        target.document.removeEventListener('visibilitychange', onHidden);
        target.removeEventListener('pagehide', onPageHide);
      };
    },
    setSignedIn(value) {
      signedIn = value;
    },
    pending: () => ({ errors: errors.length, metrics: metrics.length, events: events.length }),
    dropped: () => ({ errors: droppedErrors, items: droppedItems }),
  };
}

let installedDelivery: MonitoringDelivery | null = null;

/**
 * App start: the current client reports to the console, the recent-entry list and the server
 * (through a delivery that flushes every 30 s and when the page is hidden). Errors reported
 * before are handed to the delivery. Installing twice keeps the first delivery.
 */
export function installMonitoring(options: MonitoringDeliveryOptions = {}): MonitoringDelivery {
  if (installedDelivery) return installedDelivery;
  const delivery = createMonitoringDelivery(options);
  setMonitoring(createMonitoringClient({ sinks: [consoleSink(), recentEntrySink, delivery.add] }));
  for (const entry of takeEarlyErrors()) delivery.add(entry);
  onMonitoringSignedIn((signedIn) => delivery.setSignedIn(signedIn));
  delivery.start();
  installedDelivery = delivery;
  return delivery;
}
