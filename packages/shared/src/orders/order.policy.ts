import { isBannedMember, type MemberActor } from '../accounts/member.policy.js';
import type { OrderAction, OrderHandover, OrderState } from './orders.schemas.js';

/** Who the policy speaks of: the server's Actor or the web's policy actor. */
export type OrderActor = Pick<MemberActor, 'id' | 'status'>;

export interface OrderPolicySubject {
  state: OrderState;
  buyer_id: string | null;
  seller_id: string;
}

/** The buyer and the seller see their order; nobody else does. */
export function canViewOrder(actor: { id: string } | null, order: OrderPolicySubject): boolean {
  return Boolean(actor && (actor.id === order.buyer_id || actor.id === order.seller_id));
}

/**
 * What the caller may do with an order now: the seller confirms payment, then ships (or readies
 * it for pickup); the buyer marks it received; either side cancels before it is shipped. A banned
 * member may do nothing.
 */
export function orderActionsFor(actor: OrderActor | null, order: OrderPolicySubject): OrderAction[] {
  if (!actor || isBannedMember(actor)) return [];
  const isSeller = actor.id === order.seller_id;
  const isBuyer = order.buyer_id !== null && actor.id === order.buyer_id;
  if (!isSeller && !isBuyer) return [];
  switch (order.state) {
    case 'awaiting_payment':
      return isSeller ? ['confirm-payment', 'cancel'] : ['cancel'];
    case 'paid':
      return isSeller ? ['ship', 'cancel'] : ['cancel'];
    case 'shipped':
      return isBuyer ? ['receive'] : [];
    default:
      return [];
  }
}

export interface BuyNowListing {
  seller_id: string;
  sold: boolean;
  deleted: boolean;
  visible_in_marketplace: boolean;
  moderation_status: string;
  handover: 'pickup' | 'shipping' | 'both';
}

/** Whether the listing can be bought now at all: on the market and not pickup-only. */
export function offersBuyNow(listing: BuyNowListing): boolean {
  return (
    listing.handover !== 'pickup' &&
    !listing.sold &&
    !listing.deleted &&
    listing.visible_in_marketplace &&
    (listing.moderation_status === 'active' || listing.moderation_status === 'pending')
  );
}

/** A member (not banned, not the seller) may buy a listing that offers buy now. */
export function canBuyNow(actor: OrderActor | null, listing: BuyNowListing): boolean {
  return Boolean(actor && !isBannedMember(actor) && actor.id !== listing.seller_id && offersBuyNow(listing));
}

/** The handovers a buyer may choose on a listing. */
export function buyNowHandovers(listing: Pick<BuyNowListing, 'handover'>): OrderHandover[] {
  if (listing.handover === 'both') return ['shipping', 'pickup'];
  return listing.handover === 'shipping' ? ['shipping'] : [];
}
