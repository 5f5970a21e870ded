/** The benchmarks' common result shape, the printed table and the results files. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Timings } from './stats.js';

/** A figure of `BenchRow.metrics`, e.g. `lcpMs` of a Lighthouse run. */
export type NamedMetric = `metrics.${string}`;

export interface Budget {
  /** Which figure is held to the budget. */
  metric: 'p50' | 'p95' | 'p99' | 'perSecond' | 'floorRatio' | 'kilobytes' | 'score' | NamedMetric;
  /** `max`: the figure must be at most `limit`; `min`: at least. */
  kind: 'max' | 'min';
  limit: number;
}

export interface BenchRow {
  /** The suite, e.g. "search (PostgreSQL, 100,000 listings)". */
  suite: string;
  /** The case, e.g. "text + category, by price". */
  name: string;
  /** Latency and throughput of the product's own path; absent for size/score rows. */
  timings?: Timings;
  /** A single figure for rows that are not latencies (kilobytes, a Lighthouse score). */
  value?: number;
  unit?: string;
  /** Further named figures of the row (Lighthouse's LCP, CLS and TBT), budgeted as `metrics.<name>`. */
  metrics?: Record<string, number>;
  /** The same work without the product around it, measured in the same run. */
  floor?: { name: string; timings: Timings };
  /**
   * The product's throughput over the floor's (1 = as fast as the floor), or for latency-only
   * floors the floor's p95 over the product's.
   */
  floorRatio?: number;
  budgets: Budget[];
  /** Anything the reader needs to read the figure (connections, sizes). */
  note?: string;
}

export function figureOf(row: BenchRow, metric: Budget['metric']): number | undefined {
  if (metric === 'floorRatio') return row.floorRatio;
  if (metric === 'kilobytes' || metric === 'score') return row.value;
  if (metric.startsWith('metrics.')) return row.metrics?.[metric.slice('metrics.'.length)];
  return row.timings?.[metric as 'p50' | 'p95' | 'p99' | 'perSecond'];
}

export function withinBudget(row: BenchRow, budget: Budget): boolean {
  const figure = figureOf(row, budget.metric);
  if (figure === undefined || Number.isNaN(figure)) return false;
  return budget.kind === 'max' ? figure <= budget.limit : figure >= budget.limit;
}

export function rowOk(row: BenchRow): boolean {
  return row.budgets.every((budget) => withinBudget(row, budget));
}

/** Throughput ratio of the product to its floor (or, without throughputs, floor p95 / product p95). */
export function ratioToFloor(product: Timings, floor: Timings): number {
  if (product.perSecond > 0 && floor.perSecond > 0) return product.perSecond / floor.perSecond;
  return floor.p95 / product.p95;
}

const ms = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(1);

function budgetText(budget: Budget): string {
  const sign = budget.kind === 'max' ? '≤' : '≥';
  switch (budget.metric) {
    case 'perSecond':
      return `${sign} ${budget.limit}/s`;
    case 'floorRatio':
      return `${sign} ${budget.limit}× floor`;
    case 'kilobytes':
      return `${sign} ${budget.limit} KB`;
    case 'score':
      return `${sign} ${budget.limit}`;
    default:
      if (budget.metric.startsWith('metrics.'))
        return `${budget.metric.slice('metrics.'.length)} ${sign} ${budget.limit}`;
      return `${budget.metric} ${sign} ${budget.limit} ms`;
  }
}

/** The rows as a Markdown table: figure, budget and floor ratio. */
export function table(rows: readonly BenchRow[]): string {
  const header =
    '| | suite | case | p50 ms | p95 ms | p99 ms | per s | value | floor p95 ms | floor per s | × floor | budget | note |';
  const rule = '|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|---|';
  const lines = rows.map((row) => {
    const t = row.timings;
    const f = row.floor?.timings;
    return [
      '',
      rowOk(row) ? 'ok' : '**OVER**',
      row.suite,
      row.name,
      ms(t?.p50),
      ms(t?.p95),
      ms(t?.p99),
      t ? t.perSecond.toFixed(0) : '–',
      row.value === undefined
        ? '–'
        : `${row.value.toFixed(row.value < 100 ? 1 : 0)}${row.unit ? ` ${row.unit}` : ''}`,
      ms(f?.p95),
      f ? f.perSecond.toFixed(0) : '–',
      row.floorRatio === undefined ? '–' : row.floorRatio.toFixed(2),
      row.budgets.map(budgetText).join(', ') || '–',
      row.note ?? '',
      '',
    ]
      .join(' | ')
      .trim();
  });
  return [header, rule, ...lines].join('\n');
}

/** Writes the rows as JSON and as a Markdown table under bench/results/. */
export async function writeResults(rows: readonly BenchRow[], name: string): Promise<string> {
  const dir = path.join(import.meta.dirname, '..', 'results');
  await mkdir(dir, { recursive: true });
  const base = path.join(dir, name);
  await writeFile(`${base}.json`, `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`);
  await writeFile(`${base}.md`, `${table(rows)}\n`);
  return base;
}

/** What `npm run bench` hands each suite. */
export interface SuiteOptions {
  /** `--full`: the large sizes (1,000,000 listings) as well as the default ones. */
  full: boolean;
  /** A PostgreSQL server whose user may create databases; PostgreSQL cases are skipped without it. */
  databaseUrl?: string;
  /** A Redis server for the cases across two instances; skipped without it. */
  redisUrl?: string;
  /** Progress lines (loading, warming up): printed as they come, not in the table. */
  log: (line: string) => void;
}

/** A benchmark suite: a module under bench/suites/ exporting `run`. */
export type Suite = (options: SuiteOptions) => Promise<BenchRow[]>;
