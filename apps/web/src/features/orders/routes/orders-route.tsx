import type { Option, OrderListFilter } from '@castline/shared';
import { ORDER_LIST_FILTERS, ORDER_STATE_LABELS, ORDER_STATES } from '@castline/shared';
import { Store } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/form-fields';
import { PageHeader } from '../../../components/ui/page-header';
import { PageNav } from '../../../components/ui/page-nav';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import type { TabItem } from '../../../components/ui/tabs';
import { Tabs, useActiveTab } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import type { OrderListRole } from '../api/order-keys';
import { useOrders } from '../api/orders.api';
import { OrderRow } from '../components/order-row';

const TABS: readonly TabItem<OrderListRole>[] = [
  { id: 'buying', label: 'Purchases' },
  { id: 'selling', label: 'Sales' },
];

/** All, In progress, then each state by its label: `?state=` (All leaves it out). */
export const FILTER_OPTIONS: readonly Option<OrderListFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'In progress' },
  ...ORDER_STATES.map((state) => ({ value: state, label: ORDER_STATE_LABELS[state] })),
];

function filterOf(value: string | null): OrderListFilter {
  return (ORDER_LIST_FILTERS as readonly string[]).includes(value ?? '') ? (value as OrderListFilter) : 'all';
}

/** /orders: the member's purchases and sales (`?role=buying|selling`), by state, 20 to a page. */
export function OrdersRoute() {
  const role = useActiveTab(TABS, 'role') ?? 'buying';
  const [searchParams, setSearchParams] = useSearchParams();
  const state = filterOf(searchParams.get('state'));

  const chooseState = (next: OrderListFilter) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'all') params.delete('state');
    else params.set('state', next);
    setSearchParams(params, { preventScrollReset: true });
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <title>{`${role === 'buying' ? 'Purchases' : 'Sales'} · Orders · Castline`}</title>
      <PageHeader
        title="Orders"
        description="What you bought and sold on Castline, where each order stands and what comes next."
      />
      <div className="flex flex-col gap-5">
        <Tabs tabs={TABS} label="Orders" param="role" />
        <SelectField
          label="Show"
          name="state"
          options={FILTER_OPTIONS}
          value={state}
          onChange={(event) => chooseState(filterOf(event.target.value))}
          className="sm:max-w-64"
        />
        {/* A new tab or filter starts at its first page. */}
        <OrderList key={`${role}:${state}`} role={role} state={state} onShowAll={() => chooseState('all')} />
      </div>
    </div>
  );
}

const EMPTY: Record<OrderListRole, { title: string; description: string }> = {
  buying: {
    title: 'No purchases yet',
    description:
      'When you buy now or an offer of yours is accepted, the order shows here, with each step until the gear is yours.',
  },
  selling: {
    title: 'No sales yet',
    description:
      'When a buyer buys one of your listings now, or you accept an offer, the order shows here with the steps that are yours.',
  },
};

function OrderList({
  role,
  state,
  onShowAll,
}: {
  role: OrderListRole;
  state: OrderListFilter;
  onShowAll: () => void;
}) {
  const [page, setPage] = useState(1);
  const orders = useOrders(role, state, page);
  const listLabel = role === 'buying' ? 'Purchases' : 'Sales';

  if (orders.isPending) {
    return (
      <LoadingSkeleton label="Loading orders" className="flex flex-col gap-3">
        {[0, 1, 2].map((index) => (
          <div key={index} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3">
            <Skeleton className="size-16 rounded-lg sm:size-20" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
            <Skeleton className="h-6 w-20 rounded-full" />
          </div>
        ))}
      </LoadingSkeleton>
    );
  }

  if (orders.isError && !orders.data) {
    return (
      <Alert tone="error">
        <p>{errorMessage(orders.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void orders.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const { items, total, pageSize } = orders.data;
  if (total === 0 && !orders.isPlaceholderData) {
    if (state !== 'all') {
      const label = FILTER_OPTIONS.find((option) => option.value === state)?.label.toLowerCase() ?? '';
      return (
        <EmptyState
          icon={Store}
          title={`No ${role === 'buying' ? 'purchases' : 'sales'} ${state === 'open' ? 'in progress' : `that are ${label}`}`}
          description={`Choose All to see every one of your ${role === 'buying' ? 'purchases' : 'sales'}.`}
          action={
            <Button variant="secondary" onClick={onShowAll}>
              Show all
            </Button>
          }
        />
      );
    }
    return (
      <EmptyState
        icon={Store}
        title={EMPTY[role].title}
        description={EMPTY[role].description}
        action={
          role === 'buying' ? (
            <Link to="/marketplace" className={buttonClasses({ variant: 'secondary' })}>
              Browse the Marketplace
            </Link>
          ) : (
            <Link to="/marketplace/new" className={buttonClasses()}>
              List My Gear
            </Link>
          )
        }
      />
    );
  }

  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label={listLabel}
        aria-busy={orders.isPlaceholderData || undefined}
        className={cn('flex flex-col gap-3 transition-opacity', orders.isPlaceholderData && 'opacity-60')}
      >
        {items.map((order) => (
          <li key={order.id}>
            <OrderRow order={order} />
          </li>
        ))}
      </ul>
      <PageNav
        label="Order pages"
        page={page}
        pages={pages}
        busy={orders.isPlaceholderData}
        onPage={setPage}
      />
    </div>
  );
}
