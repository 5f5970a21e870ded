import type { ModerationQueueItemDto } from '@castline/shared';
import { MODERATION_PRIORITIES, REPORT_REASONS } from '@castline/shared';
import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from '../../../lib/router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { PageHeader } from '../../../components/ui/page-header';
import { PageNav } from '../../../components/ui/page-nav';
import { formatDateTime } from '../../../lib/format-date';
import type { QueuePriorityFilter, QueueStatusFilter } from '../api/moderation.api';
import { useModerationQueue } from '../api/moderation.api';
import { ENTITY_LABELS, PriorityBadge, StatusBadge } from '../components/moderation-labels';
import {
  FilterSelect,
  humanize,
  ListSkeleton,
  LoadError,
  pageCount,
  PersonLink,
  useListParams,
  When,
} from '../components/moderation-ui';

// A queue item's review (its form and the dialog library) loads on the first 'Review', or on
// hover/focus.
const loadReviewDialog = () => import('../components/review-dialog');
const ReviewDialog = lazy(lazyNamed(loadReviewDialog, 'ReviewDialog'));

const STATUS_OPTIONS: readonly { value: QueueStatusFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'all', label: 'All' },
];

const PRIORITY_OPTIONS: readonly { value: QueuePriorityFilter; label: string }[] = [
  { value: 'all', label: 'All priorities' },
  ...MODERATION_PRIORITIES.map((value) => ({ value, label: humanize(value) })),
];

/** A report's reason is "spam" or "spam: the reporter's note". */
export function splitReason(reason: string | null): { reason: string | null; note: string | null } {
  if (!reason) return { reason: null, note: null };
  const match = /^([a-z_]+): ([\s\S]*)$/.exec(reason);
  if (match && (REPORT_REASONS as readonly string[]).includes(match[1] ?? '')) {
    return { reason: match[1] ?? null, note: match[2] ?? null };
  }
  return { reason, note: null };
}

function QueueItem({ item }: { item: ModerationQueueItemDto }) {
  const { reason, note } = splitReason(item.reason);
  const { entity } = item;
  const title = entity.title ?? entity.excerpt ?? ENTITY_LABELS[item.entity_type];
  const headingId = `queue-item-${item.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{ENTITY_LABELS[item.entity_type]}</Badge>
        <PriorityBadge priority={item.priority} />
        <StatusBadge status={item.status} />
        <span className="text-sm text-ink-muted">
          Reported <When iso={item.created_at} />
        </span>
      </div>

      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold break-words text-ink">
          {entity.exists && entity.href ? (
            <Link to={entity.href} className="text-brand hover:underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        {!entity.exists ? (
          <p className="text-sm text-ink-muted">This content no longer exists.</p>
        ) : (
          <>
            {entity.excerpt && entity.excerpt !== title && (
              <p className="line-clamp-3 text-sm break-words text-ink-muted">{entity.excerpt}</p>
            )}
            <p className="text-sm text-ink-muted">
              {entity.author && (
                <>
                  By <PersonLink person={entity.author} />
                </>
              )}
              {entity.status && (
                <>
                  {entity.author ? ' · ' : ''}
                  {`Currently ${entity.status}`}
                </>
              )}
            </p>
          </>
        )}
      </div>

      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="text-ink-muted">Reason</dt>
        <dd className="break-words">{reason ? humanize(reason) : 'No reason given'}</dd>
        {note && (
          <>
            <dt className="text-ink-muted">Reporter’s note</dt>
            <dd className="break-words whitespace-pre-line">{note}</dd>
          </>
        )}
        <dt className="text-ink-muted">Reported by</dt>
        <dd>
          <PersonLink person={item.reporter} fallback="Automatic (moderation rule)" />
        </dd>
        {item.reviewed_at && (
          <>
            <dt className="text-ink-muted">Reviewed</dt>
            <dd>
              <PersonLink person={item.reviewed_by} fallback="A former moderator" />
              {', '}
              <time dateTime={item.reviewed_at}>{formatDateTime(item.reviewed_at)}</time>
            </dd>
            <dt className="text-ink-muted">Review notes</dt>
            <dd className="break-words whitespace-pre-line">{item.notes ?? 'No notes'}</dd>
          </>
        )}
      </dl>

      {item.status === 'pending' && (
        <div className="flex justify-end">
          <ReviewButton item={item} />
        </div>
      )}
    </li>
  );
}

/** "Review" on a pending item, opening its review. */
function ReviewButton({ item }: { item: ModerationQueueItemDto }) {
  const dialog = useLazyDialog(loadReviewDialog);
  return (
    <>
      <Button size="sm" {...dialog.triggerProps}>
        Review
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <ReviewDialog
            item={item}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}

/** /admin/moderation: reported content waiting for (or past) review. */
export function ModerationQueueRoute() {
  const { searchParams, page, update } = useListParams();
  const status: QueueStatusFilter = searchParams.get('status') === 'all' ? 'all' : 'pending';
  const priorityParam = searchParams.get('priority');
  const priority: QueuePriorityFilter =
    PRIORITY_OPTIONS.find((option) => option.value === priorityParam)?.value ?? 'all';
  const queue = useModerationQueue({ status, priority, page });
  const data = queue.data;
  const filtered = status !== 'pending' || priority !== 'all';

  return (
    <>
      <title>Moderation Queue · Castline</title>
      <PageHeader
        title="Moderation Queue"
        description="Content members reported or rules caught. Review each item: approve it, or hide, delete or flag it."
      />
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FilterSelect
            label="Status"
            value={status}
            options={STATUS_OPTIONS}
            onChange={(value) => update({ status: value === 'pending' ? '' : value })}
          />
          <FilterSelect
            label="Priority"
            value={priority}
            options={PRIORITY_OPTIONS}
            onChange={(value) => update({ priority: value === 'all' ? '' : value })}
          />
          {data && (
            <p className="text-sm text-ink-muted sm:ml-auto" aria-live="polite">
              {`${data.total} ${data.total === 1 ? 'item' : 'items'}`}
            </p>
          )}
        </div>

        {queue.isPending ? (
          <ListSkeleton label="Loading the moderation queue" />
        ) : queue.isError ? (
          <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
        ) : queue.data.items.length === 0 ? (
          <EmptyState
            icon={ShieldCheck}
            title={filtered ? 'Nothing matches these filters' : 'The queue is clear'}
            description={
              filtered
                ? 'Try another status or priority.'
                : 'No reported content is waiting for review. New reports appear here.'
            }
          />
        ) : (
          <>
            <ul
              aria-label="Moderation queue"
              aria-busy={queue.isPlaceholderData}
              className="flex flex-col gap-3"
            >
              {queue.data.items.map((item) => (
                <QueueItem key={item.id} item={item} />
              ))}
            </ul>
            <PageNav
              label="Queue pages"
              page={page}
              pages={pageCount(queue.data.total, queue.data.pageSize)}
              busy={queue.isPlaceholderData}
              onPage={(next) => update({ page: next })}
            />
          </>
        )}
      </div>
    </>
  );
}
