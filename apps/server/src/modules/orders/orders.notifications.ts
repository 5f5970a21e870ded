import type { ServerEventMap, OrderEvent } from '../../domain-events.js';
import type { NotificationInsert } from '../notifications/index.js';
import { formatMoney } from '../offers/index.js';

/** The order events that leave a notification. */
export type NotifyingOrderEvent = Extract<keyof ServerEventMap, `order.${string}`>;

export const ORDER_EVENTS: readonly NotifyingOrderEvent[] = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.received',
  'order.completed',
  'order.cancelled',
];

function quoted(title: string): string {
  return `"${title}"`;
}

function by(change: OrderEvent): string {
  return change.actorName ? `@${change.actorName}` : 'Castline';
}

/** Who hears of the change: the other side, or both when Castline itself moved the order. */
function recipients(change: OrderEvent): string[] {
  const { buyer_id, seller_id } = change.order;
  if (change.by === 'buyer') return [seller_id];
  if (change.by === 'seller') return buyer_id ? [buyer_id] : [];
  return [seller_id, ...(buyer_id ? [buyer_id] : [])];
}

function text(name: NotifyingOrderEvent, change: OrderEvent): { title: string; message: string } {
  const item = quoted(change.order.title);
  const detail = change.detail ?? {};
  switch (name) {
    case 'order.placed':
      return {
        title: 'New order',
        message:
          change.by === 'buyer'
            ? `${by(change)} bought ${item} for ${formatMoney(change.total)}. Arrange payment and confirm it once received.`
            : `Your accepted offer made an order: ${item} for ${formatMoney(change.total)}. Arrange payment with the seller.`,
      };
    case 'order.paid':
      return { title: 'Payment confirmed', message: `${by(change)} confirmed your payment for ${item}` };
    case 'order.shipped':
      return detail.pickup_note !== undefined
        ? { title: 'Ready for pickup', message: `${item} is ready for pickup: ${detail.pickup_note}` }
        : {
            title: 'Order shipped',
            message: `${item} is on its way with ${detail.carrier ?? 'the carrier'} (tracking ${detail.tracking_number ?? 'not given'})`,
          };
    case 'order.received':
      return { title: 'Order received', message: `${by(change)} received ${item}` };
    case 'order.completed':
      return { title: 'Order completed', message: `The order for ${item} is complete` };
    case 'order.cancelled':
      return {
        title: 'Order cancelled',
        message: `${by(change)} cancelled the order for ${item}: ${detail.reason ?? ''}`.trimEnd(),
      };
  }
}

/** ORDER_UPDATE rows for an order event, one per member told. */
export function orderEventNotifications(name: NotifyingOrderEvent, change: OrderEvent): NotificationInsert[] {
  // An order placed by accepting an offer: the OFFER_ACCEPTED notification already tells the other side.
  if (name === 'order.placed' && change.detail?.source === 'offer') return [];
  // Accepted at the seller's auto-accept amount: the seller hears of the order.
  if (name === 'order.placed' && change.detail?.source === 'auto_accept') {
    return [
      {
        user_id: change.order.seller_id,
        type: 'ORDER_UPDATE',
        title: 'New order',
        message: `An offer of ${formatMoney(change.total)} for "${change.order.title}" met your auto-accept amount, so it is an order now. Arrange payment with the buyer and confirm it once received.`,
        data: {
          orderId: change.order.id,
          productId: change.order.product_id,
          product_id: change.order.product_id,
          productName: change.order.title,
          is_seller: true,
        },
      },
    ];
  }
  const { title, message } = text(name, change);
  // An order placed from an accepted offer is raised by the side that accepted: the other is told.
  return recipients(change).map((user_id) => ({
    user_id,
    type: 'ORDER_UPDATE',
    title,
    message,
    data: {
      orderId: change.order.id,
      productId: change.order.product_id,
      product_id: change.order.product_id,
      productName: change.order.title,
      is_seller: user_id === change.order.seller_id,
    },
  }));
}
