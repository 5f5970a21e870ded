import { describe, expect, it } from 'vitest';
import { OFFER_STATUSES } from './offer-constants.js';
import type { OfferAction, OfferStatus } from './offers.schemas.js';
import {
  canMakeOffer,
  offerActionsFor,
  type OfferPolicyListing,
  type OfferPolicySubject,
} from './offer.policy.js';

const SELLER = 'seller';
const BUYER = 'buyer';
const STRANGER = 'stranger';

const offer = (status: OfferStatus, overrides: Partial<OfferPolicySubject> = {}): OfferPolicySubject => ({
  status,
  buyer_id: BUYER,
  seller_id: SELLER,
  listing_closed: false,
  ...overrides,
});

type Row = Record<'seller' | 'buyer' | 'stranger', OfferAction[]>;

/** Every status against every viewer, on an open listing. */
const OPEN_LISTING_MATRIX: Record<OfferStatus, Row> = {
  pending: { seller: ['accept', 'reject', 'counter'], buyer: ['cancel'], stranger: [] },
  countered: { seller: [], buyer: ['accept', 'reject', 'cancel'], stranger: [] },
  accepted: { seller: ['mark-sold'], buyer: [], stranger: [] },
  rejected: { seller: [], buyer: [], stranger: [] },
  cancelled: { seller: [], buyer: [], stranger: [] },
  expired: { seller: [], buyer: [], stranger: [] },
};

describe('offer policy matrix', () => {
  it('covers every status', () => {
    expect(Object.keys(OPEN_LISTING_MATRIX).sort()).toEqual([...OFFER_STATUSES].sort());
  });

  for (const status of OFFER_STATUSES) {
    it(`${status} offer on an open listing`, () => {
      const subject = offer(status);
      expect({
        seller: offerActionsFor(SELLER, subject),
        buyer: offerActionsFor(BUYER, subject),
        stranger: offerActionsFor(STRANGER, subject),
      }).toEqual(OPEN_LISTING_MATRIX[status]);
    });

    it(`${status} offer on a sold, deleted or hidden listing allows nothing`, () => {
      const subject = offer(status, { listing_closed: true });
      for (const viewer of [SELLER, BUYER, STRANGER]) {
        expect(offerActionsFor(viewer, subject)).toEqual([]);
      }
    });
  }

  it('an accepted offer whose listing was sold to its buyer offers nothing more', () => {
    const subject = offer('accepted', { listing_closed: true, sold_to_buyer: true });
    expect(offerActionsFor(SELLER, subject)).toEqual([]);
    expect(offerActionsFor(BUYER, subject)).toEqual([]);
  });
});

describe('canMakeOffer', () => {
  const listing = (overrides: Partial<OfferPolicyListing> = {}): OfferPolicyListing => ({
    seller_id: SELLER,
    sold: false,
    deleted: false,
    visible_in_marketplace: true,
    moderation_status: 'active',
    accepts_offers: true,
    ...overrides,
  });

  it('lets a signed-in member who is not the seller offer on a public listing', () => {
    expect(canMakeOffer(BUYER, listing())).toBe(true);
    expect(canMakeOffer(BUYER, listing({ moderation_status: 'pending' }))).toBe(true);
  });

  it('refuses guests, the seller, and sold, deleted, hidden or flagged listings', () => {
    expect(canMakeOffer(null, listing())).toBe(false);
    expect(canMakeOffer(SELLER, listing())).toBe(false);
    expect(canMakeOffer(BUYER, listing({ sold: true }))).toBe(false);
    expect(canMakeOffer(BUYER, listing({ deleted: true }))).toBe(false);
    expect(canMakeOffer(BUYER, listing({ visible_in_marketplace: false }))).toBe(false);
    expect(canMakeOffer(BUYER, listing({ moderation_status: 'hidden' }))).toBe(false);
    expect(canMakeOffer(BUYER, listing({ moderation_status: 'flagged' }))).toBe(false);
  });

  it('refuses a listing whose seller takes no offers', () => {
    expect(canMakeOffer(BUYER, listing({ accepts_offers: false }))).toBe(false);
  });
});
