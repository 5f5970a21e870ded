import type { ClientFrame, ServerEvent } from '@castline/shared';
import type { WebSocketLike } from '../realtime-client';
import { provideRealtimeConnection } from '../realtime-client';
import { realtimeConnection } from '../realtime-connection';

// Tests start a client and look at its socket at once: the connection is there from the start.
provideRealtimeConnection(realtimeConnection);

/**
 * A WebSocket stand-in for tests: every instance is recorded; the test opens, feeds and closes it
 * and reads the frames the client sent.
 */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  /** The most recent socket. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No socket was opened');
    return socket;
  }

  readonly url: string;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: string[] = [];
  closedWith: { code?: number | undefined; reason?: string | undefined } | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  /** The frames sent so far, parsed. */
  get frames(): ClientFrame[] {
    return this.sent.map((raw) => JSON.parse(raw) as ClientFrame);
  }

  framesOf<T extends ClientFrame['type']>(type: T): Extract<ClientFrame, { type: T }>[] {
    return this.frames.filter((frame): frame is Extract<ClientFrame, { type: T }> => frame.type === type);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('Socket is not open');
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  // ── What the server side does ──

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** Delivers one server event (or any raw text). */
  receive(event: ServerEvent | string): void {
    const data = typeof event === 'string' ? event : JSON.stringify(event);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The connection ends (or fails to open). */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code, wasClean: false }));
  }
}
