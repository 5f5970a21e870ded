import type { OrderSummaryDto } from '@castline/shared';
import { formatDateTime, formatLongDate } from '../../../lib/format-date';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { formatDollars as formatPrice } from '../../../lib/format-number';
import { ListingImage } from '../../listings';
import { memberName, otherSide } from '../lib/order-texts';
import { OrderStateBadge } from './order-state-badge';

/**
 * One order of Purchases / Sales: the listing's photo and title (the link to the order, spread over
 * the whole row), the other member, when it was placed, the total and where it stands.
 */
export function OrderRow({ order }: { order: OrderSummaryDto }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex items-center gap-3 rounded-2xl border border-line bg-surface p-3 shadow-sm shadow-black/5 transition-shadow hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring sm:gap-4"
    >
      <div className="w-16 shrink-0 overflow-hidden rounded-lg sm:w-20">
        <ListingImage
          src={order.listing.image ?? undefined}
          alt=""
          preset="thumbnail"
          sizes="80px"
          aspectRatio={1}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h2 id={titleId} className="font-semibold break-words text-ink">
          <Link
            to={`/orders/${encodeURIComponent(order.id)}`}
            className="after:absolute after:inset-0 after:rounded-2xl hover:underline focus-visible:outline-none"
          >
            {order.listing.title}
          </Link>
        </h2>
        <p className="text-sm break-words text-ink-muted">
          {order.role === 'buyer' ? 'From ' : 'To '}
          {memberName(otherSide(order))}
          {' · '}
          <time dateTime={order.created_at} title={formatDateTime(order.created_at)}>
            {formatLongDate(order.created_at)}
          </time>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1.5">
        <p className="font-bold text-ink tabular-nums">
          <span className="sr-only">Total </span>
          {formatPrice(order.total)}
        </p>
        <OrderStateBadge order={order} />
      </div>
    </article>
  );
}
