/**
 * Monitoring: the one interface through which the app reports errors, messages and timings.
 *
 * Every call becomes a `MonitoringEntry` (plain, JSON-safe data) that is handed to a list of
 * sinks. The default client has two sinks: the browser console and an in-memory list of the
 * last 50 entries (shown on the /error-test page). `installMonitoring()` (monitoring-delivery.ts,
 * called once the first page has rendered) adds the delivery sink, which buffers entries and sends
 * them to the server in batches while the visitor is signed in (spec 001 §7–§9). Errors reported
 * before it is in are kept (see `takeEarlyErrors`) and handed to it.
 */

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

/** Errors reported before the delivery is installed, for it to send; at most this many are kept. */
const EARLY_ERROR_LIMIT = 50;
let earlyErrors: MonitoringEntry[] | null = [];

/** Keeps errors made before the delivery is installed (a tiny collector, nothing else). */
const earlyErrorSink: EntrySink = (entry) => {
  if (!earlyErrors || (entry.kind !== 'error' && entry.kind !== 'exception')) return;
  earlyErrors.push(entry);
  if (earlyErrors.length > EARLY_ERROR_LIMIT) earlyErrors.shift();
};

/** The errors reported so far through the default client; from then on they are not kept. */
export function takeEarlyErrors(): MonitoringEntry[] {
  const taken = earlyErrors ?? [];
  earlyErrors = null;
  return taken;
}

/** The default client: structured console output plus the in-memory list of recent entries. */
export function createDefaultMonitoringClient(
  options: { console?: ConsoleLike } = {},
): DefaultMonitoringClient {
  const client = createMonitoringClient({
    sinks: [consoleSink(options.console), recentEntrySink, earlyErrorSink],
  });
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

// ---- what the delivery learns from the app ----

let signedInHint: boolean | null = null;
const signedInListeners = new Set<(signedIn: boolean) => void>();

/**
 * The app tells the delivery whether a member is signed in as soon as it knows, so a flush on page
 * hide can send at once instead of asking the server first (which an unloading page has no time
 * for). Kept until the delivery is installed.
 */
export function setMonitoringSignedIn(signedIn: boolean): void {
  signedInHint = signedIn;
  for (const listener of [...signedInListeners]) listener(signedIn);
}

/** Hears every `setMonitoringSignedIn`, starting with the last one made (if any). */
export function onMonitoringSignedIn(listener: (signedIn: boolean) => void): () => void {
  signedInListeners.add(listener);
  if (signedInHint !== null) listener(signedInHint);
  return () => signedInListeners.delete(listener);
}

// The delivery (monitoring-delivery.ts) is a module of its own, imported by nothing here: main.tsx
// loads it once the first page has rendered, so it is not part of any page's first load.
