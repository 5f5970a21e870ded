/**
 * Image performance metrics (spec 001 §2): one entry per listing photo that finished loading,
 * kept in this browser tab's sessionStorage and read by the admin image performance dashboard.
 */
export const IMAGE_METRICS_KEY = 'castline:image-metrics';
/** The newest entries kept; older ones are dropped. */
export const IMAGE_METRICS_LIMIT = 500;
/** How many of the most recent images a summary lists (spec: 10 recent rows). */
export const RECENT_IMAGE_COUNT = 10;
/** Reported when the response carried no CDN cache status. */
export const UNKNOWN_CDN_STATUS = 'UNKNOWN';

export interface ImageMetric {
  url: string;
  /** Natural width of the decoded image, in pixels. */
  width: number;
  /** jpeg, png, webp, avif … or 'unknown'. */
  format: string;
  /** Milliseconds from the request's start to the last byte. */
  loadTime: number;
  /** Served from the browser's cache (no bytes over the network). */
  cached: boolean;
  /** The CDN's cache answer (HIT, MISS …) or UNKNOWN. */
  cdnCacheStatus: string;
  /** When it loaded, in milliseconds since the epoch. */
  timestamp: number;
}

/*
 * Stored metrics are read back by hand, without zod: this runs on every listing photo's load, on
 * the first load of most pages.
 */
function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isDuration(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * The metric held in `value` (only its known fields), or null when it is not one: a non-empty url,
 * format and CDN status, whole non-negative width and timestamp, a finite non-negative load time.
 */
export function toImageMetric(value: unknown): ImageMetric | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { url, width, format, loadTime, cached, cdnCacheStatus, timestamp } = value as Record<
    keyof ImageMetric,
    unknown
  >;
  if (
    !isText(url) ||
    !isCount(width) ||
    !isText(format) ||
    !isDuration(loadTime) ||
    typeof cached !== 'boolean' ||
    !isText(cdnCacheStatus) ||
    !isCount(timestamp)
  ) {
    return null;
  }
  return { url, width, format, loadTime, cached, cdnCacheStatus, timestamp };
}

export type ImageMetricsRange = 'hour' | 'day' | 'week' | 'all';

/** How far back each range reaches (spec 001 §2); 'all' has no limit. */
export const IMAGE_METRICS_RANGE_MS: Record<Exclude<ImageMetricsRange, 'all'>, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

export interface CountAndPercent {
  count: number;
  /** 0–100, one decimal place. */
  percent: number;
}

export interface ImageMetricsSummary {
  total: number;
  /** Whole milliseconds; 0 when there are no metrics. */
  averageLoadTimeMs: number;
  browserCached: CountAndPercent;
  /** Responses whose CDN cache status is HIT. */
  cdnHits: CountAndPercent;
  /** Most common format first. */
  formats: ({ format: string } & CountAndPercent)[];
  /** The most recent metrics, newest first. */
  recent: ImageMetric[];
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored metrics, oldest first. Anything unreadable is skipped; garbage gives []. */
export function readImageMetrics(): ImageMetric[] {
  let parsed: unknown;
  try {
    const raw = storage()?.getItem(IMAGE_METRICS_KEY);
    if (!raw) return [];
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item) => {
    const metric = toImageMetric(item);
    return metric ? [metric] : [];
  });
}

/**
 * Adds one metric, keeping the newest IMAGE_METRICS_LIMIT. Answers whether it was stored (an
 * invalid metric or full storage is skipped: measuring must never break the page).
 */
export function recordImageMetric(metric: ImageMetric): boolean {
  const valid = toImageMetric(metric);
  const store = storage();
  if (!valid || !store) return false;
  const metrics = [...readImageMetrics(), valid].slice(-IMAGE_METRICS_LIMIT);
  try {
    store.setItem(IMAGE_METRICS_KEY, JSON.stringify(metrics));
    return true;
  } catch {
    return false;
  }
}

