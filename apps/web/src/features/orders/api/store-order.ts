import type { OrderDto } from '@castline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { orderChangeKeys } from './order-change-keys';

/**
 * Keeps the order the server answered with as its page's data, and refreshes what it moves: the
 * Purchases / Sales lists and the listing it holds (on or off the market, "Sale pending").
 */
export function storeOrder(queryClient: QueryClient, order: OrderDto): void {
  const [detail, ...stale] = orderChangeKeys({ order_id: order.id, listing_id: order.listing.id });
  if (detail) queryClient.setQueryData(detail, order);
  for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
}
