import { describe, expect, it } from 'vitest';
import { listingKeys } from '../../listings';
import { orderChangeKeys } from './order-change-keys';
import { orderKeys } from './order-keys';

describe('order keys', () => {
  it("spell an order change's keys as the order and listing queries are keyed", () => {
    expect(orderChangeKeys({ order_id: 'o_1', listing_id: 'l_1' })).toEqual([
      orderKeys.detail('o_1'),
      orderKeys.lists(),
      listingKeys.detail('l_1'),
    ]);
  });

  it('put every list under the lists key and everything under orders', () => {
    expect(orderKeys.list('selling', 'open', 2).slice(0, 2)).toEqual(orderKeys.lists());
    expect(orderKeys.detail('o_1')[0]).toBe(orderKeys.all[0]);
  });
});
