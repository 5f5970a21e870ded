import type { AuditLogDto } from '@castline/shared';
import { AUDIT_SEVERITIES } from '@castline/shared';
import { ScrollText } from 'lucide-react';
import type { FormEvent } from 'react';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageNav } from '../../../components/ui/page-nav';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import type { AuditLogFilters } from '../api/admin.api';
import { pageFrom, useAdminRoles, useAuditLogs } from '../api/admin.api';
import { userCan } from '../components/admin-sections';

type Severity = (typeof AUDIT_SEVERITIES)[number];

const SEVERITY_LABELS: Record<Severity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

const SEVERITY_STYLES: Record<Severity, string> = {
  low: 'bg-surface-muted text-ink-muted',
  medium: 'bg-brand-soft text-brand',
  high: 'bg-cta/20 text-ink',
  critical: 'bg-danger text-surface',
};

const ACTION_MAX = 100;
/**
 * An actor id the server's audit log query accepts (its `actor_id` is a UUID of RFC 9562: versions
 * 1 to 8, or the nil and max ids), checked without the schema library; any other value in the
 * address is ignored rather than sent.
 */
const ACTOR_ID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

function isSeverity(value: string | null): value is Severity {
  return (AUDIT_SEVERITIES as readonly (string | null)[]).includes(value);
}

/** The audit log filters in the address (`severity`, `action`, `actor`, `page`). */
export function auditFiltersFrom(params: URLSearchParams): AuditLogFilters {
  const severity = params.get('severity');
  const actor = params.get('actor') ?? '';
  return {
    severity: isSeverity(severity) ? severity : null,
    action: (params.get('action') ?? '').trim().slice(0, ACTION_MAX),
    actor: ACTOR_ID.test(actor) ? actor : '',
    page: pageFrom(params.get('page')),
  };
}

function withFilters(params: URLSearchParams, filters: AuditLogFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of [
    ['severity', filters.severity ?? ''],
    ['action', filters.action],
    ['actor', filters.actor],
    ['page', filters.page > 1 ? String(filters.page) : ''],
  ] as const) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        SEVERITY_STYLES[severity],
      )}
    >
      <span className="sr-only">Severity: </span>
      {SEVERITY_LABELS[severity]}
    </span>
  );
}

function JsonBlock({ title, data }: { title: string; data: Record<string, unknown> | null }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{title}</h3>
      {data ? (
        <pre className="max-h-72 overflow-auto rounded-lg bg-surface-muted p-3 font-mono text-xs leading-relaxed text-ink">
          {JSON.stringify(data, null, 2)}
        </pre>
      ) : (
        <p className="text-sm text-ink-muted">Nothing recorded</p>
      )}
    </div>
  );
}

function AuditEntry({ log, onActor }: { log: AuditLogDto; onActor: (actorId: string) => void }) {
  const hasDetails = log.old_data !== null || log.new_data !== null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="font-mono text-sm font-semibold break-all text-ink">{log.action}</h2>
          <p className="text-sm text-ink-muted">
            <time dateTime={log.created_at} title={formatDateTime(log.created_at)}>
              {formatDateTime(log.created_at)}
            </time>
            {` · ${formatRelativeTime(log.created_at)}`}
          </p>
        </div>
        <SeverityBadge severity={log.severity} />
      </div>
      <dl className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">Actor</dt>
        <dd className="flex flex-wrap items-center gap-x-3">
          {log.actor_id ? (
            <>
              <Link to={`/admin/users/${log.actor_id}`} className="text-brand hover:underline">
                {log.actor_username ? `@${log.actor_username}` : 'Deleted member'}
              </Link>
              <button
                type="button"
                onClick={() => onActor(log.actor_id ?? '')}
                className="rounded text-xs font-medium text-ink-muted underline-offset-2 hover:text-brand hover:underline"
              >
                {`Only ${log.actor_username ? `@${log.actor_username}` : 'this actor'}`}
              </button>
            </>
          ) : (
            <span>System</span>
          )}
        </dd>
        <dt className="text-ink-muted">Entity</dt>
        <dd className="break-all">
          {log.entity_type}
          {log.entity_id && <span className="font-mono text-xs text-ink-muted">{` ${log.entity_id}`}</span>}
        </dd>
      </dl>
      {hasDetails && (
        <details className="group rounded-lg border border-line">
          <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-brand select-none hover:bg-brand-soft">
            Details
          </summary>
          <div className="grid gap-3 border-t border-line p-3 md:grid-cols-2">
            <JsonBlock title="Before" data={log.old_data} />
            <JsonBlock title="After" data={log.new_data} />
          </div>
        </details>
      )}
    </Card>
  );
}

