import type {
  MemberSummaryDto,
  OrderAction,
  OrderEventDto,
  OrderState,
  OrderSummaryDto,
} from '@castline/shared';
import { ORDER_AUTO_COMPLETE_DAYS, ORDER_STATE_LABELS } from '@castline/shared';
import { formatLongDate } from '../../../lib/format-date';

type OrderFacts = Pick<
  OrderSummaryDto,
  | 'state'
  | 'role'
  | 'buyer'
  | 'seller'
  | 'handover'
  | 'carrier'
  | 'pickup_note'
  | 'return_window_days'
  | 'completes_at'
  | 'cancelled_by'
  | 'source'
>;

/** The buttons of the steps open to the caller (OrderDto.actions). */
export const ACTION_LABELS: Record<OrderAction, string> = {
  'confirm-payment': 'Confirm payment received',
  ship: 'Mark as shipped',
  receive: 'Mark as received',
  cancel: 'Cancel order',
};

export type BadgeTone = 'brand' | 'reed' | 'neutral' | 'accent';

export const STATE_TONES: Record<OrderState, BadgeTone> = {
  awaiting_payment: 'accent',
  paid: 'brand',
  shipped: 'brand',
  received: 'reed',
  completed: 'reed',
  cancelled: 'neutral',
};

type HandoverFacts = Pick<OrderFacts, 'handover' | 'carrier' | 'pickup_note'>;

/**
 * Whether the gear changes hands in person: once sent, as the seller chose (a pickup note, or a
 * carrier); before, as the order was placed.
 */
export function isPickup(order: HandoverFacts): boolean {
  if (order.pickup_note !== null) return true;
  if (order.carrier !== null) return false;
  return order.handover === 'pickup';
}

/** The state as its badge reads: "Shipped" is "Ready for pickup" for an order handed over in person. */
export function stateLabel(order: Pick<OrderFacts, 'state'> & HandoverFacts): string {
  if (order.state === 'shipped' && isPickup(order)) return 'Ready for pickup';
  return ORDER_STATE_LABELS[order.state];
}

/** "@name", or how a sale to someone outside Castline is named. */
export function memberName(member: MemberSummaryDto | null): string {
  return member ? `@${member.username}` : 'a buyer outside Castline';
}

/** The member on the other side of the order from the caller (null: a buyer outside Castline). */
export function otherSide(order: Pick<OrderFacts, 'role' | 'buyer' | 'seller'>): MemberSummaryDto | null {
  return order.role === 'buyer' ? order.seller : order.buyer;
}

export function handoverLabel(handover: OrderFacts['handover']): string {
  if (handover === 'shipping') return 'Shipping';
  if (handover === 'pickup') return 'Local pickup';
  return 'Arranged outside Castline';
}

/**
 * "Completes automatically on March 3, 2026: …", with the reason: 14 days after it was sent (or
 * readied for pickup) unless marked received first, or when the return window closes.
 */
export function completesText(order: OrderFacts): string | null {
  if (!order.completes_at) return null;
  const date = formatLongDate(order.completes_at);
  if (order.state === 'received') {
    const window = order.return_window_days === null ? '' : `${order.return_window_days}-day `;
    return `Completes automatically on ${date}, when the ${window}return window closes.`;
  }
  const sent = isPickup(order) ? 'it was made ready for pickup' : 'it was sent';
  const who = order.role === 'buyer' ? 'you mark' : `${memberName(order.buyer)} marks`;
  return `Completes automatically on ${date}: ${ORDER_AUTO_COMPLETE_DAYS} days after ${sent}, unless ${who} it received first.`;
}

/** What happens next, in words, for the caller's side of the order. */
export function nextStepText(order: OrderFacts): string {
  const buyer = memberName(order.buyer);
  const seller = memberName(order.seller);
  const pickup = isPickup(order);
  const returns =
    order.return_window_days !== null
      ? `It completes when the ${order.return_window_days}-day return window closes.`
      : 'It completes next.';
  if (order.role === 'buyer') {
    switch (order.state) {
      case 'awaiting_payment':
        return `Arrange payment with ${seller}; they will confirm once it arrives.`;
      case 'paid':
        return order.handover === 'pickup'
          ? `${seller} confirmed your payment. Next they get it ready for pickup and tell you where and when.`
          : `${seller} confirmed your payment. Next they ship it and add the tracking number.`;
      case 'shipped':
        return pickup
          ? 'It is ready for pickup. Mark it as received once you have it.'
          : 'It is on its way. Mark it as received once it arrives.';
      case 'received':
        return `You marked it received. ${returns}`;
      case 'completed':
        return order.source === 'marked_sold'
          ? `${seller} marked this listing sold to you.`
          : 'This order is complete.';
      case 'cancelled':
        return cancelledText(order);
    }
  }
  switch (order.state) {
    case 'awaiting_payment':
      return `Arrange payment with ${buyer}. Confirm it here once it arrives.`;
    case 'paid':
      return `Ship it or get it ready for pickup, then mark it here: ${buyer} chose ${
        order.handover === 'pickup' ? 'local pickup' : 'shipping'
      }.`;
    case 'shipped':
      return `Waiting for ${buyer} to mark it received.`;
    case 'received':
      return `${buyer} marked it received. ${returns}`;
    case 'completed':
      return order.source === 'marked_sold'
        ? 'You marked this listing sold: the sale was arranged outside Castline, so there is nothing more to do here.'
        : 'This order is complete.';
    case 'cancelled':
      return cancelledText(order);
  }
}

function cancelledText(order: OrderFacts): string {
  if (!order.cancelled_by) return 'This order was cancelled.';
  if (order.cancelled_by === order.role) return 'You cancelled this order.';
  const by = order.cancelled_by === 'buyer' ? order.buyer : order.seller;
  return `${memberName(by)} cancelled this order.`;
}

/** A timeline step in words ("Payment confirmed", "Ready for pickup"). */
export function stepLabel(event: Pick<OrderEventDto, 'state'>, order: HandoverFacts): string {
  switch (event.state) {
    case 'awaiting_payment':
      return 'Order placed';
    case 'paid':
      return 'Payment confirmed';
    case 'shipped':
      return isPickup(order) ? 'Ready for pickup' : 'Shipped';
    case 'received':
      return 'Marked received';
    case 'completed':
      return 'Completed';
    case 'cancelled':
      return 'Cancelled';
  }
}
