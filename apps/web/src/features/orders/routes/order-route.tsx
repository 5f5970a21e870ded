import type { OrderDto } from '@castline/shared';
import { ORDER_MESSAGES } from '@castline/shared';
import { ArrowLeft, Info, ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useRef } from 'react';
import { Link, useParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DetailItem } from '../../../components/ui/detail-list';
import { LoadingSkeleton, Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime, formatLongDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { formatDollars as formatPrice } from '../../../lib/format-number';
import { ListingImage } from '../../listings';
import { useOrder } from '../api/orders.api';
import { OrderActions } from '../components/order-actions';
import { OrderStateBadge } from '../components/order-state-badge';
import { OrderTimeline } from '../components/order-timeline';
import { completesText, handoverLabel, nextStepText, otherSide } from '../lib/order-texts';
import { OrderReviewPanel } from '../../reviews';

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-8">{children}</div>;
}

/** /orders/:id: one order for its buyer or seller, with its timeline and the steps open to them. */
export function OrderRoute() {
  const { id = '' } = useParams();
  const session = useSession();
  const order = useOrder(id);
  const notFound = !id || (order.isError && isApiError(order.error) && order.error.status === 404);

  if (notFound) {
    return (
      <Page>
        <title>{`${ORDER_MESSAGES.notFound} · Castline`}</title>
        <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
            <ShieldX aria-hidden="true" size={28} />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{ORDER_MESSAGES.notFound}</h1>
          <p className="text-ink-muted">
            Only the buyer and the seller can see an order. Check the link, or find the order among your
            purchases and sales.
          </p>
          <Link to="/orders" className={buttonClasses({ variant: 'secondary' })}>
            Your orders
          </Link>
        </Card>
      </Page>
    );
  }

  if (order.isError) {
    return (
      <Page>
        <title>Order · Castline</title>
        <h1 className="mb-4 text-2xl font-semibold tracking-tight">Order</h1>
        <Alert tone="error" title="The order could not be loaded">
          <p>{errorMessage(order.error)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void order.refetch()}>
            Try again
          </Button>
        </Alert>
      </Page>
    );
  }

  if (order.isPending || session.isPending) {
    return (
      <Page>
        <title>Order · Castline</title>
        <h1 className="sr-only">Order</h1>
        <LoadingSkeleton label="Loading order" className="flex flex-col gap-6">
          <div className="flex gap-4">
            <Skeleton className="size-20 rounded-xl sm:size-24" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-7 w-2/3" />
              <Skeleton className="h-4 w-40" />
            </div>
          </div>
          <Skeleton className="h-32 w-full rounded-2xl" />
          <div className="grid gap-6 lg:grid-cols-2">
            <SkeletonText lines={5} />
            <SkeletonText lines={5} />
          </div>
        </LoadingSkeleton>
      </Page>
    );
  }

  return (
    <Page>
      <title>{`Order · ${order.data.listing.title} · Castline`}</title>
      <OrderView order={order.data} viewerId={session.data?.user?.id ?? ''} />
    </Page>
  );
}

