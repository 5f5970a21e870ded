import { SHELL_MESSAGES } from '@castline/shared';
import type { LucideIcon } from 'lucide-react';
import { Cloud, HardDrive, Image, ImageOff, RefreshCw, Timer, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useMemo, useState } from 'react';
import { Link } from '../../../lib/router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-date';
import type { ImageMetric, ImageMetricsRange } from '../../../lib/image-metrics';
import { clearImageMetrics, readImageMetrics, summarizeImageMetrics } from '../../../lib/image-metrics';

const RANGES: ImageMetricsRange[] = ['hour', 'day', 'week', 'all'];

const RANGE_LABELS: Record<ImageMetricsRange, string> = {
  hour: 'Last Hour',
  day: 'Last 24 Hours',
  week: 'Last Week',
  all: 'All Time',
};

const RANGE_PHRASES: Record<ImageMetricsRange, string> = {
  hour: 'in the last hour',
  day: 'in the last 24 hours',
  week: 'in the last week',
  all: 'in this tab',
};

const DEFAULT_RANGE: ImageMetricsRange = 'day';

const numberFormat = new Intl.NumberFormat('en');

interface Snapshot {
  metrics: ImageMetric[];
  /** When storage was read; ranges reach back from here. */
  readAt: number;
}

function readSnapshot(): Snapshot {
  return { metrics: readImageMetrics(), readAt: Date.now() };
}

function plural(count: number, one: string, many: string): string {
  return `${numberFormat.format(count)} ${count === 1 ? one : many}`;
}

function formatPercent(percent: number): string {
  return `${numberFormat.format(percent)}%`;
}

/** The address without this site's origin, which every listing photo shares. */
function shortUrl(url: string): string {
  const origin = window.location.origin;
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

function StatCard({
  icon: Icon,
  label,
  value,
  detail,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  detail?: string;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5 sm:p-5">
      <dt className="flex items-center gap-2 text-sm font-medium text-ink-muted">
        <Icon aria-hidden="true" size={18} className="shrink-0 text-brand" />
        {label}
      </dt>
      <dd className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-bold text-ink tabular-nums">{value}</span>
        {detail && <span className="text-sm text-ink-muted">{detail}</span>}
      </dd>
    </div>
  );
}

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
        <ImageOff aria-hidden="true" size={28} />
      </span>
      <p className="text-lg font-semibold text-ink">{title}</p>
      {children}
    </Card>
  );
}

