import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageMetric } from './image-metrics';
import {
  clearImageMetrics,
  IMAGE_METRICS_KEY,
  IMAGE_METRICS_LIMIT,
  imageFormatFromUrl,
  measureImageLoad,
  readImageMetrics,
  recordImageMetric,
  summarizeImageMetrics,
} from './image-metrics';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function metric(overrides: Partial<ImageMetric> = {}): ImageMetric {
  return {
    url: 'http://localhost/files/listings/l_1/photo-1.webp?width=600',
    width: 600,
    format: 'webp',
    loadTime: 100,
    cached: false,
    cdnCacheStatus: 'MISS',
    timestamp: NOW - MINUTE,
    ...overrides,
  };
}

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('storage', () => {
  it('records metrics in sessionStorage and reads them back in order', () => {
    const first = metric({ url: 'http://localhost/a.webp' });
    const second = metric({ url: 'http://localhost/b.jpg', format: 'jpeg' });

    expect(recordImageMetric(first)).toBe(true);
    expect(recordImageMetric(second)).toBe(true);

    expect(readImageMetrics()).toEqual([first, second]);
    expect(JSON.parse(window.sessionStorage.getItem(IMAGE_METRICS_KEY) ?? '[]')).toHaveLength(2);
  });

  it('refuses a metric that does not fit the shape', () => {
    expect(recordImageMetric({ ...metric(), loadTime: -5 })).toBe(false);
    expect(recordImageMetric({ ...metric(), url: '' })).toBe(false);
    expect(recordImageMetric({ ...metric(), cached: 'yes' } as unknown as ImageMetric)).toBe(false);
    expect(recordImageMetric({ ...metric(), width: 600.5 })).toBe(false);
    expect(recordImageMetric({ ...metric(), width: -1 })).toBe(false);
    expect(recordImageMetric({ ...metric(), loadTime: Number.POSITIVE_INFINITY })).toBe(false);
    expect(recordImageMetric({ ...metric(), loadTime: Number.NaN })).toBe(false);
    expect(recordImageMetric({ ...metric(), format: '' })).toBe(false);
    expect(recordImageMetric({ ...metric(), cdnCacheStatus: '' })).toBe(false);
    expect(recordImageMetric({ ...metric(), timestamp: 1.5 })).toBe(false);
    expect(recordImageMetric({ ...metric(), timestamp: 2 ** 60 })).toBe(false);
    expect(readImageMetrics()).toEqual([]);
  });

  it('accepts a fractional load time and keeps only the known fields', () => {
    const stored = { ...metric({ loadTime: 12.3 }), extra: 'dropped' };
    window.sessionStorage.setItem(IMAGE_METRICS_KEY, JSON.stringify([stored]));
    expect(readImageMetrics()).toEqual([metric({ loadTime: 12.3 })]);
    expect(readImageMetrics()[0]).not.toHaveProperty('extra');
  });

  it('keeps only the newest 500 metrics', () => {
    const stored = Array.from({ length: IMAGE_METRICS_LIMIT }, (_, index) =>
      metric({ url: `http://localhost/${index}.webp`, timestamp: NOW - 10_000 + index }),
    );
    window.sessionStorage.setItem(IMAGE_METRICS_KEY, JSON.stringify(stored));

    recordImageMetric(metric({ url: 'http://localhost/newest.webp', timestamp: NOW }));

    const metrics = readImageMetrics();
    expect(metrics).toHaveLength(IMAGE_METRICS_LIMIT);
    expect(metrics[0]?.url).toBe('http://localhost/1.webp');
    expect(metrics.at(-1)?.url).toBe('http://localhost/newest.webp');
  });

  it.each([
    ['not JSON', '{oops'],
    ['an object', '{"url":"http://localhost/a.webp"}'],
    ['a number', '42'],
    ['null', 'null'],
  ])('reads garbage (%s) as no metrics', (_label, raw) => {
    window.sessionStorage.setItem(IMAGE_METRICS_KEY, raw);
    expect(readImageMetrics()).toEqual([]);
  });

  it('skips unreadable entries and keeps the valid ones', () => {
    const valid = metric();
    window.sessionStorage.setItem(
      IMAGE_METRICS_KEY,
      JSON.stringify([null, 'text', [valid], { url: 'x' }, valid, { ...valid, width: 'wide' }]),
    );
    expect(readImageMetrics()).toEqual([valid]);
  });

  it('starts again after garbage when a metric is recorded', () => {
    window.sessionStorage.setItem(IMAGE_METRICS_KEY, '{oops');
    recordImageMetric(metric());
    expect(readImageMetrics()).toEqual([metric()]);
  });

  it('clears the metrics', () => {
    recordImageMetric(metric());
    clearImageMetrics();
    expect(readImageMetrics()).toEqual([]);
    expect(window.sessionStorage.getItem(IMAGE_METRICS_KEY)).toBeNull();
  });
});

