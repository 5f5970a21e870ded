import type { MonitoringErrorGroupDto, MonitoringEventDto, MonitoringEventType } from '@castline/shared';
import { MONITORING_EVENT_TYPES, MONITORING_PAGE_SIZE } from '@castline/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Activity, Bug, ChevronRight, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { lazyNamed } from '../../../components/ui/lazy-layer';
import { PageHeader } from '../../../components/ui/page-header';
import { PageNav } from '../../../components/ui/page-nav';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import type { TabItem } from '../../../components/ui/tabs';
import { Tabs, useActiveTab } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { monitoringKeys, useErrorGroups, useMonitoringEvents } from '../api/monitoring-admin.api';
import {
  EVENT_TYPE_LABELS,
  eventDurationMs,
  eventName,
  formatCount,
  formatDuration,
  prettyJson,
  whereOf,
} from '../api/monitoring-view';
import { CodeBlock } from '../components/code-block';
import { MemberRef } from '../components/member-ref';

// An error group's dialog (and the dialog library) loads when a group is first opened, or when a
// row is hovered or focused, not with the page.
const loadErrorGroupDialog = () => import('../components/error-group-dialog');
const ErrorGroupDialog = lazy(lazyNamed(loadErrorGroupDialog, 'ErrorGroupDialog'));
const prefetchErrorGroupDialog = () => {
  // A failed fetch is tried again (and reported) when the dialog opens.
  loadErrorGroupDialog().catch(() => {});
};

type MonitoringTab = 'errors' | 'events';

const TABS: readonly TabItem<MonitoringTab>[] = [
  { id: 'errors', label: 'Errors', icon: Bug },
  { id: 'events', label: 'Events', icon: Activity },
];

/** Each tab keeps its own page in the address, so switching tabs keeps your place in both. */
const PAGE_PARAM: Record<MonitoringTab, string> = { errors: 'errors_page', events: 'events_page' };
const TYPE_PARAM = 'type';
const ERROR_PARAM = 'error';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function typeFrom(value: string | null): MonitoringEventType | null {
  return MONITORING_EVENT_TYPES.find((type) => type === value) ?? null;
}

function pagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso)}
    </time>
  );
}

function ErrorTestLink() {
  return (
    <Link to="/error-test" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
      Open the error test page
    </Link>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <LoadingSkeleton label={label} className="flex flex-col gap-3">
      {Array.from({ length: 4 }, (_, row) => (
        <div
          key={row}
          aria-hidden="true"
          className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4"
        >
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      ))}
    </LoadingSkeleton>
  );
}

function LoadError({ query }: { query: UseQueryResult }) {
  return (
    <Alert tone="error">
      <p>{errorMessage(query.error)}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </Alert>
  );
}

/** A page past the end (the list shrank, or an old address): say so and offer the first page. */
function PastTheEnd({ onFirst }: { onFirst: () => void }) {
  return (
    <Alert tone="info">
      <p>There is nothing on this page.</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onFirst}>
        Go to the first page
      </Button>
    </Alert>
  );
}

function useParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const set = (changes: Record<string, string | null>) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { preventScrollReset: true },
    );
  };
  return { searchParams, set };
}

function ErrorGroupRow({
  group,
  onOpen,
}: {
  group: MonitoringErrorGroupDto;
  onOpen: (button: HTMLButtonElement) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={(event) => onOpen(event.currentTarget)}
        onPointerEnter={prefetchErrorGroupDialog}
        onFocus={prefetchErrorGroupDialog}
        className="group flex w-full items-start gap-3 rounded-2xl border border-line bg-surface p-4 text-left shadow-sm shadow-black/5 transition-colors hover:border-brand/40 hover:bg-brand-soft/40"
      >
        <span className="flex min-w-0 flex-1 flex-col gap-2">
          <span className="font-mono text-sm font-semibold break-words text-ink">{group.message}</span>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
            <Badge tone="accent">{`${formatCount(group.count)} ${group.count === 1 ? 'time' : 'times'}`}</Badge>
            {group.sources.map((source) => (
              <Badge key={source} tone={source === 'server' ? 'neutral' : 'brand'}>
                {source}
              </Badge>
            ))}
            <span>
              Last seen <Time iso={group.last_seen} />
            </span>
            <span>
              First seen <Time iso={group.first_seen} />
            </span>
          </span>
        </span>
        <ChevronRight
          aria-hidden="true"
          size={18}
          className="mt-0.5 shrink-0 text-ink-muted group-hover:text-brand"
        />
      </button>
    </li>
  );
}

