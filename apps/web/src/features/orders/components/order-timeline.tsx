import type { OrderDto } from '@castline/shared';
import { Link } from '../../../lib/router';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-date';
import { stepLabel } from '../lib/order-texts';

/**
 * The order's steps, oldest first: what happened, who did it (Castline itself for the automatic
 * completion), when, and the step's note (the tracking, the pickup note, the reason for cancelling).
 */
export function OrderTimeline({ order, viewerId }: { order: OrderDto; viewerId: string }) {
  const last = order.timeline.length - 1;
  return (
    <ol aria-label="Order timeline" className="flex flex-col">
      {order.timeline.map((event, index) => (
        <li key={`${event.state}-${event.created_at}`} className="relative flex gap-3 pb-5 last:pb-0">
          {index < last && (
            <span aria-hidden="true" className="absolute top-4 bottom-0 left-[5px] w-0.5 bg-line" />
          )}
          <span
            aria-hidden="true"
            className={cn(
              'relative mt-1.5 size-3 shrink-0 rounded-full ring-4 ring-surface',
              index === last ? (event.state === 'cancelled' ? 'bg-danger' : 'bg-brand') : 'bg-ink-muted/50',
            )}
          />
          <div className="flex min-w-0 flex-col gap-0.5">
            <p className="font-semibold text-ink">{stepLabel(event, order)}</p>
            <p className="text-sm text-ink-muted">
              {event.actor ? (
                <>
                  {'by '}
                  {event.actor.id === viewerId ? (
                    'you'
                  ) : (
                    <Link
                      to={`/profile/${encodeURIComponent(event.actor.id)}`}
                      className="font-medium break-all text-brand hover:underline"
                    >
                      @{event.actor.username}
                    </Link>
                  )}
                </>
              ) : (
                'automatically, by Castline'
              )}
              {' · '}
              <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
            </p>
            {event.note && (
              <p className="mt-1 rounded-lg bg-surface-muted/70 px-3 py-2 text-sm break-words whitespace-pre-line text-ink">
                {event.note}
              </p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
