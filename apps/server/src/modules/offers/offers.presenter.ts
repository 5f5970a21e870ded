import type { ListingSummaryDto, OfferDto, OfferListDto, OfferStatus } from '@castline/shared';
import {
  OFFER_STATUSES,
  offerActionsFor,
  PUBLIC_MODERATION_STATUSES,
  summaryTermsOf,
} from '@castline/shared';
import type { OfferRow } from './offers.repository.js';

/** Dollars with two decimals. */
export function money(value: number | string): number {
  return Math.round(Number(value) * 100) / 100;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,250.00", for notification texts. */
export function formatMoney(value: number): string {
  return dollars.format(value);
}

function status(row: OfferRow): OfferStatus {
  return (OFFER_STATUSES as readonly string[]).includes(row.status) ? (row.status as OfferStatus) : 'expired';
}

/** Sold, deleted or hidden: no offer on the listing can move forward. */
export function listingClosed(row: {
  listing_sold: boolean;
  listing_deleted: boolean;
  listing_visible: boolean;
  listing_moderation_status: string;
}): boolean {
  return (
    row.listing_sold ||
    row.listing_deleted ||
    !row.listing_visible ||
    !PUBLIC_MODERATION_STATUSES.includes(row.listing_moderation_status)
  );
}

function listingSummary(row: OfferRow): ListingSummaryDto {
  return {
    id: row.product_id,
    title: row.listing_title,
    price: money(row.listing_price),
    image: row.listing_images[0] ?? null,
    seller_id: row.seller_id,
    sold: row.listing_sold,
    // Shown in the marketplace: not deleted, not sold or hidden, moderation active or pending.
    available: !listingClosed(row),
    ...summaryTermsOf({ handover: row.listing_handover, shipping_price: row.listing_shipping_price }),
  };
}

/** The offer as both members see it (the offer.changed event); each side works out its own actions. */
export function presentOfferEvent(row: OfferRow): Omit<OfferDto, 'actions'> {
  return {
    id: row.id,
    product_id: row.product_id,
    listing: listingSummary(row),
    buyer: {
      id: row.buyer_id,
      username: row.buyer_username,
      full_name: row.buyer_full_name,
      avatar_url: row.buyer_avatar_url,
    },
    seller: {
      id: row.seller_id,
      username: row.seller_username,
      full_name: row.seller_full_name,
      avatar_url: row.seller_avatar_url,
    },
    amount: money(row.amount),
    note: row.note,
    counter_amount: row.counter_amount === null ? null : money(row.counter_amount),
    counter_note: row.counter_note,
    status: status(row),
    expires_at: row.expires_at.toISOString(),
    responded_at: row.responded_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    order_id: row.order_id,
  };
}

/** The offer with the actions open to the viewer now. */
export function presentOffer(row: OfferRow, viewerId: string): OfferDto {
  return {
    ...presentOfferEvent(row),
    actions: offerActionsFor(viewerId, {
      status: status(row),
      buyer_id: row.buyer_id,
      seller_id: row.seller_id,
      listing_closed: listingClosed(row),
      sold_to_buyer: row.listing_sold && row.listing_buyer_id === row.buyer_id,
    }),
  };
}

export function presentOfferList(
  rows: OfferRow[],
  viewerId: string,
  total: number,
  page: number,
  pageSize: number,
): OfferListDto {
  return { items: rows.map((row) => presentOffer(row, viewerId)), total, page, pageSize };
}
