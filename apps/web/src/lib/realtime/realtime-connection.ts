import type { ClientFrame, ServerEvent } from '@castline/shared';
import type {
  RealtimeStatus,
  ResolvedRealtimeOptions,
  WebSocketConstructor,
  WebSocketLike,
} from './realtime-client';
import { realtimeProtocol } from './realtime-protocol';

/*
 * The realtime connection itself: the socket, its heartbeat, reconnecting with back-off, and the
 * frames read into events. Loaded with the first connection (a signed-in member's), with the
 * protocol and its event schemas, so that no page's first load carries it.
 */

const OPEN = 1;
/** Without any frame (a pong at least) for this many heartbeats, the connection is taken as dead. */
const SILENT_HEARTBEATS = 2.5;

/** What the connection reports to the client that owns it. */
export interface ConnectionHost {
  readonly options: ResolvedRealtimeOptions;
  getStatus(): RealtimeStatus;
  setStatus(status: RealtimeStatus): void;
  /** A frame that was an event. */
  deliver(event: ServerEvent): void;
  /** The connection opened (the first time, or again after a drop). */
  opened(reconnected: boolean): void;
}

function browserWebSocket(): WebSocketConstructor | null {
  const candidate = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  return typeof candidate === 'function' ? candidate : null;
}

/**
 * Connects while started, sends a ping every 30 s, reconnects with back-off from 1 s doubling for
 * up to 5 attempts and then stops ('offline') until `retry()`.
 */
export class RealtimeConnection {
  private socket: WebSocketLike | null = null;
  private hasOpened = false;
  /** Reconnect attempts made since the connection was last open. */
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;

  constructor(private readonly host: ConnectionHost) {}

  start(): void {
    const { document, window } = this.host.options;
    this.hasOpened = false;
    this.attempts = 0;
    document?.addEventListener('visibilitychange', this.onVisibilityChange);
    window?.addEventListener('online', this.onBrowserOnline);
    this.connect('connecting');
  }

  stop(): void {
    const { document, window } = this.host.options;
    document?.removeEventListener('visibilitychange', this.onVisibilityChange);
    window?.removeEventListener('online', this.onBrowserOnline);
    this.clearReconnectTimer();
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      socket.close(1000, 'Signed out');
    }
  }

  /** Tries again at once, with a fresh set of attempts. */
  retry(): void {
    if (this.socket) return;
    this.clearReconnectTimer();
    this.attempts = 0;
    this.connect(this.hasOpened ? 'reconnecting' : 'connecting');
  }

  send(frame: ClientFrame): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.host.getStatus() !== 'open') return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  /** Timings: the caller's, else the protocol's. */
  private get heartbeatMs(): number {
    return this.host.options.heartbeatMs ?? realtimeProtocol.heartbeatMs;
  }

  private get reconnectBaseMs(): number {
    return this.host.options.reconnectBaseMs ?? realtimeProtocol.reconnectBaseMs;
  }

  private get maxReconnectAttempts(): number {
    return this.host.options.maxReconnectAttempts ?? realtimeProtocol.maxReconnectAttempts;
  }

  private connect(status: 'connecting' | 'reconnecting'): void {
    this.host.setStatus(status);
    const Socket = this.host.options.WebSocket ?? browserWebSocket();
    let socket: WebSocketLike;
    try {
      if (!Socket) throw new Error('WebSocket is not available');
      socket = new Socket(this.host.options.url());
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
      if (realtimeProtocol.finalCloseCodes.includes(event.code)) {
        this.clearReconnectTimer();
        this.host.setStatus('offline');
        return;
      }
      this.scheduleReconnect();
    };
    // A failed connection also closes; the close handler decides what comes next.
    socket.onerror = () => {};
  }

  private handleOpen(): void {
    const reconnected = this.hasOpened;
    this.hasOpened = true;
    this.attempts = 0;
    this.lastHeard = Date.now();
    this.host.setStatus('open');
    this.startHeartbeat();
    if (this.host.options.document?.visibilityState === 'hidden') {
      this.send({ type: 'presence.status', status: 'away' });
    }
    this.host.opened(reconnected);
  }

  private handleFrame(data: unknown): void {
    if (typeof data !== 'string') return;
    let raw: unknown;
    try {
      raw = JSON.parse(data);
    } catch {
      return;
    }
    const event = realtimeProtocol.parse(raw);
    if (event) this.host.deliver(event);
  }

  private scheduleReconnect(): void {
    if (this.attempts >= this.maxReconnectAttempts) {
      this.host.setStatus('offline');
      return;
    }
    const delay = this.reconnectBaseMs * 2 ** this.attempts;
    this.attempts += 1;
    this.host.setStatus('reconnecting');
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
    const hidden = this.host.options.document?.visibilityState === 'hidden';
    this.send({ type: 'presence.status', status: hidden ? 'away' : 'online' });
  };

  private readonly onBrowserOnline = () => {
    if (this.host.getStatus() === 'offline') this.retry();
  };
}

function detach(socket: WebSocketLike): void {
  socket.onopen = null;
  socket.onclose = null;
  socket.onmessage = null;
  socket.onerror = null;
}

/** What the client loads with its first connection. */
export const realtimeConnection = { protocol: realtimeProtocol, RealtimeConnection };
export type RealtimeConnectionModule = typeof realtimeConnection;
