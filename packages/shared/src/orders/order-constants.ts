// The orders' constants and texts, free of zod: pages import them without the schemas.
// The types OrderState and OrderHandover are the schemas' (orders.schemas.ts).
import type { OrderState } from './orders.schemas.js';

/**
 * An order's life: the buyer commits (buy now, or an accepted offer) → the seller confirms the
 * payment arranged between them → ships it (or readies it for pickup) → the buyer marks it
 * received → completed. Cancelled from the first two states by either side, with a reason.
 */
export const ORDER_STATES = [
  'awaiting_payment',
  'paid',
  'shipped',
  'received',
  'completed',
  'cancelled',
] as const;

/** The states in which an order still holds its listing and waits for someone. */
export const OPEN_ORDER_STATES: readonly OrderState[] = ['awaiting_payment', 'paid', 'shipped', 'received'];
/** The states from which either side may cancel. */
export const CANCELLABLE_ORDER_STATES: readonly OrderState[] = ['awaiting_payment', 'paid'];

/** How an order came to be. */
export const ORDER_SOURCES = ['buy_now', 'offer', 'marked_sold'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** How the gear changes hands in an order. */
export const ORDER_HANDOVERS = ['shipping', 'pickup'] as const;

/** A shipped order the buyer has not marked received completes by itself after this many days. */
export const ORDER_AUTO_COMPLETE_DAYS = 14;

export const ORDER_LIMITS = {
  carrierMax: 60,
  trackingMin: 4,
  trackingMax: 40,
  pickupNoteMax: 500,
  reasonMax: 500,
} as const;

export const ORDER_MESSAGES = {
  mustBeLoggedIn: 'You must be logged in to buy',
  ownListing: 'You cannot buy your own listing',
  notAvailable: 'This listing is no longer available',
  pickupOnly: 'This listing is local pickup only: message the seller to arrange it',
  handoverNotOffered: 'The seller does not offer that handover for this listing',
  banned: 'Your account is banned',
  notFound: 'Order not found',
  notAllowed: 'You cannot do that with this order',
  wrongState: 'This order has moved on: reload to see where it stands',
  carrierRequired: 'Enter the carrier',
  carrierTooLong: 'The carrier can be at most 60 characters',
  trackingInvalid: 'Enter a tracking number of 4 to 40 letters, digits, spaces or dashes',
  pickupNoteRequired: 'Say where and when the buyer can pick it up',
  pickupNoteTooLong: 'The pickup note can be at most 500 characters',
  reasonRequired: 'Give a reason for cancelling',
  reasonTooLong: 'The reason can be at most 500 characters',
  shipMethodInvalid: 'Choose shipping or pickup',
} as const;

/** The labels of the states, as the order pages and lists show them. */
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  received: 'Received',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The state filters of the Purchases / Sales lists: `open` is every state still in progress. */
export const ORDER_LIST_FILTERS = ['all', 'open', ...ORDER_STATES] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];

/** What the caller may do with an order now (orderActionsFor). */
export const ORDER_ACTIONS = ['confirm-payment', 'ship', 'receive', 'cancel'] as const;
