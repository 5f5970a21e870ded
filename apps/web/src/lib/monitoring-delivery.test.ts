import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MONITORING_LIMITS } from '@castline/shared';
import { createMonitoringClient } from './monitoring';
import type { MonitoringDelivery, MonitoringTransport } from './monitoring-delivery';
import {
  createMonitoringDelivery,
  MONITORING_ERRORS_PATH,
  MONITORING_EVENTS_PATH,
} from './monitoring-delivery';

interface Sent {
  path: string;
  body: { errors?: unknown[]; events?: { event_type: string; metadata?: Record<string, unknown> }[] };
  keepalive: boolean;
}

function setup(options: { signedIn?: boolean; status?: number } = {}) {
  const sent: Sent[] = [];
  let status = options.status ?? 202;
  let signedIn = options.signedIn ?? true;
  const transport = vi.fn<MonitoringTransport>(async (path, body, { keepalive }) => {
    sent.push({ path, body: JSON.parse(body) as Sent['body'], keepalive });
    return { status: signedIn ? status : 401 };
  });
  const checkSignedIn = vi.fn(async () => signedIn);
  const delivery = createMonitoringDelivery({ transport, checkSignedIn });
  const client = createMonitoringClient({ sinks: [delivery.add] });
  return {
    sent,
    transport,
    checkSignedIn,
    delivery,
    client,
    signIn: (value: boolean) => {
      signedIn = value;
    },
    answer: (value: number) => {
      status = value;
    },
  };
}

function capture(client: ReturnType<typeof setup>['client'], count: number, prefix = 'Boom') {
  for (let i = 0; i < count; i += 1) client.captureException(new Error(`${prefix} ${i}`));
}

function log(client: ReturnType<typeof setup>['client'], count: number) {
  for (let i = 0; i < count; i += 1) client.logMessage(`Message ${i}`);
}

