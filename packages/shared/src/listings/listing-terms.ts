/*
 * A listing's terms: how the gear changes hands (local pickup, shipping or both), what shipping
 * costs and where it ships from, how soon it goes out, whether the seller takes offers and
 * returns. Plain values only (no zod): cards and filters on the marketplace's first load read them.
 */

/** How the gear changes hands. */
export const HANDOVER_METHODS = ['pickup', 'shipping', 'both'] as const;
export type HandoverMethod = (typeof HANDOVER_METHODS)[number];

/** What a listing written without terms offers: local pickup at its location, offers welcome. */
export const DEFAULT_HANDOVER: HandoverMethod = 'pickup';

/** The handover filter of a search: listings that can be picked up, or that ship. */
export const HANDOVER_FILTERS = ['pickup', 'shipping'] as const;
export type HandoverFilter = (typeof HANDOVER_FILTERS)[number];

/** Shipping costs at most this many dollars (whole cents; 0 is free shipping). */
export const SHIPPING_PRICE_MAX = 1_000;
/** Business days before the gear ships. */
export const HANDLING_DAYS_OPTIONS = [1, 2, 3, 5, 7, 10] as const;
export const DEFAULT_HANDLING_DAYS = 2;
/** Days a buyer has to send the gear back, when the seller accepts returns. */
export const RETURN_WINDOW_OPTIONS = [7, 14, 30] as const;
export const DEFAULT_RETURN_WINDOW_DAYS = 14;
/** Where the gear ships from, in characters (a place, like the listing's location). */
export const SHIPS_FROM_MAX = 200;

export const HANDOVER_LABELS: Record<HandoverMethod, string> = {
  pickup: 'Local pickup only',
  shipping: 'Shipping only',
  both: 'Local pickup or shipping',
};

/** The terms of a listing, as the API sends them and the form edits them. */
export interface ListingTerms {
  handover: HandoverMethod;
  /** Dollars; 0 is free shipping; null when the listing does not ship. */
  shipping_price: number | null;
  /** Where it ships from; null when it does not ship (the listing's location is shown then). */
  ships_from: string | null;
  /** Business days before it ships; null when it does not ship. */
  handling_days: number | null;
  accepts_offers: boolean;
  returns_accepted: boolean;
  /** Days to return it; null unless returns are accepted. */
  return_window_days: number | null;
}

export const DEFAULT_TERMS: ListingTerms = {
  handover: DEFAULT_HANDOVER,
  shipping_price: null,
  ships_from: null,
  handling_days: null,
  accepts_offers: true,
  returns_accepted: false,
  return_window_days: null,
};

export function offersPickup(handover: HandoverMethod): boolean {
  return handover === 'pickup' || handover === 'both';
}

export function ships(handover: HandoverMethod): boolean {
  return handover === 'shipping' || handover === 'both';
}

/** The one tag a card shows for its terms: "Pickup only", "Free shipping", or none. */
export function termsTag(terms: Pick<ListingTerms, 'handover' | 'shipping_price'>): string | null {
  if (terms.handover === 'pickup') return 'Pickup only';
  if (terms.shipping_price === 0) return 'Free shipping';
  return null;
}

/**
 * A listing's terms as a card carries them (ListingSummaryDto), from a database row: an unknown
 * handover reads as the default, a price as dollars and cents.
 */
export function summaryTermsOf(row: { handover: string; shipping_price: number | string | null }): {
  handover: HandoverMethod;
  shipping_price: number | null;
} {
  return {
    handover: (HANDOVER_METHODS as readonly string[]).includes(row.handover)
      ? (row.handover as HandoverMethod)
      : DEFAULT_HANDOVER,
    shipping_price: row.shipping_price === null ? null : Math.round(Number(row.shipping_price) * 100) / 100,
  };
}