export function clearImageMetrics(): void {
  try {
    storage()?.removeItem(IMAGE_METRICS_KEY);
  } catch {
    // Nothing stored that could be cleared.
  }
}

function countAndPercent(count: number, total: number): CountAndPercent {
  return { count, percent: total === 0 ? 0 : Math.round((count / total) * 1000) / 10 };
}

/** Totals for the metrics within `range` of `now`. */
export function summarizeImageMetrics(
  metrics: readonly ImageMetric[],
  range: ImageMetricsRange,
  now: number = Date.now(),
): ImageMetricsSummary {
  const inRange =
    range === 'all'
      ? [...metrics]
      : metrics.filter((m) => m.timestamp >= now - IMAGE_METRICS_RANGE_MS[range]);
  const total = inRange.length;

  const totalLoadTime = inRange.reduce((sum, metric) => sum + metric.loadTime, 0);
  const formatCounts = new Map<string, number>();
  for (const metric of inRange) formatCounts.set(metric.format, (formatCounts.get(metric.format) ?? 0) + 1);

  return {
    total,
    averageLoadTimeMs: total === 0 ? 0 : Math.round(totalLoadTime / total),
    browserCached: countAndPercent(inRange.filter((metric) => metric.cached).length, total),
    cdnHits: countAndPercent(inRange.filter((metric) => metric.cdnCacheStatus === 'HIT').length, total),
    formats: [...formatCounts]
      .map(([format, count]) => ({ format, ...countAndPercent(count, total) }))
      .sort((a, b) => b.count - a.count || a.format.localeCompare(b.format, 'en')),
    recent: inRange.sort((a, b) => b.timestamp - a.timestamp).slice(0, RECENT_IMAGE_COUNT),
  };
}

const EXTENSION_FORMATS: Record<string, string> = { jpg: 'jpeg', jpe: 'jpeg', jfif: 'jpeg', svg: 'svg' };

/** The image format named by a `format=` query parameter, else by the file extension. */
export function imageFormatFromUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return 'unknown';
  }
  const requested = parsed.searchParams.get('format')?.trim().toLowerCase();
  if (requested) return EXTENSION_FORMATS[requested] ?? requested;
  const extension = /\.([a-z0-9]+)$/i.exec(parsed.pathname)?.[1]?.toLowerCase();
  if (!extension) return 'unknown';
  return EXTENSION_FORMATS[extension] ?? extension;
}

function cdnCacheStatusOf(timing: PerformanceResourceTiming): string {
  const entry = (timing.serverTiming ?? []).find((item) => item.name === 'cdn-cache');
  const status = entry?.description.trim().toUpperCase();
  return status || UNKNOWN_CDN_STATUS;
}

/**
 * Records how a loaded <img> was fetched, from the browser's resource timing for its current
 * source. Call it from the image's load event. Answers the stored metric, or null when the
 * browser has no timing for it (a data: URL, or the timing buffer was full).
 */
export function measureImageLoad(img: HTMLImageElement, now: number = Date.now()): ImageMetric | null {
  const url = img.currentSrc || img.src;
  if (!url || typeof performance === 'undefined' || typeof performance.getEntriesByName !== 'function') {
    return null;
  }
  const timing = performance
    .getEntriesByName(url, 'resource')
    .filter((entry): entry is PerformanceResourceTiming => 'transferSize' in entry)
    .at(-1);
  if (!timing) return null;

  const metric: ImageMetric = {
    url,
    width: img.naturalWidth,
    format: imageFormatFromUrl(url),
    loadTime: Math.max(0, Math.round(timing.duration * 10) / 10),
    cached: timing.transferSize === 0 && timing.decodedBodySize > 0,
    cdnCacheStatus: cdnCacheStatusOf(timing),
    timestamp: Math.round(now),
  };
  return recordImageMetric(metric) ? metric : null;
}
