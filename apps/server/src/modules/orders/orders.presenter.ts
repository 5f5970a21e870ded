import type {
  ListingSummaryDto,
  MemberSummaryDto,
  OrderDto,
  OrderEventDto,
  OrderListDto,
  OrderSummaryDto,
} from '@castline/shared';
import {
  ORDER_STATES,
  orderActionsFor,
  PUBLIC_MODERATION_STATUSES,
  summaryTermsOf,
  type OrderActor,
  type OrderState,
} from '@castline/shared';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

function money(value: number | string): number {
  return Math.round(Number(value) * 100) / 100;
}

function stateOf(value: string): OrderState {
  return (ORDER_STATES as readonly string[]).includes(value) ? (value as OrderState) : 'cancelled';
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function listingSummary(row: OrderRow): ListingSummaryDto {
  return {
    id: row.product_id,
    title: row.listing_title,
    price: money(row.listing_price),
    image: row.listing_images[0] ?? null,
    seller_id: row.seller_id,
    sold: row.listing_sold,
    available:
      !row.listing_sold &&
      !row.listing_deleted &&
      row.listing_visible &&
      PUBLIC_MODERATION_STATUSES.includes(row.listing_moderation_status),
    ...summaryTermsOf({ handover: row.listing_handover, shipping_price: row.listing_shipping_price }),
  };
}

function buyerOf(row: OrderRow): MemberSummaryDto | null {
  if (!row.buyer_id || !row.buyer_username) return null;
  return {
    id: row.buyer_id,
    username: row.buyer_username,
    full_name: row.buyer_full_name,
    avatar_url: row.buyer_avatar_url,
  };
}

/** The order as a row of Purchases / Sales, for the caller. */
export function presentOrderSummary(row: OrderRow, viewer: OrderActor): OrderSummaryDto {
  const state = stateOf(row.state);
  const price = money(row.price);
  const shipping = money(row.shipping_price);
  return {
    id: row.id,
    state,
    source: row.source as OrderDto['source'],
    listing: listingSummary(row),
    buyer: buyerOf(row),
    seller: {
      id: row.seller_id,
      username: row.seller_username,
      full_name: row.seller_full_name,
      avatar_url: row.seller_avatar_url,
    },
    role: viewer.id === row.seller_id ? 'seller' : 'buyer',
    price,
    shipping_price: shipping,
    total: money(price + shipping),
    handover: (row.handover as OrderDto['handover']) ?? null,
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    pickup_note: row.pickup_note,
    cancel_reason: row.cancel_reason,
    cancelled_by: (row.cancelled_by as OrderDto['cancelled_by']) ?? null,
    return_window_days: row.return_window_days,
    completes_at: state === 'shipped' || state === 'received' ? iso(row.completes_at) : null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    actions: orderActionsFor(viewer, { state, buyer_id: row.buyer_id, seller_id: row.seller_id }),
  };
}

type TimelineRow = Awaited<ReturnType<OrdersRepository['timeline']>>[number];

function presentEvent(row: TimelineRow): OrderEventDto {
  return {
    state: stateOf(row.state),
    actor:
      row.actor_id && row.actor_username
        ? {
            id: row.actor_id,
            username: row.actor_username,
            full_name: row.actor_full_name,
            avatar_url: row.actor_avatar_url,
          }
        : null,
    note: row.note,
    created_at: iso(row.created_at)!,
  };
}

export function presentOrder(row: OrderRow, timeline: TimelineRow[], viewer: OrderActor): OrderDto {
  return { ...presentOrderSummary(row, viewer), timeline: timeline.map(presentEvent) };
}

export function presentOrderList(
  rows: OrderRow[],
  viewer: OrderActor,
  total: number,
  page: number,
  pageSize: number,
): OrderListDto {
  return { items: rows.map((row) => presentOrderSummary(row, viewer)), total, page, pageSize };
}
