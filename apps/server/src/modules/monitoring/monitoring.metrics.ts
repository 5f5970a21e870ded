import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Seconds; the usual Prometheus latency buckets. */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

type Labels = Record<string, string>;

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([key, value]) => `${key}="${escapeLabel(value)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

/** A Prometheus histogram with labels, written in the text exposition format. */
export class Histogram {
  readonly #series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = JSON.stringify(labels);
    let series = this.#series.get(key);
    if (!series) {
      series = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    this.buckets.forEach((bound, index) => {
      if (value <= bound) series.counts[index] = (series.counts[index] ?? 0) + 1;
    });
    series.sum += value;
    series.count += 1;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      this.buckets.forEach((bound, index) => {
        lines.push(
          `${this.name}_bucket${labelText({ ...labels, le: formatNumber(bound) })} ${counts[index] ?? 0}`,
        );
      });
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${formatNumber(sum)}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

function gauge(name: string, help: string, samples: readonly [Labels, number][]): string[] {
  return [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} gauge`,
    ...samples.map(([labels, value]) => `${name}${labelText(labels)} ${formatNumber(value)}`),
  ];
}

function counter(name: string, help: string, value: number): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} counter`, `${name} ${formatNumber(value)}`];
}

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

/** The app's Prometheus metrics: request latency, sockets, database round trip and the process. */
export function createMetrics(sources: MetricsSources) {
  const httpDuration = new Histogram(
    'castline_http_request_duration_seconds',
    'HTTP request duration by method, route pattern and status class.',
    HTTP_DURATION_BUCKETS,
  );
  const dbProbe = new Histogram(
    'castline_db_probe_duration_seconds',
    'Duration of the database round trip (select 1) measured on each scrape.',
    HTTP_DURATION_BUCKETS,
  );
  let loopDelay: IntervalHistogram | null = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  let dbProbeFailures = 0;

  return {
    observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
      httpDuration.observe({ method, route, status_class: statusClass(statusCode) }, seconds);
    },

    /** The exposition text; measures the database round trip first. */
    async render(): Promise<string> {
      const started = process.hrtime.bigint();
      let dbUp = 1;
      try {
        await sources.probeDatabase();
        dbProbe.observe({}, Number(process.hrtime.bigint() - started) / 1e9);
      } catch {
        dbUp = 0;
        dbProbeFailures += 1;
      }
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      const delay = loopDelay;
      const lagSeconds = (nanos: number) => (Number.isFinite(nanos) ? nanos / 1e9 : 0);
      const lines = [
        ...httpDuration.render(),
        ...gauge('castline_realtime_open_sockets', 'Open realtime WebSocket connections on this instance.', [
          [{}, sources.openSockets()],
        ]),
        ...dbProbe.render(),
        ...gauge('castline_db_up', 'Whether the database answered the last probe (1) or not (0).', [
          [{}, dbUp],
        ]),
        ...counter('castline_db_probe_failures_total', 'Database probes that failed.', dbProbeFailures),
        ...gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', [[{}, memory.rss]]),
        ...gauge('nodejs_heap_size_used_bytes', 'V8 heap in use, in bytes.', [[{}, memory.heapUsed]]),
        ...gauge('nodejs_heap_size_total_bytes', 'V8 heap size, in bytes.', [[{}, memory.heapTotal]]),
        ...gauge('nodejs_external_memory_bytes', 'Memory of C++ objects bound to JavaScript, in bytes.', [
          [{}, memory.external],
        ]),
        ...counter(
          'process_cpu_seconds_total',
          'User and system CPU time in seconds.',
          (cpu.user + cpu.system) / 1e6,
        ),
        ...gauge('process_uptime_seconds', 'Seconds since the process started.', [[{}, process.uptime()]]),
        ...gauge('nodejs_eventloop_lag_seconds', 'Event loop delay since the last scrape.', [
          [{ quantile: '0.5' }, delay ? lagSeconds(delay.percentile(50)) : 0],
          [{ quantile: '0.99' }, delay ? lagSeconds(delay.percentile(99)) : 0],
          [{ quantile: 'max' }, delay ? lagSeconds(delay.max) : 0],
        ]),
      ];
      delay?.reset();
      return `${lines.join('\n')}\n`;
    },

    close(): void {
      loopDelay?.disable();
      loopDelay = null;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