function OrderView({ order, viewerId }: { order: OrderDto; viewerId: string }) {
  const nextId = useId();
  const detailsId = useId();
  const timelineId = useId();
  const nextHeading = useRef<HTMLHeadingElement>(null);
  const listingPath = `/marketplace/${encodeURIComponent(order.listing.id)}`;
  const other = otherSide(order);
  const buying = order.role === 'buyer';
  const completes = completesText(order);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <Link
          to={buying ? '/orders' : '/orders?role=selling'}
          className="inline-flex items-center gap-1.5 self-start rounded-md text-sm font-medium text-brand hover:underline"
        >
          <ArrowLeft aria-hidden="true" size={16} />
          {buying ? 'Your purchases' : 'Your sales'}
        </Link>
        <div className="flex items-start gap-4">
          <Link
            to={listingPath}
            tabIndex={-1}
            aria-hidden="true"
            className="w-20 shrink-0 overflow-hidden rounded-xl sm:w-24"
          >
            <ListingImage
              src={order.listing.image ?? undefined}
              alt=""
              preset="thumbnail"
              sizes="96px"
              aspectRatio={1}
            />
          </Link>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <p className="text-sm text-ink-muted">
              {buying ? 'Your purchase' : 'Your sale'}
              {' · ordered '}
              <time dateTime={order.created_at} title={formatDateTime(order.created_at)}>
                {formatLongDate(order.created_at)}
              </time>
            </p>
            <h1 className="text-2xl font-semibold tracking-tight break-words text-ink sm:text-3xl">
              <Link to={listingPath} className="hover:underline">
                {order.listing.title}
              </Link>
            </h1>
            <p className="text-sm text-ink-muted">
              {buying ? 'Sold by ' : 'Bought by '}
              {other ? (
                <Link
                  to={`/profile/${encodeURIComponent(other.id)}`}
                  className="font-medium break-all text-brand hover:underline"
                >
                  @{other.username}
                </Link>
              ) : (
                'someone outside Castline'
              )}
            </p>
            <p>
              <span className="sr-only">State: </span>
              <OrderStateBadge order={order} className="px-3 py-1 text-sm" />
            </p>
          </div>
        </div>
      </header>

      <Card aria-labelledby={nextId} className="flex flex-col gap-3 p-5">
        <h2
          id={nextId}
          ref={nextHeading}
          tabIndex={-1}
          className="text-lg font-semibold text-ink focus:outline-none"
        >
          Where it stands
        </h2>
        <p className="text-ink">{nextStepText(order)}</p>
        {completes && (
          <p className="flex items-start gap-2 text-sm text-ink-muted">
            <Info aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
            <span>{completes}</span>
          </p>
        )}
        {order.state === 'cancelled' && order.cancel_reason && (
          <div className="rounded-lg bg-surface-muted/70 px-3 py-2 text-sm">
            <p className="text-xs font-semibold text-ink-muted">Reason for cancelling</p>
            <p className="break-words whitespace-pre-line text-ink">{order.cancel_reason}</p>
          </div>
        )}
        <OrderActions order={order} afterStep={nextHeading} />
      </Card>

      <OrderReviewPanel orderId={order.id} state={order.state} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby={detailsId} className="flex flex-col gap-4 p-5">
          <h2 id={detailsId} className="text-lg font-semibold text-ink">
            Details
          </h2>
          <OrderDetails order={order} />
        </Card>
        <Card aria-labelledby={timelineId} className="flex flex-col gap-4 p-5">
          <h2 id={timelineId} className="text-lg font-semibold text-ink">
            Timeline
          </h2>
          <OrderTimeline order={order} viewerId={viewerId} />
        </Card>
      </div>
    </div>
  );
}

function shippingText(order: OrderDto): string {
  if (order.handover === 'pickup') return 'None (local pickup)';
  return order.shipping_price === 0 ? 'Free' : formatPrice(order.shipping_price);
}

/** The amounts, the handover and what the seller gave for it, and the return window. */
function OrderDetails({ order }: { order: OrderDto }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      <DetailItem label={order.source === 'offer' ? 'Price (accepted offer)' : 'Price'}>
        <span className="tabular-nums">{formatPrice(order.price)}</span>
      </DetailItem>
      {order.handover !== null && (
        <DetailItem label="Shipping">
          <span className="tabular-nums">{shippingText(order)}</span>
        </DetailItem>
      )}
      <DetailItem label="Total" valueClassName="text-lg font-bold tabular-nums">
        {formatPrice(order.total)}
      </DetailItem>
      <DetailItem label="Handover">{handoverLabel(order.handover)}</DetailItem>
      {order.carrier && <DetailItem label="Carrier">{order.carrier}</DetailItem>}
      {order.tracking_number && (
        <DetailItem label="Tracking number" valueClassName="font-medium break-all tabular-nums">
          {order.tracking_number}
        </DetailItem>
      )}
      {order.pickup_note && (
        <DetailItem
          label="Pickup"
          className="sm:col-span-2"
          valueClassName="font-medium break-words whitespace-pre-line"
        >
          {order.pickup_note}
        </DetailItem>
      )}
      {order.return_window_days !== null && (
        <DetailItem label="Returns">{`Within ${order.return_window_days} days of receipt`}</DetailItem>
      )}
    </dl>
  );
}
