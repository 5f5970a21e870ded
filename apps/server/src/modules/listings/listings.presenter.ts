import type { BuyerCandidatesDto, ListingActor, ListingDto, ModerationStatus } from '@castline/shared';
import {
  canSeeBuyer,
  isListingOwner,
  CATEGORIES,
  CONDITIONS,
  DEFAULT_CONDITION,
  DRAG_SYSTEMS,
  DEFAULT_HANDOVER,
  GEAR_TYPES,
  HANDOVER_METHODS,
  MODERATION_STATUSES,
  REEL_TYPES,
  ROD_MATERIALS,
  ROD_POWER_RATINGS,
} from '@castline/shared';
import type { ListingRow, SearchListingRow } from './listings.repository.js';

/** A stored value when it is one of the known ones, else the fallback (rows seeded outside the API). */
function known<T extends string>(values: readonly T[], value: string | null, fallback: T): T;
function known<T extends string>(values: readonly T[], value: string | null, fallback: null): T | null;
function known<T extends string>(values: readonly T[], value: string | null, fallback: T | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Dollars with two decimals. */
export function money(value: number | string): number {
  return Math.round(Number(value) * 100) / 100;
}

/** Miles, to one decimal. */
function miles(value: number | null): number | null {
  return value === null || !Number.isFinite(value) ? null : Math.round(value * 10) / 10;
}

/** ISO text of a timestamp: a search row carries it already (SearchListingRow). */
function iso(value: Date | string): string {
  return typeof value === 'string' ? value : value.toISOString();
}

/**
 * A listing as `viewer` sees it (null: a guest). Who bought it goes out only to its buyer, its
 * seller and moderating staff (canSeeBuyer); everyone else reads buyer_id null. Its views go out
 * only to its seller; everyone else reads views_count null.
 */
export function presentListing(row: ListingRow | SearchListingRow, viewer: ListingActor | null): ListingDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: money(row.price),
    condition: known(CONDITIONS, row.condition, DEFAULT_CONDITION),
    category: known(CATEGORIES, row.category, 'accessories'),
    gear_types: row.gear_types.filter((value): value is (typeof GEAR_TYPES)[number] =>
      (GEAR_TYPES as readonly string[]).includes(value),
    ),
    images: row.images,
    tags: row.tags,
    seller_id: row.seller_id,
    seller: {
      id: row.seller_id,
      username: row.seller_username,
      avatar_url: row.seller_avatar_url,
      seller_rating: Number(row.seller_rating),
      sales_count: row.seller_sales_count,
      created_at: iso(row.seller_created_at),
    },
    location: row.location,
    location_coordinates:
      row.location_lat !== null && row.location_lng !== null
        ? { lat: row.location_lat, lng: row.location_lng }
        : null,
    brand: row.brand,
    model: row.model,
    rod_brand: row.rod_brand,
    rod_composition: known(ROD_MATERIALS, row.rod_composition, null),
    rod_length_feet: row.rod_length_feet,
    rod_length_inches: row.rod_length_inches,
    rod_power_rating: known(ROD_POWER_RATINGS, row.rod_power_rating, null),
    reel_brand: row.reel_brand,
    reel_type: known(REEL_TYPES, row.reel_type, null),
    reel_gear_ratio: known(DRAG_SYSTEMS, row.reel_gear_ratio, null),
    handover: known(HANDOVER_METHODS, row.handover, DEFAULT_HANDOVER),
    shipping_price: row.shipping_price === null ? null : money(row.shipping_price),
    ships_from: row.ships_from,
    handling_days: row.handling_days,
    accepts_offers: row.accepts_offers,
    returns_accepted: row.returns_accepted,
    return_window_days: row.return_window_days,
    sold: row.sold,
    sale_pending: Boolean(row.sale_pending),
    offer_guardrails: isListingOwner(viewer, row)
      ? {
          auto_decline_below: row.auto_decline_below === null ? null : money(row.auto_decline_below),
          auto_accept_at: row.auto_accept_at === null ? null : money(row.auto_accept_at),
        }
      : null,
    sold_at: row.sold_at === null ? null : iso(row.sold_at),
    buyer_id: canSeeBuyer(viewer, row) ? row.buyer_id : null,
    transaction_rating: row.transaction_rating,
    deleted: row.deleted,
    visible_in_marketplace: row.visible_in_marketplace,
    moderation_status: known<ModerationStatus>(MODERATION_STATUSES, row.moderation_status, 'pending'),
    is_featured: row.is_featured,
    likes_count: row.likes_count,
    favorites_count: row.favorites_count,
    // How many read it is the seller's to know (decision 0015).
    views_count: isListingOwner(viewer, row) ? row.views_count : null,
    liked: Boolean(row.liked),
    favorited: Boolean(row.favorited),
    distance: miles(row.distance),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function presentBuyerCandidates(
  rows: { id: string; username: string; avatar_url: string | null }[],
): BuyerCandidatesDto {
  return { items: rows.map((row) => ({ id: row.id, username: row.username, avatar_url: row.avatar_url })) };
}
