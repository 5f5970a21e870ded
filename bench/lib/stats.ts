/** Timing helpers shared by the benchmarks. */

export interface Timings {
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  /** Completed operations a second over the whole measured run. */
  perSecond: number;
  samples: number;
}

/** The nearest-rank percentile of ascending samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** p50/p95/p99 of the samples (ms) and operations a second over `elapsedMs`. */
export function summarize(samples: readonly number[], elapsedMs: number): Timings {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    perSecond: elapsedMs > 0 ? (sorted.length / elapsedMs) * 1000 : 0,
    samples: sorted.length,
  };
}

/**
 * Runs `operation` `iterations` times, `concurrency` at a time (after `warmup` untimed runs),
 * and summarizes each run's latency and the throughput of the whole.
 */
export async function measure(
  operation: (index: number) => Promise<void>,
  { iterations, concurrency = 1, warmup = 3 }: { iterations: number; concurrency?: number; warmup?: number },
): Promise<Timings> {
  for (let i = 0; i < warmup; i += 1) await operation(-1 - i);
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.max(1, concurrency) }, async () => {
      while (next < iterations) {
        const index = next;
        next += 1;
        const t = performance.now();
        await operation(index);
        samples.push(performance.now() - t);
      }
    }),
  );
  return summarize(samples, performance.now() - started);
}
