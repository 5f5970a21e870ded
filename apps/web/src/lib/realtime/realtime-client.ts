import type { ClientFrame, ServerEvent, ServerEventType } from '@castline/shared';
import type { ConnectionHost, RealtimeConnection, RealtimeConnectionModule } from './realtime-connection';

/**
 * idle: not started (signed out). connecting: the first connection is being made. open: live.
 * reconnecting: the connection dropped and is being made again (with back-off). offline: every
 * attempt failed; nothing happens until `retry()` (a button, or the browser coming back online).
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline';

/** The part of the browser's WebSocket the client uses (so tests can hand in a fake one). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;
type Listener<T> = (value: T) => void;

export interface RealtimeClientOptions {
  /** The WebSocket class; the browser's by default (looked up when connecting). */
  WebSocket?: WebSocketConstructor;
  /** The socket's address; by default /api/realtime on this origin (ws: or wss:). */
  url?: () => string;
  heartbeatMs?: number;
  reconnectBaseMs?: number;
  maxReconnectAttempts?: number;
  /** Whose visibility decides online/away; the page's document by default. */
  document?: Document | null;
  /** Where the browser's "online" event is heard; the page's window by default. */
  window?: Window | null;
}

export type ResolvedRealtimeOptions = Pick<
  RealtimeClientOptions,
  'heartbeatMs' | 'reconnectBaseMs' | 'maxReconnectAttempts'
> & {
  url: () => string;
  WebSocket: WebSocketConstructor | undefined;
  document: Document | null;
  window: Window | null;
};

let loaded: RealtimeConnectionModule | null = null;
let loading: Promise<RealtimeConnectionModule> | null = null;

/**
 * The connection (its socket handling, the protocol and the zod frame schema) comes with the first
 * connection, so that a page's first load does not carry it.
 */
function loadConnection(): Promise<RealtimeConnectionModule> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('./realtime-connection').then(
    (module) => (loaded = module.realtimeConnection),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Installs the connection at once instead of loading it with the first connection (tests). */
export function provideRealtimeConnection(module: RealtimeConnectionModule): void {
  loaded = module;
}

/** ws://host/api/realtime on http, wss:// on https (once the protocol is loaded: when connecting). */
export function defaultRealtimeUrl(): string {
  if (!loaded) throw new Error('The realtime protocol is not loaded yet');
  const { protocol: scheme, host } = window.location;
  return `${scheme === 'https:' ? 'wss:' : 'ws:'}//${host}${loaded.protocol.path}`;
}

/**
 * The app's one realtime connection. It connects while started (signed in), sends a ping every
 * 30 s, reconnects with back-off from 1 s doubling for up to 5 attempts and then stops
 * ('offline') until `retry()`. Frames are parsed with ServerEvent; subscribers get typed events.
 * The connection's code (and with it the zod event schemas) is loaded with the first connection.
 */
export class RealtimeClient {
  private readonly options: ResolvedRealtimeOptions;
  private status: RealtimeStatus = 'idle';
  private started = false;
  private connection: RealtimeConnection | null = null;
  /** The first connection is waiting for its code. */
  private awaitingConnection = false;

  private readonly eventListeners = new Map<ServerEventType, Set<Listener<never>>>();
  private readonly anyListeners = new Set<Listener<ServerEvent>>();
  private readonly statusListeners = new Set<Listener<RealtimeStatus>>();
  private readonly openListeners = new Set<Listener<{ reconnected: boolean }>>();
  private readonly reconnectListeners = new Set<() => void>();

  /** What the connection reports back through. */
  private readonly host: ConnectionHost;

  constructor(options: RealtimeClientOptions = {}) {
    this.options = {
      WebSocket: options.WebSocket,
      url: options.url ?? defaultRealtimeUrl,
      heartbeatMs: options.heartbeatMs,
      reconnectBaseMs: options.reconnectBaseMs,
      maxReconnectAttempts: options.maxReconnectAttempts,
      document: options.document === undefined ? (globalThis.document ?? null) : options.document,
      window: options.window === undefined ? (globalThis.window ?? null) : options.window,
    };
    this.host = {
      options: this.options,
      getStatus: () => this.status,
      setStatus: (status) => this.setStatus(status),
      deliver: (event) => {
        const typed = this.eventListeners.get(event.type);
        if (typed)
          for (const listener of [...typed]) safely(() => (listener as Listener<ServerEvent>)(event));
        for (const listener of [...this.anyListeners]) safely(() => listener(event));
      },
      opened: (reconnected) => {
        for (const listener of [...this.openListeners]) safely(() => listener({ reconnected }));
        if (reconnected) for (const listener of [...this.reconnectListeners]) safely(listener);
      },
    };
  }

  // ── Lifecycle ──────────────────────────────────────────────────────────────────────────

  getStatus(): RealtimeStatus {
    return this.status;
  }

  /** Connects (once); a no-op while already started. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.connect();
  }

  /** Closes the connection for good (sign-out); `start()` begins again. */
  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.connection?.stop();
    this.setStatus('idle');
  }

  /** Tries again at once, with a fresh set of attempts (the Retry button). */
  retry(): void {
    if (!this.started || this.status === 'open' || this.awaitingConnection) return;
    if (this.connection) this.connection.retry();
    else this.connect();
  }

  /** Sends a frame when the connection is open; false when it could not be sent. */
  send(frame: ClientFrame): boolean {
    return this.connection?.send(frame) ?? false;
  }

  // ── Subscriptions ──────────────────────────────────────────────────────────────────────

  /** Events of one type; returns the unsubscribe function. */
  subscribe<T extends ServerEventType>(type: T, listener: Listener<ServerEventOf<T>>): () => void {
    let set = this.eventListeners.get(type);
    if (!set) this.eventListeners.set(type, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => {
      set.delete(listener as Listener<never>);
    };
  }

  /** Every event. */
  subscribeAll(listener: Listener<ServerEvent>): () => void {
    this.anyListeners.add(listener);
    return () => {
      this.anyListeners.delete(listener);
    };
  }

  onStatus(listener: Listener<RealtimeStatus>): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /** Every time the connection opens (the first time and after each reconnect). */
  onOpen(listener: Listener<{ reconnected: boolean }>): () => void {
    this.openListeners.add(listener);
    return () => {
      this.openListeners.delete(listener);
    };
  }

  /** After every reconnect: the moment to fetch whatever was sent while disconnected. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => {
      this.reconnectListeners.delete(listener);
    };
  }

  // ── Internals ──────────────────────────────────────────────────────────────────────────

  private setStatus(next: RealtimeStatus): void {
    if (this.status === next) return;
    this.status = next;
    for (const listener of [...this.statusListeners]) safely(() => listener(next));
  }

  /** Starts the connection, loading its code first the first time; failing that, 'offline' until a retry. */
  private connect(): void {
    if (loaded) {
      this.connection ??= new loaded.RealtimeConnection(this.host);
      this.connection.start();
      return;
    }
    this.setStatus('connecting');
    if (this.awaitingConnection) return;
    this.awaitingConnection = true;
    loadConnection().then(
      () => {
        this.awaitingConnection = false;
        if (this.started) this.connect();
      },
      () => {
        this.awaitingConnection = false;
        if (this.started) this.setStatus('offline');
      },
    );
  }
}

/** One failing subscriber must not keep the others from hearing an event. */
function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error(error);
  }
}
