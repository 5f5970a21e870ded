// Plain values only (no zod): the offer dialogs and lists read these without the schemas.
import type { OfferStatus } from './offers.schemas.js';

export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'rejected',
  'cancelled',
  'expired',
] as const;
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ['pending', 'countered'];

/** An offer stays open for 48 hours (from when it was made, or from the seller's counter). */
export const OFFER_EXPIRY_MS = 48 * 60 * 60 * 1000;
export const OFFER_NOTE_MAX = 500;

export const OFFER_MESSAGES = {
  amountInvalid: 'Please enter a valid offer amount',
  amountTooHigh: 'Please enter an offer under $1,000,000.',
  noteTooLong: 'Notes can be at most 500 characters',
  mustBeLoggedIn: 'You must be logged in to make an offer',
  ownListing: 'You cannot make an offer on your own listing',
  notAvailable: 'This listing is no longer available',
  alreadyOpen: 'You already have an open offer on this listing',
  notFound: 'Offer not found',
  notOpen: 'This offer is no longer open',
  notAllowed: 'You cannot do that with this offer',
  banned: 'Your account is banned',
  // Castline's own: an offer under the seller's auto-decline amount (the amount is not shown).
  belowSellersMinimum: 'This offer is below what the seller will consider. Try a higher amount.',
} as const;

/** What the caller may do with an offer now. */
export const OFFER_ACTIONS = ['accept', 'reject', 'counter', 'cancel', 'mark-sold'] as const;

/** A conversation shows at most this many of the two members' offers (the newest). */
export const OFFERS_WITH_MEMBER_MAX = 50;
