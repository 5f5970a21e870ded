import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; the usual Prometheus latency buckets. */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export interface MetricsSources {
  /** Open realtime sockets on this instance. */
  openSockets: () => number;
  /** Runs a trivial database query; its duration is reported. */
  probeDatabase: () => Promise<void>;
}

/** "2xx", "4xx", … */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/**
 * The app's Prometheus metrics, kept with prom-client in a registry of this call's own (never
 * the global one): request latency, sockets, database round trip and the process.
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  const registers = [registry];
  let loopDelay: IntervalHistogram | null = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();

  // The database is probed once per scrape: every collect below that reports it awaits the same
  // probe, which `render()` starts afresh.
  let scrapeProbe: Promise<boolean> | null = null;
  const probeOnce = (): Promise<boolean> => (scrapeProbe ??= probeDatabase());

  const httpDuration = new Histogram({
    name: 'castline_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [...HTTP_DURATION_BUCKETS],
    registers,
  });
  new Gauge({
    name: 'castline_realtime_open_sockets',
    help: 'Open realtime WebSocket connections on this instance.',
    registers,
    collect() {
      this.set(sources.openSockets());
    },
  });
  const dbProbe = new Histogram({
    name: 'castline_db_probe_duration_seconds',
    help: 'Duration of the database round trip (select 1) measured on each scrape.',
    buckets: [...HTTP_DURATION_BUCKETS],
    registers,
    async collect() {
      await probeOnce();
    },
  });
  // No series until the first probe that answers (an unlabelled histogram starts with zeros).
  dbProbe.reset();
  new Gauge({
    name: 'castline_db_up',
    help: 'Whether the database answered the last probe (1) or not (0).',
    registers,
    async collect() {
      this.set((await probeOnce()) ? 1 : 0);
    },
  });
  const dbProbeFailures = new Counter({
    name: 'castline_db_probe_failures_total',
    help: 'Database probes that failed.',
    registers,
    async collect() {
      await probeOnce();
    },
  });
  const memoryGauge = (name: string, help: string, read: (memory: NodeJS.MemoryUsage) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(process.memoryUsage()));
      },
    });
  memoryGauge('process_resident_memory_bytes', 'Resident memory size in bytes.', (memory) => memory.rss);
  memoryGauge('nodejs_heap_size_used_bytes', 'V8 heap in use, in bytes.', (memory) => memory.heapUsed);
  memoryGauge('nodejs_heap_size_total_bytes', 'V8 heap size, in bytes.', (memory) => memory.heapTotal);
  memoryGauge(
    'nodejs_external_memory_bytes',
    'Memory of C++ objects bound to JavaScript, in bytes.',
    (memory) => memory.external,
  );
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'User and system CPU time in seconds.',
    registers,
    collect() {
      const cpu = process.cpuUsage();
      this.reset();
      this.inc((cpu.user + cpu.system) / 1e6);
    },
  });
  new Gauge({
    name: 'process_uptime_seconds',
    help: 'Seconds since the process started.',
    registers,
    collect() {
      this.set(process.uptime());
    },
  });
  new Gauge({
    name: 'nodejs_eventloop_lag_seconds',
    help: 'Event loop delay since the last scrape.',
    labelNames: ['quantile'] as const,
    registers,
    collect() {
      const delay = loopDelay;
      const lagSeconds = (nanos: number) => (Number.isFinite(nanos) ? nanos / 1e9 : 0);
      this.set({ quantile: '0.5' }, delay ? lagSeconds(delay.percentile(50)) : 0);
      this.set({ quantile: '0.99' }, delay ? lagSeconds(delay.percentile(99)) : 0);
      this.set({ quantile: 'max' }, delay ? lagSeconds(delay.max) : 0);
      delay?.reset();
    },
  });

  async function probeDatabase(): Promise<boolean> {
    const started = process.hrtime.bigint();
    try {
      await sources.probeDatabase();
      dbProbe.observe(Number(process.hrtime.bigint() - started) / 1e9);
      return true;
    } catch {
      dbProbeFailures.inc();
      return false;
    }
  }

  return {
    /** The content type of `render()`'s text. */
    contentType: registry.contentType,

    observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
      // prom-client refuses a non-finite observation; a request is never worth an error here.
      if (!Number.isFinite(seconds)) return;
      httpDuration.observe({ method, route, status_class: statusClass(statusCode) }, seconds);
    },

    /** The exposition text; measures the database round trip as part of the scrape. */
    async render(): Promise<string> {
      scrapeProbe = null;
      return registry.metrics();
    },

    close(): void {
      loopDelay?.disable();
      loopDelay = null;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
