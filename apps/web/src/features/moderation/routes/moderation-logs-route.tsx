import type { ModerationLogDto } from '@castline/shared';
import { ScrollText } from 'lucide-react';
import { Link } from '../../../lib/router';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageNav } from '../../../components/ui/page-nav';
import { formatDateTime } from '../../../lib/format-date';
import { useModerationLogs } from '../api/moderation.api';
import { entityLabel } from '../components/moderation-labels';
import {
  humanize,
  ListSkeleton,
  LoadError,
  pageCount,
  PersonLink,
  useListParams,
} from '../components/moderation-ui';

/** Where a logged item can be opened, when it has a page of its own. */
export function entityHref(type: string, id: string): string | null {
  const encoded = encodeURIComponent(id);
  switch (type) {
    case 'product':
      return `/marketplace/${encoded}`;
    case 'forum_post':
      return `/forum/post/${encoded}`;
    case 'user':
      return `/profile/${encoded}`;
    default:
      return null;
  }
}

function Actor({ log }: { log: ModerationLogDto }) {
  if (log.rule) {
    return (
      <span className="flex flex-col gap-0.5">
        <span className="text-xs text-ink-muted">Rule</span>
        <span className="font-medium break-words">{log.rule.name || 'Deleted rule'}</span>
      </span>
    );
  }
  return <PersonLink person={log.moderator} fallback="A former moderator" />;
}

function Entity({ log }: { log: ModerationLogDto }) {
  const href = entityHref(log.entity_type, log.entity_id);
  const label = entityLabel(log.entity_type);
  return (
    <span className="flex flex-col gap-0.5">
      <span>{label}</span>
      {href ? (
        <Link
          to={href}
          className="font-mono text-xs break-all text-brand hover:underline"
          aria-label={`Open ${label.toLowerCase()} ${log.entity_id}`}
        >
          {log.entity_id}
        </Link>
      ) : (
        <span className="font-mono text-xs break-all text-ink-muted">{log.entity_id}</span>
      )}
    </span>
  );
}

/** /admin/moderation/logs: every moderation action, automatic or by a moderator, newest first. */
export function ModerationLogsRoute() {
  const { page, update } = useListParams();
  const logs = useModerationLogs(page);

  return (
    <>
      <title>Moderation Logs · Castline</title>
      <PageHeader
        title="Moderation Logs"
        description="What moderators and moderation rules did, newest first."
      />
      {logs.isPending ? (
        <ListSkeleton label="Loading moderation logs" />
      ) : logs.isError ? (
        <LoadError error={logs.error} onRetry={() => void logs.refetch()} />
      ) : logs.data.items.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title="No moderation actions yet"
          description="Reviews, listing decisions and rule matches are recorded here."
        />
      ) : (
        <div className="flex flex-col gap-5">
          <Card className="overflow-x-auto">
            <table className="w-full min-w-[44rem] text-left text-sm" aria-busy={logs.isPlaceholderData}>
              <caption className="sr-only">Moderation log entries, newest first</caption>
              <thead className="border-b border-line bg-surface-muted/60 text-ink-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Time
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    By
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Entity
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Action
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Details
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {logs.data.items.map((log) => (
                  <tr key={log.id} className="align-top">
                    <td className="px-4 py-3 whitespace-nowrap">
                      <time dateTime={log.created_at}>{formatDateTime(log.created_at)}</time>
                    </td>
                    <td className="px-4 py-3">
                      <Actor log={log} />
                    </td>
                    <td className="px-4 py-3">
                      <Entity log={log} />
                    </td>
                    <td className="px-4 py-3">
                      <Badge tone={log.rule ? 'accent' : 'brand'}>{humanize(log.action)}</Badge>
                    </td>
                    <td className="max-w-xs px-4 py-3 break-words whitespace-pre-line text-ink-muted">
                      {log.reason ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <PageNav
            label="Log pages"
            page={page}
            pages={pageCount(logs.data.total, logs.data.pageSize)}
            busy={logs.isPlaceholderData}
            onPage={(next) => update({ page: next })}
          />
        </div>
      )}
    </>
  );
}
