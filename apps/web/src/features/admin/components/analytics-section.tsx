import type { AnalyticsDto } from '@castline/shared';
import { ACCESS_MESSAGES, ANALYTICS_TIME_RANGES } from '@castline/shared';
import type { LucideIcon } from 'lucide-react';
import { MessageSquare, MessagesSquare, Package, ShoppingBag, UserRoundPlus } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useSearchParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import type { AnalyticsFilters } from '../api/admin.api';
import { useAnalytics } from '../api/admin.api';
import { AnalyticsChart } from './analytics-chart';

type TimeRange = (typeof ANALYTICS_TIME_RANGES)[number];
type Metric = keyof AnalyticsDto['totals'];

export const ANALYTICS_MESSAGES = {
  accessDenied: ACCESS_MESSAGES.insufficientPermissions,
  fetchFailed: 'Failed to fetch analytics data',
} as const;

const RANGE_LABELS: Record<TimeRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
};

const METRICS: readonly { key: Metric; label: string; icon: LucideIcon }[] = [
  { key: 'members', label: 'New members', icon: UserRoundPlus },
  { key: 'listings', label: 'New listings', icon: Package },
  { key: 'sales', label: 'Sales', icon: ShoppingBag },
  { key: 'messages', label: 'Messages', icon: MessageSquare },
  { key: 'posts', label: 'Forum posts', icon: MessagesSquare },
];

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const MONTHS_OFFERED = 24;

function isTimeRange(value: string | null): value is TimeRange {
  return (ANALYTICS_TIME_RANGES as readonly (string | null)[]).includes(value);
}

/** The analytics filters in the address (`range`, `month`); unreadable values fall back to 30 days. */
export function analyticsFiltersFrom(params: URLSearchParams): AnalyticsFilters {
  const range = params.get('range');
  const month = params.get('month');
  return {
    time_range: isTimeRange(range) ? range : '30d',
    month: month && MONTH_PATTERN.test(month) ? month : null,
  };
}

const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longMonthFormat = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const numberFormat = new Intl.NumberFormat('en');