/** /admin/audit-logs: every staff action, newest first, 10 per page, filtered from the address. */
export function AuditLogsRoute() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => auditFiltersFrom(params), [params]);
  const logs = useAuditLogs(filters);
  const user = useSession().data?.user;
  const canListStaff = userCan(user, 'users.read');
  const staff = useAdminRoles(canListStaff);
  const severityId = useId();
  const actorId = useId();
  const actorHintId = useId();
  const [action, setAction] = useState(filters.action);
  const [actionFor, setActionFor] = useState(filters.action);
  // The address changed (Back, a cleared filter): the action field follows it.
  if (actionFor !== filters.action) {
    setActionFor(filters.action);
    setAction(filters.action);
  }

  const update = (change: Partial<AuditLogFilters>) => {
    setParams((current) => withFilters(current, { ...auditFiltersFrom(current), page: 1, ...change }), {
      replace: true,
      preventScrollReset: true,
    });
  };
  const goTo = (page: number) => {
    setParams((current) => withFilters(current, { ...auditFiltersFrom(current), page }));
  };
  const filtered = filters.severity !== null || filters.action !== '' || filters.actor !== '';

  const submitAction = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ action: action.trim().slice(0, ACTION_MAX) });
  };

  const staffOptions = staff.data?.admins ?? [];
  const actorKnown = filters.actor === '' || staffOptions.some((holder) => holder.id === filters.actor);

  let content;
  if (logs.isPending) {
    content = (
      <LoadingSkeleton label="Loading the audit log" className="flex flex-col gap-3">
        <CardSkeleton lines={3} />
        <CardSkeleton lines={3} />
        <CardSkeleton lines={3} />
      </LoadingSkeleton>
    );
  } else if (logs.isError && !logs.data) {
    content = (
      <Alert tone="error">
        <p>{errorMessage(logs.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void logs.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (logs.data.logs.length === 0) {
    content = filtered ? (
      <EmptyState
        icon={ScrollText}
        title="No audit log entries match these filters."
        description="Try another severity or action, or clear the filters to see every entry."
        action={
          <Button variant="secondary" onClick={() => update({ severity: null, action: '', actor: '' })}>
            Clear filters
          </Button>
        }
      />
    ) : filters.page > 1 ? (
      <EmptyState
        icon={ScrollText}
        title="This page is empty"
        description="The log has fewer pages than this address asks for."
        action={<Button onClick={() => goTo(1)}>Go to the first page</Button>}
      />
    ) : (
      <EmptyState
        icon={ScrollText}
        title="The audit log is empty"
        description="Bans, role changes, ended sessions and settings changes are recorded here as staff make them."
      />
    );
  } else {
    const { total, pageSize } = logs.data;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    content = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">
          {`${total.toLocaleString('en')} ${total === 1 ? 'entry' : 'entries'}, newest first.`}
        </p>
        <ol
          aria-label="Audit log entries"
          aria-busy={logs.isPlaceholderData || undefined}
          className={cn('flex flex-col gap-3 transition-opacity', logs.isPlaceholderData && 'opacity-60')}
        >
          {logs.data.logs.map((log) => (
            <li key={log.id}>
              <AuditEntry log={log} onActor={(actor) => update({ actor })} />
            </li>
          ))}
        </ol>
        <PageNav
          label="Audit log pages"
          page={filters.page}
          pages={pages}
          busy={logs.isPlaceholderData}
          onPage={goTo}
        />
      </div>
    );
  }

  return (
    <>
      <title>Audit log · Castline</title>
      <PageHeader
        title="Audit log"
        description="Every ban, role change, ended session and settings change, who made it and what changed."
      />
      <div className="flex flex-col gap-6">
        <Card aria-label="Filters" className="flex flex-col gap-4 p-4 sm:p-5">
          <div className="grid gap-4 md:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,14rem)] md:items-start">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={severityId} className="text-sm font-medium text-ink">
                Severity
              </label>
              <select
                id={severityId}
                value={filters.severity ?? ''}
                onChange={(event) =>
                  update({ severity: isSeverity(event.target.value) ? event.target.value : null })
                }
                className="block min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink shadow-xs focus-visible:border-ring"
              >
                <option value="">All severities</option>
                {AUDIT_SEVERITIES.map((severity) => (
                  <option key={severity} value={severity}>
                    {SEVERITY_LABELS[severity]}
                  </option>
                ))}
              </select>
            </div>
            <form role="search" aria-label="Filter by action" onSubmit={submitAction} className="flex gap-2">
              <TextField
                label="Action"
                name="action"
                value={action}
                maxLength={ACTION_MAX}
                hint="The exact action, such as user.ban or settings.update."
                onChange={(event) => setAction(event.target.value)}
                className="min-w-0 flex-1"
              />
              <Button type="submit" variant="secondary" className="mt-7 self-start">
                Apply
              </Button>
            </form>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={actorId} className="text-sm font-medium text-ink">
                Actor
              </label>
              <select
                id={actorId}
                value={filters.actor}
                aria-describedby={actorHintId}
                onChange={(event) => update({ actor: event.target.value })}
                className="block min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink shadow-xs focus-visible:border-ring"
              >
                <option value="">Anyone</option>
                {!actorKnown && <option value={filters.actor}>The chosen member</option>}
                {staffOptions.map((holder) => (
                  <option key={holder.id} value={holder.id}>
                    {`@${holder.username}`}
                  </option>
                ))}
              </select>
              <p id={actorHintId} className="text-sm text-ink-muted">
                {canListStaff
                  ? 'A staff member, or choose “Only …” on an entry.'
                  : 'Choose “Only …” on an entry to see that actor’s entries.'}
              </p>
            </div>
          </div>
          {filtered && (
            <div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => update({ severity: null, action: '', actor: '' })}
              >
                Clear filters
              </Button>
            </div>
          )}
        </Card>
        {content}
      </div>
    </>
  );
}
