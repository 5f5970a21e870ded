import type { ClientFrame, ServerEvent, ServerEventType } from '@castline/shared';
import type { RealtimeProtocol } from './realtime-protocol';

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

const OPEN = 1;
/** Without any frame (a pong at least) for this many heartbeats, the connection is taken as dead. */
const SILENT_HEARTBEATS = 2.5;

let protocol: RealtimeProtocol | null = null;
let protocolLoad: Promise<RealtimeProtocol> | null = null;

/**
 * The shared protocol (path, close codes, timings and the zod frame schema) comes with the first
 * connection, so that a page's first load does not carry it.
 */
function loadProtocol(): Promise<RealtimeProtocol> {
  if (protocol) return Promise.resolve(protocol);
  protocolLoad ??= import('./realtime-protocol').then(
    (module) => (protocol = module.realtimeProtocol),
    (error: unknown) => {
      protocolLoad = null;
      throw error;
    },
  );
  return protocolLoad;
}

function loadedProtocol(): RealtimeProtocol {
  if (!protocol) throw new Error('The realtime protocol is not loaded yet');
  return protocol;
}

/** Installs the protocol at once instead of loading it with the first connection (tests). */
export function provideRealtimeProtocol(loaded: RealtimeProtocol): void {
  protocol = loaded;
}

/** ws://host/api/realtime on http, wss:// on https (once the protocol is loaded: when connecting). */
export function defaultRealtimeUrl(): string {
  const { protocol: scheme, host } = window.location;
  return `${scheme === 'https:' ? 'wss:' : 'ws:'}//${host}${loadedProtocol().path}`;
}

function browserWebSocket(): WebSocketConstructor | null {
  const candidate = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  return typeof candidate === 'function' ? candidate : null;
}

/**
 * The app's one realtime connection. It connects while started (signed in), sends a ping every
 * 30 s, reconnects with back-off from 1 s doubling for up to 5 attempts and then stops
 * ('offline') until `retry()`. Frames are parsed with ServerEvent; subscribers get typed events.
 * The protocol (and with it the zod event schemas) is loaded with the first connection.
 */
export class RealtimeClient {
  private readonly options: Pick<
    RealtimeClientOptions,
    'heartbeatMs' | 'reconnectBaseMs' | 'maxReconnectAttempts'
  > & {
    url: () => string;
    WebSocket: WebSocketConstructor | undefined;
    document: Document | null;
    window: Window | null;
  };
  private socket: WebSocketLike | null = null;
  private status: RealtimeStatus = 'idle';
  private started = false;
  private hasOpened = false;
  /** Reconnect attempts made since the connection was last open. */
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;
  /** A connection is waiting for the protocol module. */
  private awaitingProtocol = false;

