import { products } from './schema/index.js';

/**
 * The listing columns the shared listing policy reads (`ListingResource`: canViewListing,
 * canManageListing, …) and the offer policy (`canMakeOffer`), for every select whose row is handed to it.
 */
export const listingResourceColumns = {
  seller_id: products.seller_id,
  deleted: products.deleted,
  moderation_status: products.moderation_status,
  visible_in_marketplace: products.visible_in_marketplace,
  sold: products.sold,
  buyer_id: products.buyer_id,
  transaction_rating: products.transaction_rating,
  /** The seller takes offers (canMakeOffer). */
  accepts_offers: products.accepts_offers,
};