/** /admin/image-performance: how listing photos loaded in this browser tab (spec 001 §2). */
export function ImagePerformanceRoute() {
  const [range, setRange] = useState<ImageMetricsRange>(DEFAULT_RANGE);
  const [snapshot, setSnapshot] = useState<Snapshot>(readSnapshot);
  const [notice, setNotice] = useState('');
  const rangeId = useId();
  const formatsHeadingId = useId();
  const recentHeadingId = useId();

  const summary = useMemo(
    () => summarizeImageMetrics(snapshot.metrics, range, snapshot.readAt),
    [snapshot, range],
  );
  const stored = snapshot.metrics.length;

  function changeRange(value: ImageMetricsRange) {
    setRange(value);
    setSnapshot(readSnapshot());
    setNotice('');
  }

  function refresh() {
    const next = readSnapshot();
    setSnapshot(next);
    setNotice(`Refreshed: ${plural(next.metrics.length, 'metric', 'metrics')} stored in this tab.`);
  }

  function clearData() {
    clearImageMetrics();
    setSnapshot(readSnapshot());
    setNotice('Image metrics cleared.');
  }

  return (
    <div className="flex flex-col gap-6">
      <title>Image Performance · Castline</title>
      <header className="flex max-w-3xl flex-col gap-3">
        <p className="text-sm font-semibold tracking-wider text-reed uppercase">Admin</p>
        <h1 className="text-3xl font-bold tracking-tight text-ink">Image Performance</h1>
        <p className="leading-relaxed text-ink-muted">
          How quickly listing photos load in this browser tab, and how often they come from the browser cache
          or the CDN. The metrics live in this tab’s session storage, so they start again when the tab is
          closed.
        </p>
      </header>

      <div className="flex flex-col gap-2">
        <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={rangeId} className="text-sm font-medium text-ink">
              Time range
            </label>
            <select
              id={rangeId}
              value={range}
              onChange={(event) => changeRange(event.target.value as ImageMetricsRange)}
              className="block min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink shadow-xs focus-visible:border-ring sm:w-56"
            >
              {RANGES.map((option) => (
                <option key={option} value={option}>
                  {RANGE_LABELS[option]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={refresh}>
              <RefreshCw aria-hidden="true" size={18} />
              Refresh
            </Button>
            <Button variant="danger" onClick={clearData} disabled={stored === 0}>
              <Trash2 aria-hidden="true" size={18} />
              Clear Data
            </Button>
          </div>
        </div>

        <p role="status" className="text-sm text-ink-muted">
          {notice}
        </p>
      </div>

      {stored === 0 ? (
        <EmptyState title={SHELL_MESSAGES.noImageMetrics}>
          <p className="max-w-md text-sm leading-relaxed text-ink-muted">
            Metrics are collected as listing photos load in this browser tab. Browse some listings, then come
            back and refresh this page.
          </p>
          <Link to="/marketplace" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Browse the Marketplace
          </Link>
        </EmptyState>
      ) : summary.total === 0 ? (
        <EmptyState title={`No images loaded ${RANGE_PHRASES[range]}`}>
          <p className="max-w-md text-sm leading-relaxed text-ink-muted">
            {`This tab holds ${plural(stored, 'older metric', 'older metrics')}. Choose a longer time range to see ${stored === 1 ? 'it' : 'them'}.`}
          </p>
        </EmptyState>
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
            <StatCard icon={Image} label="Total Images" value={numberFormat.format(summary.total)} />
            <StatCard
              icon={Timer}
              label="Average Load Time"
              value={`${numberFormat.format(summary.averageLoadTimeMs)} ms`}
            />
            <StatCard
              icon={HardDrive}
              label="Browser Cache"
              value={numberFormat.format(summary.browserCached.count)}
              detail={formatPercent(summary.browserCached.percent)}
            />
            <StatCard
              icon={Cloud}
              label="CDN Hits"
              value={numberFormat.format(summary.cdnHits.count)}
              detail={formatPercent(summary.cdnHits.percent)}
            />
          </dl>

          <Card aria-labelledby={formatsHeadingId} className="flex flex-col gap-4 p-5">
            <h2 id={formatsHeadingId} className="text-lg font-semibold text-ink">
              Format Distribution
            </h2>
            <ul className="flex flex-col gap-3">
              {summary.formats.map(({ format, count, percent }) => (
                <li key={format} className="flex flex-col gap-1.5">
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="font-semibold text-ink uppercase">{format}</span>
                    <span className="text-ink-muted tabular-nums">
                      {`${plural(count, 'image', 'images')} · ${formatPercent(percent)}`}
                    </span>
                  </div>
                  <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-surface-muted">
                    <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </Card>

          <Card className="flex flex-col gap-4 p-5">
            <h2 id={recentHeadingId} className="text-lg font-semibold text-ink">
              Recent Images
            </h2>
            <div
              role="region"
              aria-labelledby={recentHeadingId}
              tabIndex={0}
              className="-mx-5 overflow-x-auto px-5"
            >
              <table className="w-full min-w-[44rem] text-left text-sm">
                <caption className="sr-only">
                  {`The ${plural(summary.recent.length, 'most recent image', 'most recent images')} ${RANGE_PHRASES[range]}, newest first`}
                </caption>
                <thead className="border-b border-line text-xs tracking-wide text-ink-muted uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Image
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-semibold">
                      Width
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Format
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-semibold">
                      Load Time
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Cached
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      CDN Status
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Time
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {summary.recent.map((metric, index) => (
                    <tr key={`${metric.timestamp}-${metric.url}-${index}`} className="text-ink">
                      <td className="max-w-[16rem] py-2.5 pr-4">
                        <a
                          href={metric.url}
                          target="_blank"
                          rel="noreferrer"
                          title={metric.url}
                          className="block truncate font-mono text-xs text-brand underline-offset-2 hover:underline"
                        >
                          {shortUrl(metric.url)}
                        </a>
                      </td>
                      <td className="py-2.5 pr-4 text-right tabular-nums">{`${numberFormat.format(metric.width)} px`}</td>
                      <td className="py-2.5 pr-4 uppercase">{metric.format}</td>
                      <td className="py-2.5 pr-4 text-right tabular-nums">{`${numberFormat.format(metric.loadTime)} ms`}</td>
                      <td className="py-2.5 pr-4">{metric.cached ? 'Yes' : 'No'}</td>
                      <td className="py-2.5 pr-4">
                        <span
                          className={cn(
                            'rounded-full px-2 py-0.5 text-xs font-semibold',
                            metric.cdnCacheStatus === 'HIT'
                              ? 'bg-reed-soft text-reed'
                              : 'bg-surface-muted text-ink-muted',
                          )}
                        >
                          {metric.cdnCacheStatus}
                        </span>
                      </td>
                      <td className="py-2.5 whitespace-nowrap text-ink-muted">
                        <time dateTime={new Date(metric.timestamp).toISOString()}>
                          {formatDateTime(new Date(metric.timestamp).toISOString())}
                        </time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        </>
      )}
    </div>
  );
}