  private readonly eventListeners = new Map<ServerEventType, Set<Listener<never>>>();
  private readonly anyListeners = new Set<Listener<ServerEvent>>();
  private readonly statusListeners = new Set<Listener<RealtimeStatus>>();
  private readonly openListeners = new Set<Listener<{ reconnected: boolean }>>();
  private readonly reconnectListeners = new Set<() => void>();

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
  }

  // ── Lifecycle ──────────────────────────────────────────────────────────────────────────

  getStatus(): RealtimeStatus {
    return this.status;
  }

  /** Connects (once); a no-op while already started. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.hasOpened = false;
    this.attempts = 0;
    this.options.document?.addEventListener('visibilitychange', this.onVisibilityChange);
    this.options.window?.addEventListener('online', this.onBrowserOnline);
    this.connect('connecting');
  }

  /** Closes the connection for good (sign-out); `start()` begins again. */
  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.options.document?.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.options.window?.removeEventListener('online', this.onBrowserOnline);
    this.clearReconnectTimer();
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      socket.close(1000, 'Signed out');
    }
    this.setStatus('idle');
  }

  /** Tries again at once, with a fresh set of attempts (the Retry button). */
  retry(): void {
    if (!this.started || this.status === 'open' || this.socket || this.awaitingProtocol) return;
    this.clearReconnectTimer();
    this.attempts = 0;
    this.connect(this.hasOpened ? 'reconnecting' : 'connecting');
  }

  /** Sends a frame when the connection is open; false when it could not be sent. */
  send(frame: ClientFrame): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.status !== 'open') return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
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

  /** Timings: the caller's, else the protocol's (known once connecting). */
  private get heartbeatMs(): number {
    return this.options.heartbeatMs ?? loadedProtocol().heartbeatMs;
  }

  private get reconnectBaseMs(): number {
    return this.options.reconnectBaseMs ?? loadedProtocol().reconnectBaseMs;
  }

  private get maxReconnectAttempts(): number {
    return this.options.maxReconnectAttempts ?? loadedProtocol().maxReconnectAttempts;
  }

  private connect(status: 'connecting' | 'reconnecting'): void {
    this.setStatus(status);
    if (!protocol) {
      this.connectOnceLoaded(status);
      return;
    }
    const Socket = this.options.WebSocket ?? browserWebSocket();
    let socket: WebSocketLike;
    try {
      if (!Socket) throw new Error('WebSocket is not available');
      socket = new Socket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.handleOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.lastHeard = Date.now();
      this.handleFrame(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      if (loadedProtocol().finalCloseCodes.includes(event.code)) {
        this.clearReconnectTimer();
        this.setStatus('offline');
        return;
      }
      this.scheduleReconnect();
    };
    // A failed connection also closes; the close handler decides what comes next.
    socket.onerror = () => {};
  }

  /** The first connection fetches the protocol module first; failing that, it is 'offline' until a retry. */
  private connectOnceLoaded(status: 'connecting' | 'reconnecting'): void {
    if (this.awaitingProtocol) return;
    this.awaitingProtocol = true;
    loadProtocol().then(
      () => {
        this.awaitingProtocol = false;
        if (this.started && !this.socket && this.reconnectTimer === null) this.connect(status);
      },
      () => {
        this.awaitingProtocol = false;
        if (this.started && !this.socket) this.setStatus('offline');
      },
    );
  }

  private handleOpen(): void {
    const reconnected = this.hasOpened;
    this.hasOpened = true;
    this.attempts = 0;
    this.lastHeard = Date.now();
    this.setStatus('open');
    this.startHeartbeat();
    if (this.options.document?.visibilityState === 'hidden') {
      this.send({ type: 'presence.status', status: 'away' });
    }
    for (const listener of [...this.openListeners]) safely(() => listener({ reconnected }));
    if (reconnected) for (const listener of [...this.reconnectListeners]) safely(listener);
  }

  private handleFrame(data: unknown): void {
    if (typeof data !== 'string') return;
    let raw: unknown;
    try {
      raw = JSON.parse(data);
    } catch {
      return;
    }
    const event = loadedProtocol().parse(raw);
    if (!event) return;
    const typed = this.eventListeners.get(event.type);
    if (typed) for (const listener of [...typed]) safely(() => (listener as Listener<ServerEvent>)(event));
    for (const listener of [...this.anyListeners]) safely(() => listener(event));
  }

  private scheduleReconnect(): void {
    if (!this.started) return;
    if (this.attempts >= this.maxReconnectAttempts) {
      this.setStatus('offline');
      return;
    }
    const delay = this.reconnectBaseMs * 2 ** this.attempts;
    this.attempts += 1;
    this.setStatus('reconnecting');
    this.clearReconnectTimer();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect('reconnecting');
    }, delay);
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => {
      const silentFor = Date.now() - this.lastHeard;
      if (silentFor > this.heartbeatMs * SILENT_HEARTBEATS) {
        this.dropDeadSocket();
        return;
      }
      this.send({ type: 'ping' });
    }, this.heartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer !== null) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  /** The server stopped answering: give the socket up and reconnect as after a drop. */
  private dropDeadSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.stopHeartbeat();
    if (socket) {
      detach(socket);
      socket.close(4000, 'No answer');
    }
    this.scheduleReconnect();
  }

  private readonly onVisibilityChange = () => {
    const hidden = this.options.document?.visibilityState === 'hidden';
    this.send({ type: 'presence.status', status: hidden ? 'away' : 'online' });
  };

  private readonly onBrowserOnline = () => {
    if (this.status === 'offline') this.retry();
  };
}

function detach(socket: WebSocketLike): void {
  socket.onopen = null;
  socket.onclose = null;
  socket.onmessage = null;
  socket.onerror = null;
}

/** One failing subscriber must not keep the others from hearing an event. */
function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error(error);
  }
}
