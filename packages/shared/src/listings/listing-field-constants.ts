// Plain values only (no zod): a listing's fields as the listing form and the admin pages check
// them without the schemas (listing.schemas.ts).
import type { ListingTerms } from './listing-terms.js';
import type { Coordinates } from './listing.schemas.js';
import type {
  Category,
  Condition,
  DragSystem,
  GearType,
  ReelType,
  RodMaterial,
  RodPowerRating,
} from './reference.js';
import type { TagSlug } from '../tags/tag-constants.js';

/** A photo of a listing: a file the Castline upload endpoint stored in the product-images bucket. */
export const LISTING_IMAGE_URL = /^\/files\/product-images\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Prices: more than 0, in whole cents (checkListing refuses fractions of a cent); above 1 they are
 * whole dollars (rounded down), at or below 1 cents count (spec: step 0.01 when price is 1 or
 * less, otherwise 1).
 */
export function normalizePrice(price: number): number {
  return price > 1 ? Math.floor(price) : Math.round(price * 100) / 100;
}

/** A listing after validation: rod details only for rods and combos, reel details only for reels and combos. */
export interface ListingFields extends ListingTerms {
  title: string;
  description: string;
  price: number;
  condition: Condition;
  category: Category;
  gear_types: GearType[];
  images: string[];
  location: string;
  location_coordinates: Coordinates | null;
  brand: string | null;
  model: string | null;
  rod_brand: string | null;
  rod_composition: RodMaterial | null;
  rod_length_feet: number | null;
  rod_length_inches: number | null;
  rod_power_rating: RodPowerRating | null;
  reel_brand: string | null;
  reel_type: ReelType | null;
  reel_gear_ratio: DragSystem | null;
  /** Offers below this are declined at once (null: none); only while the listing takes offers. */
  auto_decline_below: number | null;
  /** Offers at or above this are accepted at once (null: none); only while the listing takes offers. */
  auto_accept_at: number | null;
  /** Species and technique tags; undefined when the client sent none (an edit then keeps the listing's). */
  tags?: TagSlug[] | undefined;
}

/** A listing's standing with moderation. */
export const MODERATION_STATUSES = ['pending', 'active', 'hidden', 'flagged'] as const;
