import type { ServerEvent } from '@castline/shared';
import { PRESENCE, REALTIME_CLOSE } from '@castline/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeStatus } from './realtime-client';
import { defaultRealtimeUrl, RealtimeClient } from './realtime-client';
import { FakeWebSocket } from './testing/fake-web-socket';

/** A document whose visibility the test sets. */
function fakeDocument() {
  const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  target.visibilityState = 'visible';
  return {
    document: target as unknown as Document,
    setVisibility(state: DocumentVisibilityState) {
      target.visibilityState = state;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

function setup() {
  const page = fakeDocument();
  const browser = new EventTarget() as unknown as Window;
  const client = new RealtimeClient({
    WebSocket: FakeWebSocket,
    url: () => 'ws://castline.test/api/realtime',
    document: page.document,
    window: browser,
  });
  const statuses: RealtimeStatus[] = [];
  client.onStatus((status) => statuses.push(status));
  return { client, page, browser, statuses };
}

const pong: ServerEvent = { type: 'pong', at: '2025-01-01T00:00:00.000Z' };

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeClient connection', () => {
  it('uses ws: or wss: on this origin', () => {
    expect(defaultRealtimeUrl()).toBe(`ws://${window.location.host}/api/realtime`);
  });

  it('connects when started and is open once the socket opens', () => {
    const { client, statuses } = setup();
    expect(client.getStatus()).toBe('idle');

    client.start();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest().url).toBe('ws://castline.test/api/realtime');
    expect(client.getStatus()).toBe('connecting');

    FakeWebSocket.latest().open();
    expect(client.getStatus()).toBe('open');
    expect(statuses).toEqual(['connecting', 'open']);

    client.start();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('sends a ping every 30 s while open', () => {
    const { client } = setup();
    client.start();
    const socket = FakeWebSocket.latest();
    socket.open();

    vi.advanceTimersByTime(PRESENCE.heartbeatMs - 1);
    expect(socket.framesOf('ping')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(socket.framesOf('ping')).toHaveLength(1);
    socket.receive(pong);
    vi.advanceTimersByTime(PRESENCE.heartbeatMs);
    expect(socket.framesOf('ping')).toHaveLength(2);
    expect(socket.sent.at(-1)).toBe('{"type":"ping"}');
  });

  it('gives up a connection that stopped answering and reconnects', () => {
    const { client } = setup();
    client.start();
    const socket = FakeWebSocket.latest();
    socket.open();

    // No pong ever comes back: after 2.5 heartbeats of silence the socket is dropped.
    vi.advanceTimersByTime(PRESENCE.heartbeatMs * 3);
    expect(socket.closedWith).not.toBeNull();
    expect(client.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('reconnects after 1, 2, 4, 8 and 16 s, then stops offline', () => {
    const { client, statuses } = setup();
    client.start();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    expect(client.getStatus()).toBe('reconnecting');

    for (const [index, delay] of [1000, 2000, 4000, 8000, 16000].entries()) {
      const before = FakeWebSocket.instances.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeWebSocket.instances, `attempt ${index + 1} waits ${delay} ms`).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
      expect(client.getStatus()).toBe('reconnecting');
      FakeWebSocket.latest().drop();
    }

    expect(client.getStatus()).toBe('offline');
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(6);
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'offline']);
  });

  it('retries by hand from offline with a fresh set of attempts', () => {
    const { client } = setup();
    client.start();
    FakeWebSocket.latest().drop();
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      vi.advanceTimersByTime(delay);
      FakeWebSocket.latest().drop();
    }
    expect(client.getStatus()).toBe('offline');

    client.retry();
    expect(FakeWebSocket.instances).toHaveLength(7);
    expect(client.getStatus()).toBe('connecting');
    FakeWebSocket.latest().open();
    expect(client.getStatus()).toBe('open');

    // Open again: the next drop starts from 1 s.
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(8);
  });

  it('retries when the browser comes back online', () => {
    const { client, browser } = setup();
    client.start();
    for (const delay of [0, 1000, 2000, 4000, 8000, 16000]) {
      vi.advanceTimersByTime(delay);
      FakeWebSocket.latest().drop();
    }
    expect(client.getStatus()).toBe('offline');

    browser.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.instances).toHaveLength(7);
  });

  it('calls the catch-up after every reconnect, not after the first connection', () => {
    const { client } = setup();
    const catchUp = vi.fn();
    const opened = vi.fn();
    client.onReconnect(catchUp);
    client.onOpen(opened);
    client.start();
    FakeWebSocket.latest().open();
    expect(catchUp).not.toHaveBeenCalled();
    expect(opened).toHaveBeenLastCalledWith({ reconnected: false });

    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    FakeWebSocket.latest().open();
    expect(catchUp).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenLastCalledWith({ reconnected: true });

    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(2000);
    FakeWebSocket.latest().open();
    expect(catchUp).toHaveBeenCalledTimes(2);
  });

  it('stops for good when the server refuses the session', () => {
    const { client } = setup();
    client.start();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop(4401);
    expect(client.getStatus()).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('stops for good when the session that opened it ended (signed out elsewhere, revoked, expired)', () => {
    const { client } = setup();
    client.start();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop(REALTIME_CLOSE.sessionEnded);
    expect(client.getStatus()).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('closes on stop (sign-out) and does not come back', () => {
    const { client } = setup();
    client.start();
    const socket = FakeWebSocket.latest();
    socket.open();

    client.stop();
    expect(socket.closedWith?.code).toBe(1000);
    expect(client.getStatus()).toBe('idle');
    expect(client.send({ type: 'ping' })).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    client.start();
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});

describe('RealtimeClient frames', () => {
  it('tells the server away when the tab is hidden and online when it is shown again', () => {
    const { client, page } = setup();
    client.start();
    const socket = FakeWebSocket.latest();
    socket.open();

    page.setVisibility('hidden');
    page.setVisibility('visible');
    expect(socket.framesOf('presence.status')).toEqual([
      { type: 'presence.status', status: 'away' },
      { type: 'presence.status', status: 'online' },
    ]);
  });

  it('says away at once when it connects in a hidden tab', () => {
    const { client, page } = setup();
    page.setVisibility('hidden');
    client.start();
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().framesOf('presence.status')).toEqual([
      { type: 'presence.status', status: 'away' },
    ]);
  });

  it('sends nothing while not open', () => {
    const { client } = setup();
    client.start();
    expect(client.send({ type: 'ping' })).toBe(false);
    expect(FakeWebSocket.latest().sent).toEqual([]);
  });

  it('hands typed events to their subscribers and skips frames that are not events', () => {
    const { client } = setup();
    const typing = vi.fn();
    const everything = vi.fn();
    const failing = vi.fn(() => {
      throw new Error('broken subscriber');
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    client.subscribe('typing', failing);
    client.subscribe('typing', typing);
    const unsubscribe = client.subscribeAll(everything);
    client.start();
    const socket = FakeWebSocket.latest();
    socket.open();

    socket.receive('not json');
    socket.receive(JSON.stringify({ type: 'typing', user_id: 42 }));
    socket.receive(JSON.stringify({ type: 'unknown' }));
    socket.receive({ type: 'typing', user_id: 'u_2', typing: true });
    socket.receive(pong);

    expect(typing).toHaveBeenCalledTimes(1);
    expect(typing).toHaveBeenCalledWith({ type: 'typing', user_id: 'u_2', typing: true });
    expect(everything).toHaveBeenCalledTimes(2);
    expect(quiet).toHaveBeenCalledTimes(1);

    unsubscribe();
    socket.receive(pong);
    expect(everything).toHaveBeenCalledTimes(2);
  });
});
