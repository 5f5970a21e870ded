import type { AdminSessionDto } from '@castline/shared';
import { MonitorSmartphone, Smartphone, Tablet, Monitor } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageNav } from '../../../components/ui/page-nav';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { describeUserAgent } from '../../../lib/user-agent';
import { useSession } from '../../../lib/session';
import { pageFrom, useAdminSessions } from '../api/admin.api';

// The confirmation (and the dialog library) loads on the first 'Terminate', or on hover/focus.
const loadTerminateDialog = () => import('../components/terminate-session-dialog');
const TerminateSessionDialog = lazy(lazyNamed(loadTerminateDialog, 'TerminateSessionDialog'));

const DEVICE_ICONS = { phone: Smartphone, tablet: Tablet, desktop: Monitor } as const;

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso)}
    </time>
  );
}

function SessionCard({
  session,
  current,
  onTerminated,
}: {
  session: AdminSessionDto;
  current: boolean;
  onTerminated: () => void;
}) {
  const dialog = useLazyDialog(loadTerminateDialog);
  const device = describeUserAgent(session.user_agent);
  const Icon = DEVICE_ICONS[device.kind];
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6 sm:p-5">
      <div className="flex min-w-0 flex-1 gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <Icon aria-hidden="true" size={20} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold break-words">
              <Link to={`/admin/users/${session.user_id}`} className="text-brand hover:underline">
                {`@${session.username}`}
              </Link>
            </h2>
            {current && <Badge tone="reed">This session</Badge>}
          </div>
          <p className="text-sm break-all text-ink-muted">{session.email}</p>
          <dl className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-muted">Device</dt>
            <dd title={session.user_agent ?? undefined} className="break-words">
              {device.label}
            </dd>
            <dt className="text-ink-muted">IP address</dt>
            <dd className="font-mono text-xs leading-5 break-all">{session.ip_address ?? 'Not recorded'}</dd>
            <dt className="text-ink-muted">Signed in</dt>
            <dd>
              <When iso={session.created_at} />
            </dd>
            <dt className="text-ink-muted">Last activity</dt>
            <dd>
              <When iso={session.last_activity_at} />
            </dd>
            <dt className="text-ink-muted">Expires</dt>
            <dd>
              <time dateTime={session.expires_at}>{formatDateTime(session.expires_at)}</time>
            </dd>
          </dl>
        </div>
      </div>
      <Button
        variant="danger"
        size="sm"
        className="self-start"
        aria-label={`Terminate the session of @${session.username} on ${device.label}`}
        {...dialog.triggerProps}
      >
        Terminate
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <TerminateSessionDialog
            session={session}
            current={current}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.triggerRef}
            onTerminated={onTerminated}
          />
        )}
      </Suspense>
    </Card>
  );
}

/** /admin/sessions: signed-in sessions, latest activity first, 10 per page; any may be ended. */
export function AdminSessionsRoute() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const sessions = useAdminSessions(page);
  const currentSessionId = useSession().data?.session?.id ?? null;

  const goTo = (next: number) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });
  };

  // The last session of the last page is gone: step back a page.
  const afterTerminate = () => {
    if (sessions.data && sessions.data.sessions.length === 1 && page > 1) goTo(page - 1);
  };

  let content;
  if (sessions.isPending) {
    content = (
      <LoadingSkeleton label="Loading sessions" className="flex flex-col gap-3">
        <CardSkeleton lines={4} />
        <CardSkeleton lines={4} />
        <CardSkeleton lines={4} />
      </LoadingSkeleton>
    );
  } else if (sessions.isError && !sessions.data) {
    content = (
      <Alert tone="error">
        <p>{errorMessage(sessions.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void sessions.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (sessions.data.sessions.length === 0) {
    content =
      page > 1 && sessions.data.total > 0 ? (
        <EmptyState
          icon={MonitorSmartphone}
          title="This page is empty"
          description="Sessions have ended since this page was opened."
          action={<Button onClick={() => goTo(1)}>Go to the first page</Button>}
        />
      ) : (
        <EmptyState
          icon={MonitorSmartphone}
          title="No active sessions"
          description="Nobody is signed in right now. Sessions appear here as members sign in."
        />
      );
  } else {
    const { total, pageSize } = sessions.data;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    content = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">
          {`${total.toLocaleString('en')} active ${total === 1 ? 'session' : 'sessions'}, latest activity first.`}
        </p>
        <ul
          aria-label="Sessions"
          aria-busy={sessions.isPlaceholderData || undefined}
          className={cn('flex flex-col gap-3 transition-opacity', sessions.isPlaceholderData && 'opacity-60')}
        >
          {sessions.data.sessions.map((session) => (
            <li key={session.id}>
              <SessionCard
                session={session}
                current={session.id === currentSessionId}
                onTerminated={afterTerminate}
              />
            </li>
          ))}
        </ul>
        <PageNav
          label="Session pages"
          page={page}
          pages={pages}
          busy={sessions.isPlaceholderData}
          onPage={goTo}
        />
      </div>
    );
  }

  return (
    <>
      <title>Sessions · Castline</title>
      <PageHeader
        title="Sessions"
        description="Everyone signed in to Castline, on which device and when they were last active. Terminating a session signs that device out."
      />
      {content}
    </>
  );
}
