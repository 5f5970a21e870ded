import type {
  CancelOrderBody,
  OrderDto,
  OrderListDto,
  OrderListFilter,
  ShipOrderBody,
} from '@castline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeOrder } from './store-order';
import type { OrderListRole } from './order-keys';
import { ORDERS_PAGE_SIZE, orderKeys } from './order-keys';

/**
 * Realtime events keep orders fresh while the socket is up; what one missed while it was down is
 * fetched again when the member comes back to the tab (the app refetches nothing else on focus).
 */
const FRESHNESS = { staleTime: 30_000, refetchOnWindowFocus: true } as const;

function orderPath(id: string, suffix = ''): string {
  return `/api/orders/${encodeURIComponent(id)}${suffix}`;
}

/** GET /api/orders/:id: the order with its timeline and the steps open to the caller. */
export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.get<OrderDto>(orderPath(id), signal),
    enabled: id !== '',
    ...FRESHNESS,
  });
}

/** GET /api/me/orders: the member's purchases (buying) or sales (selling), 20 to a page. */
export function useOrders(role: OrderListRole, state: OrderListFilter, page: number) {
  return useQuery({
    queryKey: orderKeys.list(role, state, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        role,
        state,
        page: String(page),
        pageSize: String(ORDERS_PAGE_SIZE),
      });
      return api.get<OrderListDto>(`/api/me/orders?${query.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
    ...FRESHNESS,
  });
}

/** The steps of an order and what each one sends. */
export type OrderStep =
  | { action: 'confirm-payment' }
  | { action: 'receive' }
  | { action: 'ship'; body: ShipOrderBody }
  | { action: 'cancel'; body: CancelOrderBody };

/** POST /api/orders/:id/confirm-payment | receive | ship | cancel. */
export function useOrderStep(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: OrderStep) =>
      api.post<OrderDto>(orderPath(orderId, `/${step.action}`), 'body' in step ? step.body : undefined),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}
