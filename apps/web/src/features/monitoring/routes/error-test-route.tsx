import type { LucideIcon } from 'lucide-react';
import { Activity, Bug, MessageCircle, ShieldCheck, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { MonitoringEntry, MonitoringEntryKind } from '../../../lib/monitoring';
import {
  getMonitoring,
  installGlobalErrorReporting,
  RECENT_ENTRY_LIMIT,
  recentEntries,
  subscribeToRecentEntries,
} from '../../../lib/monitoring';

const SLOW_OPERATION_MS = 1500;
const SLOW_OPERATION_METRIC = 'error-test.slow-operation';
const TEST_MESSAGE = 'Error test page message';
const CONTEXT = { source: 'error-test' } as const;

const KIND_LABELS: Record<MonitoringEntryKind, string> = {
  error: 'Uncaught error',
  exception: 'Caught exception',
  message: 'Message',
  metric: 'Timing',
};

const KIND_STYLES: Record<MonitoringEntryKind, string> = {
  error: 'bg-danger-soft text-danger',
  exception: 'bg-cta/15 text-ink',
  message: 'bg-brand-soft text-brand',
  metric: 'bg-reed-soft text-reed',
};

const milliseconds = new Intl.NumberFormat('en');
const clockTime = new Intl.DateTimeFormat('en', { timeStyle: 'medium' });

function formatMs(value: number): string {
  return `${milliseconds.format(value)} ms`;
}

/** Throws outside React, from a timer: only the window 'error' handler sees it. */
function triggerUncaughtError(): void {
  window.setTimeout(() => {
    throw new Error('Error test: uncaught error thrown on purpose');
  }, 0);
}

function triggerCaughtException(): void {
  try {
    throw new Error('Error test: caught exception thrown on purpose');
  } catch (error) {
    getMonitoring().captureException(error, CONTEXT);
  }
}

function logTestMessage(): void {
  getMonitoring().logMessage(TEST_MESSAGE, 'info', CONTEXT);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

type SlowOperationState =
  { status: 'idle' } | { status: 'running' } | { status: 'done'; durationMs: number } | { status: 'failed' };

interface TestCardProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action: ReactNode;
  result?: ReactNode;
}

function TestCard({ icon: Icon, title, children, action, result }: TestCardProps) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <Icon aria-hidden="true" size={20} />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="font-semibold text-ink">{title}</h2>
          <p className="text-sm leading-relaxed text-ink-muted">{children}</p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2">
        {action}
        {result}
      </div>
    </Card>
  );
}

function ActivityItem({ entry }: { entry: MonitoringEntry }) {
  return (
    <li className="flex flex-col gap-1.5 py-3 sm:flex-row sm:items-baseline sm:gap-4">
      <div className="flex shrink-0 items-center gap-2 sm:w-52">
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', KIND_STYLES[entry.kind])}>
          {KIND_LABELS[entry.kind]}
        </span>
        <time dateTime={entry.timestamp} className="text-xs text-ink-muted tabular-nums">
          {clockTime.format(new Date(entry.timestamp))}
        </time>
      </div>
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="text-sm break-words text-ink">{entry.message}</p>
        <p className="text-xs text-ink-muted">
          Level: {entry.level}
          {entry.error && entry.error.name !== 'Error' ? ` · ${entry.error.name}` : ''}
          {entry.durationMs !== undefined ? ` · ${formatMs(entry.durationMs)}` : ''}
          {entry.path ? ` · ${entry.path}` : ''}
        </p>
      </div>
    </li>
  );
}

