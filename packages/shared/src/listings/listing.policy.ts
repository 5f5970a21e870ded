import { hasPermissions, type PermissionActor } from '../admin/admin-permissions.js';

/** The caller as the listing rules see it (the server's Actor; the web's current user with hasAdminRole). */
export interface ListingActor extends PermissionActor {
  id: string;
  status: string;
}

/** The listing fields the rules read. */
export interface ListingResource {
  seller_id: string;
  deleted: boolean;
  moderation_status: string;
  /**
   * False once sold, and while an unsold listing is withheld from the public (its seller is
   * banned, or it waits for approval).
   */
  visible_in_marketplace: boolean;
  sold: boolean;
  buyer_id: string | null;
  transaction_rating: number | null;
}

/** Moderation states the public sees (spec 000 §4: "Public lists show only active or pending"). */
export const PUBLIC_MODERATION_STATUSES: readonly string[] = ['active', 'pending'];

/** Castline's own text (the specification gives none): a banned member may read but not sell. */
export const LISTING_POLICY_MESSAGES = {
  banned: 'Your account is suspended, so you cannot list or change gear.',
} as const;

type MaybeActor = ListingActor | null | undefined;

function isBanned(actor: ListingActor): boolean {
  return actor.status === 'banned';
}

/** Staff who may see and change anyone's listing: admins holding content.moderate, not banned. */
export function canModerateListings(actor: MaybeActor): boolean {
  return Boolean(actor && !isBanned(actor) && hasPermissions(actor, ['content.moderate']));
}

export function isListingOwner(actor: MaybeActor, listing: Pick<ListingResource, 'seller_id'>): boolean {
  return Boolean(actor && actor.id === listing.seller_id);
}

/** Any signed-in member who is not banned may list gear. */
export function canCreateListing(actor: MaybeActor): boolean {
  return Boolean(actor && !isBanned(actor));
}

/**
 * Detail page: never a deleted listing; hidden or flagged ones, and unsold ones withheld from the
 * public, only for the owner and moderating staff. A sold listing keeps its public page.
 */
export function canViewListing(actor: MaybeActor, listing: ListingResource): boolean {
  if (listing.deleted) return false;
  if (PUBLIC_MODERATION_STATUSES.includes(listing.moderation_status) && !isWithheldListing(listing))
    return true;
  return isListingOwner(actor, listing) || canModerateListings(actor);
}

/** Edit and delete: the owner (not banned) or moderating staff. */
export function canManageListing(actor: MaybeActor, listing: ListingResource): boolean {
  if (!actor || listing.deleted || isBanned(actor)) return false;
  return isListingOwner(actor, listing) || canModerateListings(actor);
}

/**
 * An unsold listing the public may not see although its moderation status is public: its seller
 * is banned, or it waits for a moderator's approval ("Listings need approval").
 */
export function isWithheldListing(
  listing: Pick<ListingResource, 'visible_in_marketplace' | 'sold'>,
): boolean {
  return !listing.visible_in_marketplace && !listing.sold;
}

/**
 * mark_product_as_sold: the owner only, once, and not while the listing is withheld from the
 * public (a sold listing keeps a public page, so selling it would publish it unreviewed).
 */
export function canMarkListingSold(actor: MaybeActor, listing: ListingResource): boolean {
  return Boolean(
    actor &&
    !isBanned(actor) &&
    !listing.deleted &&
    !listing.sold &&
    !isWithheldListing(listing) &&
    isListingOwner(actor, listing),
  );
}

/**
 * Who bought a sold listing (its buyer_id): the buyer, the seller and moderating staff. Everyone
 * else, guests included, sees that it sold but not to whom. A banned buyer or seller was still a
 * party to the sale.
 */
export function canSeeBuyer(
  actor: MaybeActor,
  listing: Pick<ListingResource, 'seller_id' | 'buyer_id'>,
): boolean {
  if (!actor || listing.buyer_id === null) return false;
  return actor.id === listing.buyer_id || isListingOwner(actor, listing) || canModerateListings(actor);
}

/** The buyer rates a sale once. */
export function canRateTransaction(actor: MaybeActor, listing: ListingResource): boolean {
  return Boolean(
    actor &&
    !isBanned(actor) &&
    listing.sold &&
    listing.buyer_id === actor.id &&
    listing.transaction_rating === null,
  );
}