describe('summarizeImageMetrics', () => {
  it('totals, averages and percentages', () => {
    const metrics = [
      metric({ loadTime: 100, cached: true, cdnCacheStatus: 'HIT', format: 'webp' }),
      metric({ loadTime: 200, cached: false, cdnCacheStatus: 'HIT', format: 'webp' }),
      metric({ loadTime: 301, cached: false, cdnCacheStatus: 'MISS', format: 'jpeg' }),
    ];

    const summary = summarizeImageMetrics(metrics, 'all', NOW);

    expect(summary.total).toBe(3);
    expect(summary.averageLoadTimeMs).toBe(200);
    expect(summary.browserCached).toEqual({ count: 1, percent: 33.3 });
    expect(summary.cdnHits).toEqual({ count: 2, percent: 66.7 });
    expect(summary.formats).toEqual([
      { format: 'webp', count: 2, percent: 66.7 },
      { format: 'jpeg', count: 1, percent: 33.3 },
    ]);
  });

  it('counts only the status HIT as a CDN hit', () => {
    const metrics = ['HIT', 'MISS', 'UNKNOWN', 'STALE'].map((cdnCacheStatus) => metric({ cdnCacheStatus }));
    expect(summarizeImageMetrics(metrics, 'all', NOW).cdnHits).toEqual({ count: 1, percent: 25 });
  });

  it('sorts formats by count, then by name', () => {
    const metrics = ['png', 'avif', 'jpeg', 'jpeg', 'webp', 'webp', 'webp'].map((format) =>
      metric({ format }),
    );
    expect(summarizeImageMetrics(metrics, 'all', NOW).formats.map((entry) => entry.format)).toEqual([
      'webp',
      'jpeg',
      'avif',
      'png',
    ]);
  });

  it('keeps the metrics within the range', () => {
    const metrics = [
      metric({ url: 'http://localhost/minutes.webp', timestamp: NOW - 10 * MINUTE }),
      metric({ url: 'http://localhost/hour-edge.webp', timestamp: NOW - HOUR }),
      metric({ url: 'http://localhost/hours.webp', timestamp: NOW - 5 * HOUR }),
      metric({ url: 'http://localhost/days.webp', timestamp: NOW - 3 * DAY }),
      metric({ url: 'http://localhost/weeks.webp', timestamp: NOW - 9 * DAY }),
    ];

    expect(summarizeImageMetrics(metrics, 'hour', NOW).total).toBe(2);
    expect(summarizeImageMetrics(metrics, 'day', NOW).total).toBe(3);
    expect(summarizeImageMetrics(metrics, 'week', NOW).total).toBe(4);
    expect(summarizeImageMetrics(metrics, 'all', NOW).total).toBe(5);
    expect(summarizeImageMetrics(metrics, 'hour', NOW).recent.map((m) => m.url)).toEqual([
      'http://localhost/minutes.webp',
      'http://localhost/hour-edge.webp',
    ]);
  });

  it('lists the 10 most recent metrics, newest first, without reordering the input', () => {
    const metrics = Array.from({ length: 15 }, (_, index) =>
      metric({ url: `http://localhost/${index}.webp`, timestamp: NOW - (15 - index) * MINUTE }),
    );
    const shuffled = [...metrics.slice(7), ...metrics.slice(0, 7)];
    const before = shuffled.map((m) => m.url);

    const { recent } = summarizeImageMetrics(shuffled, 'all', NOW);

    expect(recent.map((m) => m.url)).toEqual(
      Array.from({ length: 10 }, (_, index) => `http://localhost/${14 - index}.webp`),
    );
    expect(shuffled.map((m) => m.url)).toEqual(before);
  });

  it('answers zeros for no metrics', () => {
    expect(summarizeImageMetrics([], 'day', NOW)).toEqual({
      total: 0,
      averageLoadTimeMs: 0,
      browserCached: { count: 0, percent: 0 },
      cdnHits: { count: 0, percent: 0 },
      formats: [],
      recent: [],
    });
  });
});

