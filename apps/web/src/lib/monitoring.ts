/**
 * Monitoring: the one interface through which the app reports errors, messages and timings.
 *
 * Every call becomes a `MonitoringEntry` (plain, JSON-safe data) that is handed to a list of
 * sinks. The default client has two sinks: the browser console and an in-memory list of the
 * last 50 entries (shown on the /error-test page). `installMonitoring()` (called at app start)
 * adds the delivery sink, which buffers entries and sends them to the server in batches while
 * the visitor is signed in (spec 001 §7–§9).
 */
import type { MonitoringErrorInput, MonitoringEventInput } from '@castline/shared';
import { MONITORING_LIMITS, SessionStateDto } from '@castline/shared';

export type MonitoringLevel = 'info' | 'warning' | 'error';

/** error: uncaught; exception: caught and handled; message: a logged event; metric: a timing. */
export type MonitoringEntryKind = 'error' | 'exception' | 'message' | 'metric';

export interface MonitoringClient {
  /** Uncaught errors (global handlers, error boundaries). */
  captureError(error: unknown, context?: Record<string, unknown>): void;
  /** Exceptions the app caught and handled, but that someone should know about. */
  captureException(error: unknown, context?: Record<string, unknown>): void;
  logMessage(message: string, level?: MonitoringLevel, context?: Record<string, unknown>): void;
  /** Runs `operation`, reports how long it took (also when it fails) and returns its result. */
  measure<T>(
    name: string,
    operation: () => Promise<T>,
    context?: Record<string, unknown>,
  ): Promise<{ result: T; durationMs: number }>;
}

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
}

export interface MonitoringEntry {
  /** Unique within this page load; lets a batching client drop duplicates. */
  id: string;
  kind: MonitoringEntryKind;
  level: MonitoringLevel;
  /** One readable line: the error message, the logged message or "<metric> took N ms". */
  message: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  /** The page path when the entry was made. */
  path: string;
  /** Caller-supplied details, made JSON-safe. */
  context: Record<string, unknown>;
  error?: SerializedError;
  /** Metrics only. */
  name?: string;
  durationMs?: number;
  outcome?: 'succeeded' | 'failed';
}

/** Receives every entry a client makes. A sink that throws does not affect the others. */
export type EntrySink = (entry: MonitoringEntry) => void;

export const RECENT_ENTRY_LIMIT = 50;
export const CONSOLE_PREFIX = '[castline]';

const MAX_CONTEXT_DEPTH = 6;

function safeString(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}

/** Turns anything thrown (an Error, a string, a rejected value) into name, message and stack. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    return {
      name: error.name || 'Error',
      message: error.message,
      ...(error.stack ? { stack: error.stack } : {}),
    };
  }
  if (typeof error === 'string') return { name: 'Error', message: error };
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    const name = 'name' in error && typeof error.name === 'string' ? error.name : 'Error';
    return { name, message: error.message };
  }
  return { name: 'NonError', message: safeString(error) };
}

/** A copy of `value` that JSON.stringify can always handle (no cycles, functions or bigints). */
function toJsonSafe(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'undefined' || typeof value === 'function' || typeof value === 'symbol') {
    return undefined;
  }
  if (value instanceof Error) return serializeError(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_CONTEXT_DEPTH) return '[Truncated]';
  seen.add(value);
  const result = Array.isArray(value)
    ? value.map((item) => toJsonSafe(item, depth + 1, seen) ?? null)
    : Object.fromEntries(
        Object.entries(value)
          .map(([key, item]) => [key, toJsonSafe(item, depth + 1, seen)] as const)
          .filter(([, item]) => item !== undefined),
      );
  seen.delete(value);
  return result;
}

function safeContext(context: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!context) return {};
  return toJsonSafe(context, 0, new WeakSet()) as Record<string, unknown>;
}

let sequence = 0;

function nextId(): string {
  sequence += 1;
  return `${Date.now().toString(36)}-${sequence.toString(36)}`;
}