/** /error-test: sends one report of each kind through the monitoring client (spec 001 §2). */
export function ErrorTestRoute() {
  const entries = useSyncExternalStore(subscribeToRecentEntries, recentEntries);
  const newestFirst = useMemo(() => [...entries].reverse(), [entries]);
  const [slow, setSlow] = useState<SlowOperationState>({ status: 'idle' });
  const running = slow.status === 'running';

  // The app may already report window errors; installing again does not report twice.
  useEffect(() => installGlobalErrorReporting(), []);

  async function runSlowOperation() {
    if (running) return;
    setSlow({ status: 'running' });
    try {
      const { durationMs } = await getMonitoring().measure(
        SLOW_OPERATION_METRIC,
        () => sleep(SLOW_OPERATION_MS),
        CONTEXT,
      );
      setSlow({ status: 'done', durationMs });
    } catch {
      setSlow({ status: 'failed' });
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6">
      <title>Error Test · Castline</title>
      <header className="flex max-w-3xl flex-col gap-3">
        <p className="text-sm font-semibold tracking-wider text-reed uppercase">Monitoring</p>
        <h1 className="text-3xl font-bold tracking-tight text-ink">Error Test</h1>
        <p className="leading-relaxed text-ink-muted">
          This page checks monitoring end to end. Each button sends one kind of report through the app’s
          monitoring client, the same way a real failure in the app is reported. Reports appear in the
          Activity list below and in the browser console, marked <code>[castline]</code>. Nothing here changes
          your account, listings or messages.
        </p>
        <p className="text-sm leading-relaxed text-ink-muted">
          While you are signed in, reports are also sent to the monitoring store every 30 seconds and when you
          leave the page, where admins see them under monitoring.
        </p>
      </header>

      <div className="grid gap-4 sm:grid-cols-2">
        <TestCard
          icon={Bug}
          title="Uncaught error"
          action={
            <Button variant="danger" onClick={triggerUncaughtError}>
              Trigger Uncaught Error
            </Button>
          }
        >
          Throws an error from a timer, outside React, so only the global window error handler can report it.
          The page keeps working.
        </TestCard>

        <TestCard
          icon={ShieldCheck}
          title="Caught exception"
          action={
            <Button variant="secondary" onClick={triggerCaughtException}>
              Trigger Caught Exception
            </Button>
          }
        >
          Throws an error inside a try/catch block and reports it as a caught exception, as the app does when
          it recovers from a failure.
        </TestCard>

        <TestCard
          icon={MessageCircle}
          title="Logged message"
          action={
            <Button variant="secondary" onClick={logTestMessage}>
              Log Message
            </Button>
          }
        >
          Logs the message “{TEST_MESSAGE}” at info level.
        </TestCard>

        <TestCard
          icon={Timer}
          title="Slow operation"
          action={
            <Button
              variant="secondary"
              aria-disabled={running || undefined}
              aria-busy={running || undefined}
              className="aria-disabled:cursor-progress aria-disabled:opacity-70"
              onClick={() => void runSlowOperation()}
            >
              {running && <Spinner size={18} />}
              Run Slow Operation
            </Button>
          }
          result={
            <p className="text-sm text-ink-muted">
              {slow.status === 'running' && 'Running… this takes about 1.5 seconds.'}
              {slow.status === 'done' && (
                <>
                  Finished in <strong className="text-ink tabular-nums">{formatMs(slow.durationMs)}</strong>
                </>
              )}
              {slow.status === 'failed' && 'The operation failed; see the Activity list.'}
            </p>
          }
        >
          Waits about 1.5 seconds inside a timed operation and reports how long it took.
        </TestCard>
      </div>

      <Card aria-labelledby="error-test-activity" className="flex flex-col gap-2 p-5">
        <div className="flex items-center gap-2">
          <Activity aria-hidden="true" size={20} className="text-brand" />
          <h2 id="error-test-activity" className="text-lg font-semibold text-ink">
            Activity
          </h2>
        </div>
        <p className="text-sm text-ink-muted">
          Everything this browser tab has reported, newest first (the last {RECENT_ENTRY_LIMIT} reports).
        </p>
        <div aria-live="polite" aria-labelledby="error-test-activity" role="log">
          {newestFirst.length === 0 ? (
            <p className="py-6 text-center text-sm text-ink-muted">
              Nothing reported yet. Use a button above to send a report.
            </p>
          ) : (
            <ol className="divide-y divide-line">
              {newestFirst.map((entry) => (
                <ActivityItem key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
        </div>
      </Card>
    </div>
  );
}
