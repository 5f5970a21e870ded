import type { OfferAction, OfferStatus } from './offers.schemas.js';

export interface OfferPolicySubject {
  status: OfferStatus;
  buyer_id: string;
  seller_id: string;
  /** The listing is sold, deleted or hidden: no offer on it can move forward any more. */
  listing_closed: boolean;
  /** The listing was sold to this offer's buyer. */
  sold_to_buyer?: boolean;
}

export interface OfferPolicyListing {
  seller_id: string;
  sold: boolean;
  deleted: boolean;
  visible_in_marketplace: boolean;
  moderation_status: string;
  /** The seller takes offers on it (a term of the listing). */
  accepts_offers: boolean;
}

/** A member may make an offer on a public listing that is not theirs and whose seller takes offers. */
export function canMakeOffer(viewerId: string | null, listing: OfferPolicyListing): boolean {
  return (
    viewerId !== null &&
    viewerId !== listing.seller_id &&
    listing.accepts_offers &&
    !listing.sold &&
    !listing.deleted &&
    listing.visible_in_marketplace &&
    (listing.moderation_status === 'active' || listing.moderation_status === 'pending')
  );
}

/**
 * What the viewer may do with an offer now: the seller accepts, rejects or counters a pending
 * offer and marks the listing sold once accepted; the buyer accepts or rejects a counter, and
 * cancels while the offer is open.
 */
export function offerActionsFor(viewerId: string, offer: OfferPolicySubject): OfferAction[] {
  const isSeller = viewerId === offer.seller_id;
  const isBuyer = viewerId === offer.buyer_id;
  if (offer.status === 'accepted') {
    return isSeller && !offer.listing_closed ? ['mark-sold'] : [];
  }
  if (offer.listing_closed) return [];
  if (offer.status === 'pending') {
    if (isSeller) return ['accept', 'reject', 'counter'];
    if (isBuyer) return ['cancel'];
  }
  if (offer.status === 'countered' && isBuyer) return ['accept', 'reject', 'cancel'];
  return [];
}