function currentPath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}

function baseEntry(): Pick<MonitoringEntry, 'id' | 'timestamp' | 'path'> {
  return { id: nextId(), timestamp: new Date().toISOString(), path: currentPath() };
}

function emitTo(sinks: readonly EntrySink[], entry: MonitoringEntry): void {
  for (const sink of sinks) {
    try {
      sink(entry);
    } catch {
      // Reporting must never break the app, nor keep the entry from the other sinks.
    }
  }
}

export interface MonitoringClientOptions {
  sinks: readonly EntrySink[];
  /** Milliseconds from a monotonic clock, for `measure`. */
  now?: () => number;
}

/** A client that turns each call into an entry and hands it to every sink. */
export function createMonitoringClient({
  sinks,
  now = () => performance.now(),
}: MonitoringClientOptions): MonitoringClient {
  const emit = (entry: MonitoringEntry) => emitTo(sinks, entry);

  const errorEntry = (
    kind: 'error' | 'exception',
    error: unknown,
    context: Record<string, unknown> | undefined,
  ): MonitoringEntry => {
    const serialized = serializeError(error);
    return {
      ...baseEntry(),
      kind,
      level: 'error',
      message: serialized.message || serialized.name,
      context: safeContext(context),
      error: serialized,
    };
  };

  return {
    captureError(error, context) {
      emit(errorEntry('error', error, context));
    },
    captureException(error, context) {
      emit(errorEntry('exception', error, context));
    },
    logMessage(message, level = 'info', context) {
      emit({ ...baseEntry(), kind: 'message', level, message, context: safeContext(context) });
    },
    async measure(name, operation, context) {
      const start = now();
      const elapsed = () => Math.max(0, Math.round(now() - start));
      try {
        const result = await operation();
        const durationMs = elapsed();
        emit({
          ...baseEntry(),
          kind: 'metric',
          level: 'info',
          message: `${name} took ${durationMs} ms`,
          context: safeContext(context),
          name,
          durationMs,
          outcome: 'succeeded',
        });
        return { result, durationMs };
      } catch (error) {
        const durationMs = elapsed();
        emit({
          ...baseEntry(),
          kind: 'metric',
          level: 'warning',
          message: `${name} failed after ${durationMs} ms`,
          context: safeContext(context),
          error: serializeError(error),
          name,
          durationMs,
          outcome: 'failed',
        });
        throw error;
      }
    },
  };
}

const KIND_LABELS: Record<MonitoringEntryKind, string> = {
  error: 'uncaught error',
  exception: 'caught exception',
  message: 'message',
  metric: 'metric',
};

type ConsoleLike = Pick<Console, 'error' | 'warn' | 'info'>;

/**
 * Writes each entry to the console: errors with console.error, warnings with console.warn, the
 * rest with console.info, as "[castline] <kind>: <message>" followed by the structured entry.
 */
export function consoleSink(target?: ConsoleLike): EntrySink {
  return (entry) => {
    const out = target ?? console;
    const method = entry.level === 'error' ? 'error' : entry.level === 'warning' ? 'warn' : 'info';
    out[method](`${CONSOLE_PREFIX} ${KIND_LABELS[entry.kind]}: ${entry.message}`, entry);
  };
}

/** The last `capacity` entries, oldest first; listeners hear about every change. */
export class RecentEntryLog {
  readonly capacity: number;
  #entries: readonly MonitoringEntry[] = [];
  readonly #listeners = new Set<() => void>();

  constructor(capacity = RECENT_ENTRY_LIMIT) {
    this.capacity = capacity;
  }

  /** A sink: keeps the entry, dropping the oldest beyond the capacity. */
  readonly add = (entry: MonitoringEntry): void => {
    this.#entries = [...this.#entries, entry].slice(-this.capacity);
    this.#notify();
  };

