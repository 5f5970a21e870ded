import type { ActiveSessionDto } from '@castline/shared';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toaster';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { describeUserAgent } from '../../../lib/user-agent';
import { useActiveSessions, useRevokeOtherSessions, useRevokeSession } from '../api/sessions.api';

const DEVICE_ICONS = { phone: Smartphone, tablet: Tablet, desktop: Monitor } as const;

/** Every device signed in to the member's account, with a way to end the ones they don't recognise. */
export function ActiveSessionsPanel() {
  const headingId = useId();
  const toast = useToast();
  const sessions = useActiveSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();

  const items = sortSessions(sessions.data?.items ?? []);
  const otherCount = items.filter((item) => !item.current).length;

  function endSession(id: string) {
    revoke.mutate(id, {
      onSuccess: (result) => toast.show(result.message),
      onError: (error) => toast.show(error.message, { tone: 'error' }),
    });
  }

  function endOthers() {
    revokeOthers.mutate(undefined, {
      onSuccess: (result) => toast.show(result.message),
      onError: (error) => toast.show(error.message, { tone: 'error' }),
    });
  }

  return (
    <Card aria-labelledby={headingId} className="p-5 sm:p-7">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            Your sessions
          </h2>
          <p className="text-sm text-ink-muted">
            Devices signed in to your account. End any session you don’t recognise.
          </p>
        </div>
        {otherCount > 0 && (
          <Button variant="secondary" size="sm" loading={revokeOthers.isPending} onClick={endOthers}>
            Sign out other sessions
          </Button>
        )}
      </div>

      <div className="mt-5">
        {sessions.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading sessions" size={24} className="text-brand" />
          </div>
        ) : sessions.isError ? (
          <Alert tone="error">
            <p>{sessions.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
            {items.map((item) => (
              <SessionRow
                key={item.id}
                session={item}
                ending={revoke.isPending && revoke.variables === item.id}
                onEnd={() => endSession(item.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** This device first, then the most recently active. */
function sortSessions(items: ActiveSessionDto[]): ActiveSessionDto[] {
  return [...items].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.updatedAt.localeCompare(a.updatedAt),
  );
}

interface SessionRowProps {
  session: ActiveSessionDto;
  ending: boolean;
  onEnd: () => void;
}

function SessionRow({ session, ending, onEnd }: SessionRowProps) {
  const labelId = useId();
  const device = describeUserAgent(session.userAgent);
  const Icon = DEVICE_ICONS[device.kind];
  return (
    <li className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-3 p-4 sm:grid-cols-[auto_1fr_auto]">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
        <Icon aria-hidden="true" size={20} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span id={labelId} title={session.userAgent ?? undefined}>
            {device.label}
          </span>
          {session.current && (
            <span className="rounded-full bg-reed-soft px-2 py-0.5 text-xs font-semibold text-reed">
              This device
            </span>
          )}
        </p>
        <p className="text-sm break-words text-ink-muted">
          <span>{session.ipAddress ?? 'Unknown IP address'}</span>
          <span aria-hidden="true"> · </span>
          <span>
            Last active{' '}
            <time dateTime={session.updatedAt} title={formatDateTime(session.updatedAt)}>
              {formatRelativeTime(session.updatedAt)}
            </time>
          </span>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="danger"
          size="sm"
          className="col-start-2 justify-self-start sm:col-start-3"
          loading={ending}
          aria-describedby={labelId}
          onClick={onEnd}
        >
          End session
        </Button>
      )}
    </li>
  );
}
