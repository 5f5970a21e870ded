import type { MonitoringErrorDto, MonitoringErrorGroupDto } from '@castline/shared';
import { MONITORING_LIMITS } from '@castline/shared';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useErrorOccurrences } from '../api/monitoring-admin.api';
import { formatCount, prettyJson, whereOf } from '../api/monitoring-view';
import { CodeBlock } from './code-block';
import { MemberRef } from './member-ref';

function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDateTime(iso)}
    </time>
  );
}

function Occurrence({ error, index }: { error: MonitoringErrorDto; index: number }) {
  const where = whereOf(error);
  const context = prettyJson(error.context);
  const metadata = prettyJson(error.metadata);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <h4 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
        {`Occurrence ${index + 1}`}
        <Badge tone={error.source === 'server' ? 'accent' : 'brand'}>{error.source}</Badge>
        <span className="font-normal text-ink-muted">
          <Time iso={error.timestamp} />
        </span>
      </h4>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="text-ink-muted">Member</dt>
        <dd className="min-w-0">
          <MemberRef userId={error.user_id} />
        </dd>
        <dt className="text-ink-muted">Page or route</dt>
        <dd className="min-w-0 font-mono text-xs break-all">{where ?? '—'}</dd>
        <dt className="text-ink-muted">Request id</dt>
        <dd className="min-w-0 font-mono text-xs break-all">{error.request_id ?? '—'}</dd>
      </dl>
      {error.stack ? (
        <CodeBlock label="Stack trace">{error.stack}</CodeBlock>
      ) : (
        <p className="text-sm text-ink-muted">No stack trace was sent with this error.</p>
      )}
      {context && <CodeBlock label="Context">{context}</CodeBlock>}
      {metadata && <CodeBlock label="Metadata">{metadata}</CodeBlock>}
    </li>
  );
}

/**
 * One error group in a dialog: its summary, then its latest occurrences (time, member, page or
 * route, request id, stack and context). Loaded when a group is first opened.
 */
export function ErrorGroupDialog({
  fingerprint,
  group,
  onClose,
}: {
  fingerprint: string;
  /** The group's row from the list, when it is on the current page. */
  group: MonitoringErrorGroupDto | undefined;
  onClose: () => void;
}) {
  // Read alongside the occurrences: each names its member, a link for a viewer with users.read.
  useSession();
  const occurrences = useErrorOccurrences(fingerprint);
  const headingId = useId();
  const items = occurrences.data?.items ?? [];
  const title = group?.message ?? items[0]?.message ?? 'Error details';

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={<span className="line-clamp-3 break-words">{title}</span>}
        description={`Fingerprint ${fingerprint}`}
        className="max-w-3xl"
      >
        <div className="flex flex-col gap-5">
          {group && (
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div className="flex flex-col gap-0.5 rounded-xl bg-surface-muted/60 px-3 py-2">
                <dt className="text-ink-muted">Occurrences</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatCount(group.count)}</dd>
              </div>
              <div className="flex flex-col gap-0.5 rounded-xl bg-surface-muted/60 px-3 py-2">
                <dt className="text-ink-muted">Sources</dt>
                <dd className="font-medium">{group.sources.join(', ') || '—'}</dd>
              </div>
              <div className="flex flex-col gap-0.5 rounded-xl bg-surface-muted/60 px-3 py-2">
                <dt className="text-ink-muted">First seen</dt>
                <dd>
                  <Time iso={group.first_seen} />
                </dd>
              </div>
              <div className="flex flex-col gap-0.5 rounded-xl bg-surface-muted/60 px-3 py-2">
                <dt className="text-ink-muted">Last seen</dt>
                <dd>
                  <time dateTime={group.last_seen} title={formatDateTime(group.last_seen)}>
                    {formatRelativeTime(group.last_seen)}
                  </time>
                </dd>
              </div>
            </dl>
          )}

          <section aria-labelledby={headingId} className="flex flex-col gap-3">
            <h3 id={headingId} className="text-base font-semibold text-ink">
              {`Latest occurrences (up to ${MONITORING_LIMITS.occurrencesShown})`}
            </h3>
            {occurrences.isPending ? (
              <LoadingSkeleton label="Loading occurrences" className="flex flex-col gap-3">
                {[0, 1].map((row) => (
                  <div
                    key={row}
                    aria-hidden="true"
                    className="flex flex-col gap-2 rounded-xl border border-line p-4"
                  >
                    <Skeleton className="h-4 w-1/3" />
                    <Skeleton className="h-4 w-2/3" />
                    <Skeleton className="h-24 w-full" />
                  </div>
                ))}
              </LoadingSkeleton>
            ) : occurrences.isError ? (
              <Alert tone="error">
                <p>{errorMessage(occurrences.error)}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-3"
                  onClick={() => void occurrences.refetch()}
                >
                  Try again
                </Button>
              </Alert>
            ) : (
              <ol className="flex flex-col gap-3">
                {items.map((error, index) => (
                  <Occurrence key={error.id} error={error} index={index} />
                ))}
              </ol>
            )}
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