  /** The same array until the next change (safe for useSyncExternalStore). */
  readonly entries = (): readonly MonitoringEntry[] => this.#entries;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly clear = (): void => {
    if (this.#entries.length === 0) return;
    this.#entries = [];
    this.#notify();
  };

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

const recentLog = new RecentEntryLog(RECENT_ENTRY_LIMIT);

/** The sink that feeds `recentEntries()`; include it in any client that replaces the default. */
export const recentEntrySink: EntrySink = recentLog.add;

/** The last 50 entries reported in this page load, oldest first. */
export function recentEntries(): readonly MonitoringEntry[] {
  return recentLog.entries();
}

export function subscribeToRecentEntries(listener: () => void): () => void {
  return recentLog.subscribe(listener);
}

export function clearRecentEntries(): void {
  recentLog.clear();
}

export interface DefaultMonitoringClient extends MonitoringClient {
  recentEntries(): readonly MonitoringEntry[];
}

/** The default client: structured console output plus the in-memory list of recent entries. */
export function createDefaultMonitoringClient(
  options: { console?: ConsoleLike } = {},
): DefaultMonitoringClient {
  const client = createMonitoringClient({ sinks: [consoleSink(options.console), recentEntrySink] });
  return { ...client, recentEntries };
}

let current: MonitoringClient = createDefaultMonitoringClient();

export function getMonitoring(): MonitoringClient {
  return current;
}

export function setMonitoring(client: MonitoringClient): void {
  current = client;
}

/** Browser noise that is not an application error. */
const IGNORED_ERROR_MESSAGES = [/^ResizeObserver loop/];

interface GlobalInstall {
  count: number;
  remove: () => void;
}

const installs = new WeakMap<Window, GlobalInstall>();

/**
 * Reports window 'error' events and unhandled promise rejections with `captureError` (through
 * whichever client is current when the event fires). Installing twice on the same window adds
 * the listeners once; they are removed when every returned uninstall function has been called.
 */
export function installGlobalErrorReporting(target: Window = window): () => void {
  let install = installs.get(target);
  if (!install) {
    const onError = (event: Event) => {
      const { error, message, filename, lineno, colno } = event as ErrorEvent;
      if (error == null) {
        if (!message || IGNORED_ERROR_MESSAGES.some((pattern) => pattern.test(message))) return;
      }
      getMonitoring().captureError(error ?? message, {
        source: 'window.error',
        ...(filename ? { filename, line: lineno, column: colno } : {}),
      });
    };
    const onRejection = (event: Event) => {
      getMonitoring().captureError((event as PromiseRejectionEvent).reason, { source: 'unhandledrejection' });
    };
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    install = {
      count: 0,
      remove: () => {
        target.removeEventListener('error', onError);
        target.removeEventListener('unhandledrejection', onRejection);
      },
    };
    installs.set(target, install);
  }

  const active = install;
  active.count += 1;
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    active.count -= 1;
    if (active.count === 0) {
      active.remove();
      installs.delete(target);
    }
  };
}

// ---- delivery to the server ----

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
    const parsed = SessionStateDto.safeParse(await response.json());
    return parsed.success && parsed.data.user !== null;
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
 * (through a delivery that flushes every 30 s and when the page is hidden). Installing twice
 * keeps the first delivery.
 */
export function installMonitoring(options: MonitoringDeliveryOptions = {}): MonitoringDelivery {
  if (installedDelivery) return installedDelivery;
  const delivery = createMonitoringDelivery(options);
  setMonitoring(createMonitoringClient({ sinks: [consoleSink(), recentEntrySink, delivery.add] }));
  delivery.start();
  installedDelivery = delivery;
  return delivery;
}

/**
 * The app tells the installed delivery whether a member is signed in as soon as it knows, so a
 * flush on page hide can send at once instead of asking the server first (which an unloading
 * page has no time for).
 */
export function setMonitoringSignedIn(signedIn: boolean): void {
  installedDelivery?.setSignedIn(signedIn);
}
