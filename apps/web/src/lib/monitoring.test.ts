import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MonitoringClient, MonitoringEntry } from './monitoring';
import {
  clearRecentEntries,
  consoleSink,
  createDefaultMonitoringClient,
  createMonitoringClient,
  getMonitoring,
  installGlobalErrorReporting,
  RECENT_ENTRY_LIMIT,
  RecentEntryLog,
  recentEntries,
  serializeError,
  setMonitoring,
} from './monitoring';

function collectingClient(now?: () => number) {
  const entries: MonitoringEntry[] = [];
  const client = createMonitoringClient({ sinks: [(entry) => entries.push(entry)], ...(now ? { now } : {}) });
  return { client, entries };
}

function quietConsole() {
  return {
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
    info: vi.spyOn(console, 'info').mockImplementation(() => {}),
  };
}

describe('monitoring client', () => {
  it('reports an uncaught error with its name, message, stack and context', () => {
    const { client, entries } = collectingClient();
    client.captureError(new TypeError('Cannot read properties of undefined'), { listingId: 'l_1' });

    expect(entries).toHaveLength(1);
    const [entry] = entries as [MonitoringEntry];
    expect(entry).toMatchObject({
      kind: 'error',
      level: 'error',
      message: 'Cannot read properties of undefined',
      context: { listingId: 'l_1' },
      error: { name: 'TypeError', message: 'Cannot read properties of undefined' },
    });
    expect(entry.error?.stack).toContain('TypeError');
    expect(new Date(entry.timestamp).toISOString()).toBe(entry.timestamp);
    expect(entry.path).toBe(window.location.pathname);
  });

  it('reports a caught exception as an exception, also for values that are not errors', () => {
    const { client, entries } = collectingClient();
    client.captureException('offer could not be sent');
    client.captureException({ code: 42 });

    expect(entries.map((entry) => [entry.kind, entry.message])).toEqual([
      ['exception', 'offer could not be sent'],
      ['exception', '{"code":42}'],
    ]);
    expect(entries[1]?.error?.name).toBe('NonError');
  });

  it('logs a message at info level unless told otherwise', () => {
    const { client, entries } = collectingClient();
    client.logMessage('Listing published');
    client.logMessage('Upload slow', 'warning', { seconds: 12 });

    expect(entries.map(({ kind, level, message, context }) => ({ kind, level, message, context }))).toEqual([
      { kind: 'message', level: 'info', message: 'Listing published', context: {} },
      { kind: 'message', level: 'warning', message: 'Upload slow', context: { seconds: 12 } },
    ]);
  });

  it('gives every entry its own id', () => {
    const { client, entries } = collectingClient();
    client.logMessage('one');
    client.logMessage('two');
    expect(entries[0]?.id).not.toBe(entries[1]?.id);
  });

  it('measures an operation, returns its result and reports the duration', async () => {
    let clock = 1000;
    const { client, entries } = collectingClient(() => clock);

    const outcome = await client.measure(
      'listings.load',
      async () => {
        clock += 240.4;
        return 'loaded';
      },
      { page: 1 },
    );

    expect(outcome).toEqual({ result: 'loaded', durationMs: 240 });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'metric',
      level: 'info',
      name: 'listings.load',
      durationMs: 240,
      outcome: 'succeeded',
      message: 'listings.load took 240 ms',
      context: { page: 1 },
    });
  });

  it('reports a failed measured operation and passes the failure on', async () => {
    let clock = 0;
    const { client, entries } = collectingClient(() => clock);
    const failure = new Error('Upload failed');

    await expect(
      client.measure('images.upload', async () => {
        clock += 80;
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(entries[0]).toMatchObject({
      kind: 'metric',
      level: 'warning',
      durationMs: 80,
      outcome: 'failed',
      message: 'images.upload failed after 80 ms',
      error: { message: 'Upload failed' },
    });
  });

  it('makes the context safe to send as JSON', () => {
    const { client, entries } = collectingClient();
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;

    client.logMessage('context', 'info', {
      loop,
      when: new Date('2025-03-01T08:00:00.000Z'),
      cause: new RangeError('out of range'),
      big: 10n,
      callback: () => {},
      missing: undefined,
      notANumber: Number.NaN,
    });

    const context = entries[0]?.context;
    expect(context).toEqual({
      loop: { name: 'loop', self: '[Circular]' },
      when: '2025-03-01T08:00:00.000Z',
      cause: expect.objectContaining({ name: 'RangeError', message: 'out of range' }),
      big: '10',
      notANumber: 'NaN',
    });
    expect(() => JSON.stringify(entries[0])).not.toThrow();
  });

  it('keeps reporting to the other sinks when one sink throws', () => {
    const received: string[] = [];
    const client = createMonitoringClient({
      sinks: [
        () => {
          throw new Error('sink down');
        },
        (entry) => received.push(entry.message),
      ],
    });

    expect(() => client.logMessage('still delivered')).not.toThrow();
    expect(received).toEqual(['still delivered']);
  });
});

describe('serializeError', () => {
  it('reads error-like objects', () => {
    expect(serializeError({ name: 'ApiError', message: 'Not found' })).toEqual({
      name: 'ApiError',
      message: 'Not found',
    });
    expect(serializeError(undefined)).toEqual({ name: 'NonError', message: 'undefined' });
  });
});

describe('console output', () => {
  it('writes errors, warnings and other entries with the matching console method and a prefix', () => {
    const out = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
    const client = createMonitoringClient({ sinks: [consoleSink(out)] });

    client.captureError(new Error('Boom'));
    client.captureException(new Error('Handled'));
    client.logMessage('Careful', 'warning');
    client.logMessage('Hello');

    expect(out.error.mock.calls.map(([line]) => line)).toEqual([
      '[castline] uncaught error: Boom',
      '[castline] caught exception: Handled',
    ]);
    expect(out.warn).toHaveBeenCalledWith(
      '[castline] message: Careful',
      expect.objectContaining({ level: 'warning' }),
    );
    expect(out.info).toHaveBeenCalledWith(
      '[castline] message: Hello',
      expect.objectContaining({ kind: 'message' }),
    );
  });
});

describe('default client', () => {
  beforeEach(() => clearRecentEntries());

  it('writes to the console and keeps the last 50 entries in memory', () => {
    const out = quietConsole();
    const client = createDefaultMonitoringClient();

    for (let index = 1; index <= RECENT_ENTRY_LIMIT + 5; index += 1) client.logMessage(`message ${index}`);
    client.captureException(new Error('Handled'));

    const entries = client.recentEntries();
    expect(entries).toHaveLength(RECENT_ENTRY_LIMIT);
    expect(entries[0]?.message).toBe('message 7');
    expect(entries.at(-1)?.message).toBe('Handled');
    expect(recentEntries()).toBe(entries);
    expect(out.info).toHaveBeenCalledTimes(RECENT_ENTRY_LIMIT + 5);
    expect(out.error).toHaveBeenCalledWith('[castline] caught exception: Handled', expect.any(Object));
  });

  it('is what getMonitoring answers until another client is set', () => {
    quietConsole();
    const original = getMonitoring();
    original.logMessage('through the default client');
    expect(recentEntries().at(-1)?.message).toBe('through the default client');

    const replacement: MonitoringClient = { ...original, logMessage: vi.fn() };
    setMonitoring(replacement);
    try {
      expect(getMonitoring()).toBe(replacement);
      getMonitoring().logMessage('elsewhere');
      expect(replacement.logMessage).toHaveBeenCalledWith('elsewhere');
    } finally {
      setMonitoring(original);
    }
  });
});

describe('RecentEntryLog', () => {
  it('tells subscribers about changes and keeps the same list between them', () => {
    const log = new RecentEntryLog(2);
    const listener = vi.fn();
    const unsubscribe = log.subscribe(listener);
    const client = createMonitoringClient({ sinks: [log.add] });

    client.logMessage('a');
    const snapshot = log.entries();
    expect(log.entries()).toBe(snapshot);
    client.logMessage('b');
    client.logMessage('c');
    expect(log.entries().map((entry) => entry.message)).toEqual(['b', 'c']);
    expect(listener).toHaveBeenCalledTimes(3);

    log.clear();
    expect(log.entries()).toEqual([]);
    unsubscribe();
    client.logMessage('d');
    expect(listener).toHaveBeenCalledTimes(4);
  });
});

describe('installGlobalErrorReporting', () => {
  let entries: MonitoringEntry[];
  let original: MonitoringClient;
  // Vitest treats a window error nobody listens to as a failure of the test run; this listener
  // stands in for the browser, which would only log it.
  const browserDefault = (event: Event) => event.preventDefault();

  beforeEach(() => {
    original = getMonitoring();
    const collecting = collectingClient();
    entries = collecting.entries;
    setMonitoring(collecting.client);
    window.addEventListener('error', browserDefault);
  });

  afterEach(() => {
    window.removeEventListener('error', browserDefault);
    setMonitoring(original);
  });

  it('reports window errors and unhandled rejections as uncaught errors', () => {
    const uninstall = installGlobalErrorReporting();
    try {
      const error = new Error('Thrown from a timer');
      window.dispatchEvent(
        new ErrorEvent('error', { error, message: error.message, filename: 'app.js', lineno: 3, colno: 7 }),
      );
      const rejection = new PromiseRejectionEvent('unhandledrejection', {
        promise: Promise.resolve(),
        reason: new Error('Nobody awaited me'),
      });
      window.dispatchEvent(rejection);
    } finally {
      uninstall();
    }

    expect(entries.map(({ kind, message, context }) => ({ kind, message, context }))).toEqual([
      {
        kind: 'error',
        message: 'Thrown from a timer',
        context: { source: 'window.error', filename: 'app.js', line: 3, column: 7 },
      },
      { kind: 'error', message: 'Nobody awaited me', context: { source: 'unhandledrejection' } },
    ]);
  });

  it('ignores benign browser noise', () => {
    const uninstall = installGlobalErrorReporting();
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
    );
    uninstall();
    expect(entries).toEqual([]);
  });

  it('stops reporting once uninstalled', () => {
    const uninstall = installGlobalErrorReporting();
    uninstall();
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('After uninstall'), message: 'After uninstall' }),
    );
    expect(entries).toEqual([]);
  });

  it('reports each event once however often it is installed, until the last uninstall', () => {
    const first = installGlobalErrorReporting(window);
    const second = installGlobalErrorReporting(window);

    window.dispatchEvent(new ErrorEvent('error', { error: new Error('Once'), message: 'Once' }));
    expect(entries).toHaveLength(1);

    first();
    first();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('Still on'), message: 'Still on' }));
    expect(entries).toHaveLength(2);

    second();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('Off'), message: 'Off' }));
    expect(entries).toHaveLength(2);
  });
});