/** "2025-03-05" → "Mar 5"; "2025-03" → "Mar 2025". */
export function periodLabel(period: string): string {
  const date = new Date(period.length === 7 ? `${period}-01T00:00:00Z` : `${period}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return period;
  return period.length === 7 ? monthFormat.format(date) : dayFormat.format(date);
}

function monthName(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : longMonthFormat.format(date);
}

/** The last 24 calendar months (UTC), newest first, as YYYY-MM. */
function recentMonths(now: Date): string[] {
  return Array.from({ length: MONTHS_OFFERED }, (_, index) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - index, 1));
    return date.toISOString().slice(0, 7);
  });
}

function windowText(data: AnalyticsDto): string {
  const from = new Date(`${data.from}T00:00:00Z`);
  const to = new Date(`${data.to}T00:00:00Z`);
  if (data.month) return `Daily figures for ${monthName(data.month)}.`;
  if (data.granularity === 'month') {
    return `Monthly figures from ${longMonthFormat.format(from)} to ${longMonthFormat.format(to)}.`;
  }
  return `Daily figures from ${longDayFormat.format(from)} to ${longDayFormat.format(to)}.`;
}

/**
 * The dashboard's activity over time: totals and a chart per figure for a time range or a
 * calendar month, both kept in the address. Needs analytics.read.
 */
export function AnalyticsSection({ canRead }: { canRead: boolean }) {
  const headingId = useId();
  const rangeId = useId();
  const monthId = useId();
  const monthHintId = useId();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => analyticsFiltersFrom(params), [params]);
  const analytics = useAnalytics(filters, canRead);
  const months = useMemo(() => {
    const list = recentMonths(new Date());
    return filters.month && !list.includes(filters.month) ? [filters.month, ...list] : list;
  }, [filters.month]);

  function change(next: Partial<AnalyticsFilters>) {
    setParams(
      (current) => {
        const merged = { ...analyticsFiltersFrom(current), ...next };
        const updated = new URLSearchParams(current);
        if (merged.time_range === '30d') updated.delete('range');
        else updated.set('range', merged.time_range);
        if (merged.month) updated.set('month', merged.month);
        else updated.delete('month');
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  let content;
  if (!canRead) {
    content = <Alert tone="error">{ANALYTICS_MESSAGES.accessDenied}</Alert>;
  } else if (analytics.isPending) {
    content = (
      <LoadingSkeleton label="Loading analytics" className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {METRICS.map((metric) => (
            <div
              key={metric.key}
              className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
            >
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-8 w-14" />
            </div>
          ))}
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-56 w-full rounded-2xl" />
          <Skeleton className="h-56 w-full rounded-2xl" />
        </div>
      </LoadingSkeleton>
    );
  } else if (analytics.isError && !analytics.data) {
    content = (
      <Alert tone="error">
        <p>{ANALYTICS_MESSAGES.fetchFailed}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void analytics.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    const data = analytics.data;
    const points = (metric: Metric) =>
      data.series.map((point) => ({ label: periodLabel(point.period), value: point[metric] }));
    const period = data.granularity === 'month' ? 'Month' : 'Day';
    content = (
      <div
        aria-busy={analytics.isPlaceholderData || undefined}
        className={cn('flex flex-col gap-4 transition-opacity', analytics.isPlaceholderData && 'opacity-60')}
      >
        <p className="text-sm text-ink-muted">{windowText(data)}</p>
        {analytics.isError && (
          <Alert tone="error">
            <p>{ANALYTICS_MESSAGES.fetchFailed}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void analytics.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        <dl aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {METRICS.map(({ key, label, icon: Icon }) => (
            <div
              key={key}
              className="flex flex-col-reverse gap-1 rounded-2xl border border-line bg-surface p-4 shadow-sm"
            >
              <dd className="text-2xl font-semibold tabular-nums">{numberFormat.format(data.totals[key])}</dd>
              <dt className="flex items-center gap-1.5 text-sm text-ink-muted">
                <Icon aria-hidden="true" size={15} className="shrink-0 text-brand" />
                {label}
              </dt>
            </div>
          ))}
        </dl>
        <div className="grid gap-4 md:grid-cols-2">
          {METRICS.map(({ key, label }) => (
            <Card key={key} className="flex flex-col gap-3 p-4 sm:p-5">
              <h3 className="flex items-baseline justify-between gap-2 font-semibold">
                {label}
                <span className="text-sm font-normal text-ink-muted tabular-nums">
                  {`${numberFormat.format(data.totals[key])} in total`}
                </span>
              </h3>
              <AnalyticsChart title={label} points={points(key)} periodLabel={period} />
            </Card>
          ))}
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          Analytics
        </h2>
        {canRead && (
          <div className="flex flex-col gap-3 min-[420px]:flex-row">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={rangeId} className="text-sm font-medium text-ink">
                Time range
              </label>
              <select
                id={rangeId}
                value={filters.time_range}
                disabled={filters.month !== null}
                aria-describedby={filters.month ? monthHintId : undefined}
                onChange={(event) => change({ time_range: event.target.value as TimeRange })}
                className="block min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink shadow-xs focus-visible:border-ring disabled:opacity-60 min-[420px]:w-44"
              >
                {ANALYTICS_TIME_RANGES.map((range) => (
                  <option key={range} value={range}>
                    {RANGE_LABELS[range]}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={monthId} className="text-sm font-medium text-ink">
                Month
              </label>
              <select
                id={monthId}
                value={filters.month ?? ''}
                aria-describedby={monthHintId}
                onChange={(event) => change({ month: event.target.value || null })}
                className="block min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink shadow-xs focus-visible:border-ring min-[420px]:w-56"
              >
                <option value="">Use the time range</option>
                {months.map((month) => (
                  <option key={month} value={month}>
                    {monthName(month)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
      </div>
      {canRead && (
        <p id={monthHintId} className="text-sm text-ink-muted">
          Choosing a month shows that month day by day instead of the time range. Days are in UTC.
        </p>
      )}
      {content}
    </section>
  );
}
