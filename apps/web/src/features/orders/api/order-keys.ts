import type { OrderListFilter } from '@castline/shared';

/** Orders are listed 20 to a page (Purchases and Sales). */
export const ORDERS_PAGE_SIZE = 20;

export type OrderListRole = 'buying' | 'selling';

/** Query keys of orders: every one starts with 'orders' (those an order's change makes stale: order-change-keys.ts). */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (role: OrderListRole, state: OrderListFilter, page: number) =>
    ['orders', 'list', role, state, page] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};