function ErrorsTab() {
  const { searchParams, set } = useParam();
  const page = pageFrom(searchParams.get(PAGE_PARAM.errors));
  const fingerprint = searchParams.get(ERROR_PARAM);
  const groups = useErrorGroups(page);
  const opener = useRef<HTMLButtonElement | null>(null);
  const wasOpen = useRef(fingerprint !== null);

  // Closing the dialog (Escape, Close, or Back) gives focus back to the row that opened it.
  useEffect(() => {
    if (wasOpen.current && fingerprint === null) {
      const timer = window.setTimeout(() => opener.current?.focus(), 0);
      wasOpen.current = false;
      return () => window.clearTimeout(timer);
    }
    wasOpen.current = fingerprint !== null;
    return undefined;
  }, [fingerprint]);
  const headingId = useId();

  const setPage = (next: number) => set({ [PAGE_PARAM.errors]: next > 1 ? String(next) : null });
  const items = groups.data?.items ?? [];

  let body: ReactNode;
  if (groups.isPending) body = <ListSkeleton label="Loading errors" />;
  else if (groups.isError && !groups.data) body = <LoadError query={groups} />;
  else if (items.length === 0 && page > 1) body = <PastTheEnd onFirst={() => setPage(1)} />;
  else if (items.length === 0)
    body = (
      <EmptyState
        icon={Bug}
        headingLevel={3}
        title="No errors recorded."
        description="Errors from browsers and the server appear here, grouped by message and first stack frame. Browsers send theirs every 30 seconds while a member is signed in."
        action={<ErrorTestLink />}
      />
    );
  else
    body = (
      <div className="flex flex-col gap-4">
        {groups.isError && <LoadError query={groups} />}
        <ul
          aria-labelledby={headingId}
          aria-busy={groups.isFetching || undefined}
          className="flex flex-col gap-3"
        >
          {items.map((group) => (
            <ErrorGroupRow
              key={group.fingerprint}
              group={group}
              onOpen={(button) => {
                opener.current = button;
                set({ [ERROR_PARAM]: group.fingerprint });
              }}
            />
          ))}
        </ul>
        <PageNav
          label="Error pages"
          page={page}
          pages={pagesOf(groups.data?.total ?? 0, groups.data?.page_size ?? MONITORING_PAGE_SIZE)}
          busy={groups.isFetching}
          onPage={setPage}
        />
      </div>
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          Error groups
        </h2>
        {groups.data && groups.data.total > 0 && (
          <p className="text-sm text-ink-muted">{`${formatCount(groups.data.total)} ${groups.data.total === 1 ? 'group' : 'groups'}, most recently seen first`}</p>
        )}
      </div>
      {body}
      <Suspense fallback={null}>
        {fingerprint !== null && (
          <ErrorGroupDialog
            key={fingerprint}
            fingerprint={fingerprint}
            group={items.find((group) => group.fingerprint === fingerprint)}
            onClose={() => set({ [ERROR_PARAM]: null })}
          />
        )}
      </Suspense>
    </section>
  );
}

function EventRow({ event }: { event: MonitoringEventDto }) {
  const name = eventName(event);
  const duration = event.event_type === 'timing' ? eventDurationMs(event) : null;
  const where = whereOf(event);
  const metadata = prettyJson(event.metadata);
  const context = prettyJson(event.context);
  const type = typeFrom(event.event_type);
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge
          tone={event.event_type === 'timing' ? 'reed' : event.event_type === 'log' ? 'neutral' : 'brand'}
        >
          {type ? EVENT_TYPE_LABELS[type] : event.event_type}
        </Badge>
        <span className="min-w-0 flex-1 font-medium break-words text-ink">{name ?? 'Unnamed event'}</span>
        {duration !== null && (
          <span className="font-semibold text-ink tabular-nums">
            <span className="sr-only">Duration </span>
            {formatDuration(duration)}
          </span>
        )}
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-muted">
        <div className="flex gap-1.5">
          <dt>Member</dt>
          <dd>
            <MemberRef userId={event.user_id} />
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt>When</dt>
          <dd>
            <time dateTime={event.timestamp} title={formatDateTime(event.timestamp)}>
              {formatDateTime(event.timestamp)}
            </time>
          </dd>
        </div>
        {where && (
          <div className="flex min-w-0 gap-1.5">
            <dt>Page</dt>
            <dd className="min-w-0 font-mono text-xs leading-5 break-all">{where}</dd>
          </div>
        )}
      </dl>
      {(metadata || context) && (
        <details className="text-sm">
          <summary className="cursor-pointer rounded-md font-medium text-brand">Details</summary>
          <div className="mt-2 flex flex-col gap-3">
            {metadata && <CodeBlock label="Metadata">{metadata}</CodeBlock>}
            {context && <CodeBlock label="Context">{context}</CodeBlock>}
          </div>
        </details>
      )}
    </li>
  );
}