describe('imageFormatFromUrl', () => {
  it.each([
    ['http://localhost/files/a.jpg?width=600&format=webp', 'webp'],
    ['http://localhost/files/a.png?format=AVIF', 'avif'],
    ['http://localhost/files/a.JPG', 'jpeg'],
    ['/files/listings/photo.png', 'png'],
    ['http://localhost/files/a', 'unknown'],
  ])('%s is %s', (url, format) => {
    expect(imageFormatFromUrl(url)).toBe(format);
  });
});

describe('measureImageLoad', () => {
  function loadedImage(src: string, naturalWidth: number) {
    const img = document.createElement('img');
    img.src = src;
    Object.defineProperty(img, 'naturalWidth', { value: naturalWidth });
    return img;
  }

  function timing(overrides: Partial<PerformanceResourceTiming>): PerformanceResourceTiming {
    return {
      name: '',
      entryType: 'resource',
      duration: 123.44,
      transferSize: 20_480,
      decodedBodySize: 20_000,
      serverTiming: [],
      ...overrides,
    } as unknown as PerformanceResourceTiming;
  }

  it('records a network load with its CDN status from server timing', () => {
    const url = 'http://localhost/files/listings/l_1/photo.jpg?width=1200&format=webp';
    const entries = vi.spyOn(performance, 'getEntriesByName').mockReturnValue([
      timing({
        serverTiming: [{ name: 'cdn-cache', description: 'hit', duration: 0 } as PerformanceServerTiming],
      }),
    ]);

    const recorded = measureImageLoad(loadedImage(url, 1200), NOW);

    expect(entries).toHaveBeenCalledWith(url, 'resource');
    const expected: ImageMetric = {
      url,
      width: 1200,
      format: 'webp',
      loadTime: 123.4,
      cached: false,
      cdnCacheStatus: 'HIT',
      timestamp: NOW,
    };
    expect(recorded).toEqual(expected);
    expect(readImageMetrics()).toEqual([expected]);
  });

  it('marks an image served from the browser cache and an unknown CDN status', () => {
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([
      timing({ duration: 2, transferSize: 0, decodedBodySize: 18_000 }),
    ]);

    const recorded = measureImageLoad(loadedImage('http://localhost/files/a.png', 640), NOW);

    expect(recorded).toMatchObject({ cached: true, cdnCacheStatus: 'UNKNOWN', format: 'png', width: 640 });
  });

  it('does not call an opaque response cached', () => {
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([
      timing({ transferSize: 0, decodedBodySize: 0 }),
    ]);
    expect(measureImageLoad(loadedImage('http://localhost/files/a.png', 640), NOW)?.cached).toBe(false);
  });

  it('records nothing when the browser has no timing for the image', () => {
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([]);
    expect(measureImageLoad(loadedImage('http://localhost/files/a.png', 640), NOW)).toBeNull();
    expect(readImageMetrics()).toEqual([]);
  });
});
