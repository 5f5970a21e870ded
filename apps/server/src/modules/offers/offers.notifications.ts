import type { NotificationType } from '@castline/shared';
import type { OfferEvent } from '../../domain-events.js';
import type { NotificationInsert } from '../notifications/index.js';
import { formatMoney } from './offers.presenter.js';

/** The offer a notification speaks of. */
export interface NotifiedOffer {
  id: string;
  product_id: string;
  buyer_id: string;
  seller_id: string;
  title: string;
}

/**
 * One offer notification for `recipientId`; data carries the offer, its listing and whether the
 * recipient is the seller (spec 001 §4 uses it to pick offers-received or offers-made).
 */
function offerNotification(
  offer: NotifiedOffer,
  recipientId: string,
  type: NotificationType,
  title: string,
  message: string,
  amount: number,
): NotificationInsert {
  return {
    user_id: recipientId,
    type,
    title,
    message,
    data: {
      offerId: offer.id,
      productId: offer.product_id,
      product_id: offer.product_id,
      productName: offer.title,
      amount,
      is_seller: recipientId === offer.seller_id,
    },
  };
}

const quoted = (title: string) => `"${title}"`;

export const offerNotifications = {
  /** To the seller: a new offer. */
  received: (offer: NotifiedOffer, buyerName: string, amount: number) =>
    offerNotification(
      offer,
      offer.seller_id,
      'OFFER_RECEIVED',
      'New Offer',
      `${buyerName} offered ${formatMoney(amount)} for ${quoted(offer.title)}`,
      amount,
    ),

  /** The seller accepted the buyer's offer (to the buyer). */
  acceptedBySeller: (offer: NotifiedOffer, amount: number) =>
    offerNotification(
      offer,
      offer.buyer_id,
      'OFFER_ACCEPTED',
      'Offer Accepted',
      `Your offer of ${formatMoney(amount)} for ${quoted(offer.title)} was accepted`,
      amount,
    ),

  /** The buyer accepted the seller's counter-offer (to the seller). */
  acceptedByBuyer: (offer: NotifiedOffer, buyerName: string, amount: number) =>
    offerNotification(
      offer,
      offer.seller_id,
      'OFFER_ACCEPTED',
      'Offer Accepted',
      `${buyerName} accepted your counter-offer of ${formatMoney(amount)} for ${quoted(offer.title)}`,
      amount,
    ),

  /** The seller turned the offer down (to the buyer). */
  rejectedBySeller: (offer: NotifiedOffer, amount: number) =>
    offerNotification(
      offer,
      offer.buyer_id,
      'OFFER_REJECTED',
      'Offer Rejected',
      `Your offer of ${formatMoney(amount)} for ${quoted(offer.title)} was rejected`,
      amount,
    ),

  /** The buyer turned the counter-offer down (to the seller). */
  rejectedByBuyer: (offer: NotifiedOffer, buyerName: string, amount: number) =>
    offerNotification(
      offer,
      offer.seller_id,
      'OFFER_REJECTED',
      'Offer Rejected',
      `${buyerName} rejected your counter-offer of ${formatMoney(amount)} for ${quoted(offer.title)}`,
      amount,
    ),

  /** The listing went to someone else, so the open offer was rejected (to the buyer). */
  soldToAnother: (offer: NotifiedOffer, amount: number) =>
    offerNotification(
      offer,
      offer.buyer_id,
      'OFFER_REJECTED',
      'Offer Rejected',
      `${quoted(offer.title)} was sold to another buyer, so your offer of ${formatMoney(amount)} was rejected`,
      amount,
    ),

  /** The seller countered (to the buyer). */
  countered: (offer: NotifiedOffer, sellerName: string, amount: number) =>
    offerNotification(
      offer,
      offer.buyer_id,
      'OFFER_COUNTERED',
      'Counter Offer',
      `${sellerName} countered your offer for ${quoted(offer.title)} with ${formatMoney(amount)}`,
      amount,
    ),

  /** The buyer withdrew the offer (to the seller). */
  cancelled: (offer: NotifiedOffer, buyerName: string, amount: number) =>
    offerNotification(
      offer,
      offer.seller_id,
      'OFFER_CANCELLED',
      'Offer Cancelled',
      `${buyerName} cancelled their offer of ${formatMoney(amount)} for ${quoted(offer.title)}`,
      amount,
    ),

  /** The seller stopped taking offers on the listing, so the open offer was closed (to the buyer). */
  closedByTerms: (offer: NotifiedOffer, amount: number) =>
    offerNotification(
      offer,
      offer.buyer_id,
      'OFFER_REJECTED',
      'Offer Rejected',
      `The seller is no longer taking offers on ${quoted(offer.title)}, so your offer of ${formatMoney(amount)} was closed`,
      amount,
    ),

  /** The seller's account was deleted, so the open offer was cancelled (to the buyer). */
  sellerLeft: (offer: NotifiedOffer, amount: number) =>
    offerNotification(
      offer,
      offer.buyer_id,
      'OFFER_CANCELLED',
      'Offer Cancelled',
      `${quoted(offer.title)} is no longer available, so your offer of ${formatMoney(amount)} was cancelled`,
      amount,
    ),

  /** 48 hours passed without an answer (to the buyer). */
  expired: (offer: NotifiedOffer, amount: number) =>
    offerNotification(
      offer,
      offer.buyer_id,
      'OFFER_CANCELLED',
      'Offer Expired',
      `Your offer of ${formatMoney(amount)} for ${quoted(offer.title)} expired`,
      amount,
    ),
};

/** The offer events that notify a member. */
export type NotifyingOfferEvent =
  | 'offer.created'
  | 'offer.accepted'
  | 'offer.rejected'
  | 'offer.countered'
  | 'offer.cancelled'
  | 'offer.expired'
  | 'offer.closed_by_sale'
  | 'offer.closed_by_terms'
  | 'offer.closed_by_seller_leaving';

/** The notification an offer event sends, to the member on the other side of it. */
export function offerEventNotification(name: NotifyingOfferEvent, event: OfferEvent): NotificationInsert {
  const { offer, amount } = event;
  const actorName = event.actorName ?? '';
  switch (name) {
    case 'offer.created':
      return offerNotifications.received(offer, actorName, amount);
    case 'offer.accepted':
      // The seller's side accepts (or Castline at the seller's auto-accept amount): the buyer is told.
      return event.by === 'buyer'
        ? offerNotifications.acceptedByBuyer(offer, actorName, amount)
        : offerNotifications.acceptedBySeller(offer, amount);
    case 'offer.rejected':
      return event.by === 'seller'
        ? offerNotifications.rejectedBySeller(offer, amount)
        : offerNotifications.rejectedByBuyer(offer, actorName, amount);
    case 'offer.countered':
      return offerNotifications.countered(offer, actorName, amount);
    case 'offer.cancelled':
      return offerNotifications.cancelled(offer, actorName, amount);
    case 'offer.expired':
      return offerNotifications.expired(offer, amount);
    case 'offer.closed_by_sale':
      return offerNotifications.soldToAnother(offer, amount);
    case 'offer.closed_by_terms':
      return offerNotifications.closedByTerms(offer, amount);
    case 'offer.closed_by_seller_leaving':
      return offerNotifications.sellerLeft(offer, amount);
  }
}
