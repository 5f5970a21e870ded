import type { QueryKey } from '@tanstack/react-query';

/**
 * What an `order.changed` event makes stale: the order's page, the Purchases / Sales lists and the
 * listing the order holds (on or off the market, "Sale pending").
 *
 * On every page's first load (app/realtime-sync.ts reads it), so the keys are spelled out rather
 * than imported: orderKeys' `detail` and `lists`, and the listings feature's `listingKeys.detail`
 * (importing that would bring the listings' search code along); order-keys.test.ts holds them equal.
 */
export function orderChangeKeys(event: { order_id: string; listing_id: string }): QueryKey[] {
  return [
    ['orders', 'detail', event.order_id],
    ['orders', 'list'],
    ['listings', 'detail', event.listing_id],
  ];
}