let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-01T12:00:00Z'));
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('monitoring delivery', () => {
  it('sends errors, logged messages and timings in the server shapes', async () => {
    const { client, delivery, sent } = setup();
    client.captureException(new TypeError('Caught on purpose'), { source: 'error-test' });
    client.logMessage('Error test page message', 'info', { source: 'error-test' });
    const timing = client.measure('error-test.slow-operation', async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    await vi.advanceTimersByTimeAsync(1500);
    await timing;
    await delivery.flush();

    expect(sent.map((request) => request.path)).toEqual([
      MONITORING_ERRORS_PATH,
      MONITORING_EVENTS_PATH,
      MONITORING_EVENTS_PATH,
    ]);
    expect(sent[0]!.body.errors![0]).toMatchObject({
      message: 'Caught on purpose',
      stack: expect.stringContaining('TypeError'),
      context: { source: 'error-test' },
      metadata: { kind: 'exception', name: 'TypeError' },
      timestamp: '2026-05-01T12:00:00.000Z',
    });
    expect(sent[1]!.body.events![0]).toMatchObject({
      event_type: 'log',
      metadata: { message: 'Error test page message', level: 'info' },
    });
    expect(sent[2]!.body.events![0]).toMatchObject({
      event_type: 'timing',
      metadata: { name: 'error-test.slow-operation', outcome: 'succeeded' },
    });
    expect(delivery.pending()).toEqual({ errors: 0, metrics: 0, events: 0 });
  });

  it('sends batches of at most 100 items', async () => {
    const { client, delivery, sent } = setup();
    log(client, 250);
    await delivery.flush();
    expect(sent.map((request) => request.body.events!.length)).toEqual([100, 100, 50]);
    expect(sent[2]!.body.events!.at(-1)!.metadata).toMatchObject({ message: 'Message 249' });
  });

  it('flushes every 30 seconds', async () => {
    const { client, delivery, sent } = setup();
    stop = delivery.start(window);
    log(client, 3);
    await vi.advanceTimersByTimeAsync(MONITORING_LIMITS.flushIntervalMs - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.keepalive).toBe(false);
    log(client, 1);
    await vi.advanceTimersByTimeAsync(MONITORING_LIMITS.flushIntervalMs);
    expect(sent).toHaveLength(2);
  });

  it('flushes with keepalive when the page is hidden', async () => {
    const { client, delivery, sent } = setup();
    stop = delivery.start(window);
    client.captureError(new Error('Leaving'));
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(0);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ path: MONITORING_ERRORS_PATH, keepalive: true });
    setVisibility('visible');
  });

  it('sends on page hide without asking the server first once the app said who is signed in', async () => {
    const { client, delivery, sent, checkSignedIn } = setup();
    stop = delivery.start(window);
    delivery.setSignedIn(true);
    client.captureError(new Error('Leaving now'));
    log(client, 1);
    window.dispatchEvent(new Event('pagehide'));
    // Both requests start in the same task as the page-hide event: nothing is awaited first.
    expect(sent.map((request) => [request.path, request.keepalive])).toEqual([
      [MONITORING_ERRORS_PATH, true],
      [MONITORING_EVENTS_PATH, true],
    ]);
    expect(checkSignedIn).not.toHaveBeenCalled();
  });

  it('sends nothing while signed out and delivers the buffer after sign-in', async () => {
    const { client, delivery, sent, transport, signIn } = setup({ signedIn: false });
    stop = delivery.start(window);
    capture(client, 2);
    log(client, 2);
    await vi.advanceTimersByTimeAsync(MONITORING_LIMITS.flushIntervalMs * 3);
    expect(transport).not.toHaveBeenCalled();
    expect(delivery.pending()).toEqual({ errors: 2, metrics: 0, events: 2 });

    signIn(true);
    await vi.advanceTimersByTimeAsync(MONITORING_LIMITS.flushIntervalMs);
    expect(sent.map((request) => request.path)).toEqual([MONITORING_ERRORS_PATH, MONITORING_EVENTS_PATH]);
    expect(delivery.pending()).toEqual({ errors: 0, metrics: 0, events: 0 });
  });

  it('keeps a batch the server refused with 401 and stops sending until signed in again', async () => {
    const { client, delivery, sent, checkSignedIn, signIn } = setup();
    log(client, 1);
    await delivery.flush();
    expect(sent).toHaveLength(1);

    signIn(false); // the session ended on the server
    log(client, 1);
    await delivery.flush();
    expect(sent).toHaveLength(2);
    expect(delivery.pending().events).toBe(1);

    checkSignedIn.mockClear();
    await delivery.flush();
    expect(checkSignedIn).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(2);
  });

  it('keeps items after a failed delivery and sends them on the next flush', async () => {
    const { client, delivery, sent, answer } = setup({ status: 503 });
    capture(client, 3);
    await delivery.flush();
    expect(delivery.pending().errors).toBe(3);
    answer(202);
    await delivery.flush();
    expect(sent.at(-1)!.body.errors).toHaveLength(3);
    expect(delivery.pending().errors).toBe(0);
  });

  it('keeps at most 1000 errors, 5000 timings and 2000 events, dropping the oldest', () => {
    const delivery: MonitoringDelivery = createMonitoringDelivery({
      transport: async () => ({ status: 202 }),
      checkSignedIn: async () => false,
      limits: { errorRateLimit: 10_000 },
    });
    const client = createMonitoringClient({ sinks: [delivery.add] });
    capture(client, 1005);
    log(client, 2003);
    for (let i = 0; i < 5004; i += 1) {
      delivery.add({
        id: `m${i}`,
        kind: 'metric',
        level: 'info',
        message: `op took ${i} ms`,
        timestamp: new Date().toISOString(),
        path: '/',
        context: {},
        name: 'op',
        durationMs: i,
        outcome: 'succeeded',
      });
    }
    expect(delivery.pending()).toEqual({ errors: 1000, metrics: 5000, events: 2000 });
    expect(delivery.dropped()).toEqual({ errors: 5, items: 7 });
  });

  it('drops errors beyond 50 per 60 seconds', async () => {
    const { client, delivery, sent } = setup({ signedIn: false });
    capture(client, 60);
    expect(delivery.pending().errors).toBe(50);
    expect(delivery.dropped().errors).toBe(10);

    await vi.advanceTimersByTimeAsync(59_999);
    capture(client, 1, 'Still limited');
    expect(delivery.pending().errors).toBe(50);
    await vi.advanceTimersByTimeAsync(1);
    capture(client, 5, 'Next window');
    expect(delivery.pending().errors).toBe(55);
    expect(sent).toHaveLength(0);
  });

  it('trims long messages and oversized context to what the server accepts', async () => {
    const { client, delivery, sent } = setup();
    const error = new Error('x'.repeat(3000));
    error.stack = 's'.repeat(20_000);
    client.captureError(error, { blob: 'y'.repeat(20_000) });
    await delivery.flush();
    const item = sent[0]!.body.errors![0] as {
      message: string;
      stack: string;
      context: Record<string, unknown>;
    };
    expect(item.message).toHaveLength(MONITORING_LIMITS.messageMax);
    expect(item.stack).toHaveLength(MONITORING_LIMITS.stackMax);
    expect(item.context).toMatchObject({ truncated: true });
    expect(JSON.stringify(item.context).length).toBeLessThanOrEqual(MONITORING_LIMITS.jsonMaxBytes);
  });
});

describe('installMonitoring', () => {
  it('sends the errors reported before it was installed, and knows the sign-in state told before', async () => {
    vi.resetModules();
    const monitoring = await import('./monitoring');
    const { installMonitoring } = await import('./monitoring-delivery');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bodies: string[] = [];
    try {
      monitoring.getMonitoring().captureError(new Error('Thrown before the delivery'));
      monitoring.setMonitoringSignedIn(true);
      const checkSignedIn = vi.fn(async () => false);
      const delivery = installMonitoring({
        transport: async (_path, body) => {
          bodies.push(body);
          return { status: 200 };
        },
        checkSignedIn,
      });
      expect(delivery.pending().errors).toBe(1);

      await delivery.flush();
      expect(checkSignedIn).not.toHaveBeenCalled();
      expect(bodies.join('\n')).toContain('Thrown before the delivery');
      expect(monitoring.takeEarlyErrors()).toEqual([]);
    } finally {
      quiet.mockRestore();
    }
  });
});
