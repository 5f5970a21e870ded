import { z } from 'zod';
import { ListingSummaryDto } from '../listings/listing-summary.schemas.js';
import { MemberSummaryDto } from '../profiles/members.schemas.js';
import {
  ORDER_ACTIONS,
  ORDER_HANDOVERS,
  ORDER_LIMITS,
  ORDER_LIST_FILTERS,
  ORDER_MESSAGES,
  ORDER_SOURCES,
  ORDER_STATES,
} from './order-constants.js';

export const OrderState = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof OrderState>;
export const OrderHandover = z.enum(ORDER_HANDOVERS);
export type OrderHandover = z.infer<typeof OrderHandover>;

export const OrderAction = z.enum(ORDER_ACTIONS);
export type OrderAction = z.infer<typeof OrderAction>;

export const OrderIdParams = z.object({ id: z.uuid({ error: ORDER_MESSAGES.notFound }) });
export type OrderIdParams = z.infer<typeof OrderIdParams>;

/** POST /api/listings/:id/buy: buy at the listed price; `handover` chooses for a listing that offers both. */
export const BuyNowBody = z.object({
  handover: z.enum(ORDER_HANDOVERS, { error: ORDER_MESSAGES.handoverNotOffered }).optional(),
});
export type BuyNowBody = z.input<typeof BuyNowBody>;

const carrier = z
  .string({ error: ORDER_MESSAGES.carrierRequired })
  .trim()
  .min(1, ORDER_MESSAGES.carrierRequired)
  .max(ORDER_LIMITS.carrierMax, ORDER_MESSAGES.carrierTooLong);

const trackingNumber = z
  .string({ error: ORDER_MESSAGES.trackingInvalid })
  .trim()
  .min(ORDER_LIMITS.trackingMin, ORDER_MESSAGES.trackingInvalid)
  .max(ORDER_LIMITS.trackingMax, ORDER_MESSAGES.trackingInvalid)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, ORDER_MESSAGES.trackingInvalid);

const pickupNote = z
  .string({ error: ORDER_MESSAGES.pickupNoteRequired })
  .trim()
  .min(1, ORDER_MESSAGES.pickupNoteRequired)
  .max(ORDER_LIMITS.pickupNoteMax, ORDER_MESSAGES.pickupNoteTooLong);

/** POST /api/orders/:id/ship: shipped with its tracking, or ready for pickup with a note. */
export const ShipOrderBody = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('shipping'), carrier, tracking_number: trackingNumber }),
    z.object({ method: z.literal('pickup'), pickup_note: pickupNote }),
  ],
  { error: ORDER_MESSAGES.shipMethodInvalid },
);
export type ShipOrderBody = z.input<typeof ShipOrderBody>;

/** POST /api/orders/:id/cancel. */
export const CancelOrderBody = z.object({
  reason: z
    .string({ error: ORDER_MESSAGES.reasonRequired })
    .trim()
    .min(1, ORDER_MESSAGES.reasonRequired)
    .max(ORDER_LIMITS.reasonMax, ORDER_MESSAGES.reasonTooLong),
});
export type CancelOrderBody = z.input<typeof CancelOrderBody>;

/** One step in an order's timeline: what happened, who did it (null for Castline itself), when. */
export const OrderEventDto = z.object({
  state: OrderState,
  actor: MemberSummaryDto.nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type OrderEventDto = z.infer<typeof OrderEventDto>;

export const OrderDto = z.object({
  id: z.string(),
  state: OrderState,
  source: z.enum(ORDER_SOURCES),
  listing: ListingSummaryDto,
  /** Null for a sale marked sold to someone outside Castline. */
  buyer: MemberSummaryDto.nullable(),
  seller: MemberSummaryDto,
  /** The caller's side of the order. */
  role: z.enum(['buyer', 'seller']),
  price: z.number(),
  shipping_price: z.number(),
  total: z.number(),
  /** Null for a sale marked sold outside Castline. */
  handover: OrderHandover.nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  pickup_note: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  cancelled_by: z.enum(['buyer', 'seller']).nullable(),
  /** Days the buyer may return it after receipt (null: no returns). */
  return_window_days: z.number().int().nullable(),
  /** When the order completes by itself if nobody moves it first (null: nothing scheduled). */
  completes_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  timeline: z.array(OrderEventDto),
  /** The actions open to the caller (orderActionsFor). */
  actions: z.array(OrderAction),
});
export type OrderDto = z.infer<typeof OrderDto>;

/** A row of the Purchases / Sales lists. */
export const OrderSummaryDto = OrderDto.omit({ timeline: true });
export type OrderSummaryDto = z.infer<typeof OrderSummaryDto>;

/** GET /api/me/orders?role=buying|selling&state=… */
export const ListOrdersQuery = z.object({
  role: z.enum(['buying', 'selling']),
  state: z.enum(ORDER_LIST_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type ListOrdersQuery = z.input<typeof ListOrdersQuery>;

export const OrderListDto = z.object({
  items: z.array(OrderSummaryDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderListDto = z.infer<typeof OrderListDto>;