function EventsTab() {
  const { searchParams, set } = useParam();
  const page = pageFrom(searchParams.get(PAGE_PARAM.events));
  const type = typeFrom(searchParams.get(TYPE_PARAM));
  const events = useMonitoringEvents(type, page);
  const headingId = useId();
  const filterId = useId();

  const setPage = (next: number) => set({ [PAGE_PARAM.events]: next > 1 ? String(next) : null });
  const items = events.data?.items ?? [];
  const typeLabel = type ? EVENT_TYPE_LABELS[type].toLowerCase() : null;

  let body: ReactNode;
  if (events.isPending) body = <ListSkeleton label="Loading events" />;
  else if (events.isError && !events.data) body = <LoadError query={events} />;
  else if (items.length === 0 && page > 1) body = <PastTheEnd onFirst={() => setPage(1)} />;
  else if (items.length === 0)
    body = (
      <EmptyState
        icon={Activity}
        headingLevel={3}
        title={typeLabel ? `No ${typeLabel} events recorded.` : 'No events recorded.'}
        description="Logged messages, timings of slow operations and other events from signed-in browsers appear here. Browsers send them every 30 seconds."
        action={
          <>
            {type && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => set({ [TYPE_PARAM]: null, [PAGE_PARAM.events]: null })}
              >
                Show all types
              </Button>
            )}
            <ErrorTestLink />
          </>
        }
      />
    );
  else
    body = (
      <div className="flex flex-col gap-4">
        {events.isError && <LoadError query={events} />}
        <ol
          aria-labelledby={headingId}
          aria-busy={events.isFetching || undefined}
          className="flex flex-col gap-3"
        >
          {items.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </ol>
        <PageNav
          label="Event pages"
          page={page}
          pages={pagesOf(events.data?.total ?? 0, events.data?.page_size ?? MONITORING_PAGE_SIZE)}
          busy={events.isFetching}
          onPage={setPage}
        />
      </div>
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            Events
          </h2>
          {events.data && events.data.total > 0 && (
            <p className="text-sm text-ink-muted">{`${formatCount(events.data.total)} ${events.data.total === 1 ? 'event' : 'events'}, newest first`}</p>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={filterId} className="text-sm font-medium text-ink">
            Type
          </label>
          <select
            id={filterId}
            value={type ?? ''}
            onChange={(change) =>
              set({ [TYPE_PARAM]: change.target.value || null, [PAGE_PARAM.events]: null })
            }
            className="block min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink shadow-xs focus-visible:border-ring sm:w-48"
          >
            <option value="">All types</option>
            {MONITORING_EVENT_TYPES.map((option) => (
              <option key={option} value={option}>
                {EVENT_TYPE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
    </section>
  );
}

/** Asks again for everything on the page (lists and an open error group). */
function RefreshButton() {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: monitoringKeys.all }) > 0;
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={fetching}
      onClick={() => void queryClient.invalidateQueries({ queryKey: monitoringKeys.all })}
    >
      {!fetching && <RefreshCw aria-hidden="true" size={16} />}
      Refresh
    </Button>
  );
}

/** /admin/monitoring (analytics.read): errors grouped by fingerprint, and the events browsers send. */
export function MonitoringAdminRoute() {
  const active = useActiveTab(TABS) ?? 'errors';
  return (
    <>
      <title>Monitoring · Castline</title>
      <PageHeader
        title="Monitoring"
        description="Errors and events reported by browsers and the server, to spot what breaks and what is slow."
        actions={<RefreshButton />}
      />
      <Tabs tabs={TABS} label="Monitoring views" />
      <div className="mt-6">{active === 'errors' ? <ErrorsTab /> : <EventsTab />}</div>
    </>
  );
}
