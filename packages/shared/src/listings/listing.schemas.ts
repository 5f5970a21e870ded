import { z } from 'zod';
import { isWholeCents, MONEY_JSON_SCHEMA } from '../common/money-constants.js';
import { LISTING_MESSAGES as M } from './listing-messages.js';
import {
  LISTING_BRAND_MODEL_MAX,
  LISTING_DESCRIPTION_MAX,
  LISTING_IMAGES_MAX,
  LISTING_LOCATION_MAX,
  LISTING_PAGE_SIZE,
  LISTING_PAGE_SIZE_MAX,
  LISTING_PRICE_MAX,
  LISTING_SORTS,
  LISTING_TITLE_MAX,
} from './listing-constants.js';
import {
  LISTING_IMAGE_URL,
  MODERATION_STATUSES,
  normalizePrice,
  type ListingFields,
} from './listing-field-constants.js';
import { LISTING_SEARCH_LIMITS as SEARCH } from './search-criteria.js';
import {
  DEFAULT_HANDLING_DAYS,
  DEFAULT_HANDOVER,
  HANDLING_DAYS_OPTIONS,
  HANDOVER_FILTERS,
  HANDOVER_METHODS,
  RETURN_WINDOW_OPTIONS,
  SHIPPING_PRICE_MAX,
  SHIPS_FROM_MAX,
  ships,
  type ListingTerms,
} from './listing-terms.js';
import { LISTING_TERMS_MESSAGES as TERMS } from './listing-terms-messages.js';
import { normalizeTags, TAG_MESSAGES } from '../tags/tag-constants.js';
import { tagsIssue } from '../tags/tag-field-constants.js';
import { TagsQueryParam } from '../tags/tag-fields.schemas.js';
import {
  CATEGORIES,
  CONDITIONS,
  DEFAULT_CONDITION,
  DRAG_SYSTEMS,
  GEAR_TYPES,
  REEL_CATEGORIES,
  REEL_TYPES,
  ROD_CATEGORIES,
  ROD_LENGTH_FEET_MAX,
  ROD_LENGTH_INCHES_MAX,
  ROD_MATERIALS,
  ROD_POWER_RATINGS,
  type Category,
} from './reference.js';

// The listing rules (who may view, edit, sell, rate) travel with the listing contracts.

export const Coordinates = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Coordinates = z.infer<typeof Coordinates>;

const text = z.string().trim().catch('');
/** What a lenient field holds when the client sent something of the wrong type. */
const INVALID = Symbol('invalid');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .catch(null)
    .transform((value) => (value ? value : null));
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values)
    .nullish()
    .catch(null)
    .transform((value) => value ?? null);
const wholeNumber = z.coerce
  .number()
  .int()
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);

/** What the form sends; every field is read leniently so that the checks below speak the spec's words. */
const ListingInput = z.object({
  title: text,
  description: text,
  // A JSON number only: text, booleans and lists are not prices (no coercion).
  price: z.number().catch(Number.NaN).meta(MONEY_JSON_SCHEMA),
  condition: z.enum(CONDITIONS).catch(DEFAULT_CONDITION),
  category: z.enum(CATEGORIES).nullish().catch(null),
  gear_types: z.array(z.enum(GEAR_TYPES)).catch([]),
  images: z.array(z.string()).catch([]),
  location: text,
  location_coordinates: Coordinates.nullish().catch(null),
  brand: optionalText(LISTING_BRAND_MODEL_MAX),
  model: optionalText(LISTING_BRAND_MODEL_MAX),
  rod_brand: optionalText(80),
  rod_composition: oneOf(ROD_MATERIALS),
  rod_length_feet: wholeNumber,
  rod_length_inches: wholeNumber,
  rod_power_rating: oneOf(ROD_POWER_RATINGS),
  reel_brand: optionalText(80),
  reel_type: oneOf(REEL_TYPES),
  reel_gear_ratio: oneOf(DRAG_SYSTEMS),
  // Terms. A client that sends none lists for local pickup, open to offers, without returns.
  handover: z
    .enum(HANDOVER_METHODS)
    .optional()
    .catch('invalid' as never)
    // The documented default is the one a missing value gets, not the marker of an invalid one.
    .meta({ default: DEFAULT_HANDOVER }),
  shipping_price: z.number().nullish().catch(Number.NaN).meta(MONEY_JSON_SCHEMA),
  // Anything that is not the field's type is kept as a marker, so the checks can name the field.
  ships_from: z
    .string()
    .trim()
    .nullish()
    .catch(INVALID as never),
  handling_days: z.number().int().nullish().catch(Number.NaN),
  accepts_offers: z
    .boolean()
    .optional()
    .catch(INVALID as never),
  returns_accepted: z
    .boolean()
    .optional()
    .catch(INVALID as never),
  return_window_days: z.number().int().nullish().catch(Number.NaN),
  // The seller's offer guardrails (private to them): optional amounts.
  auto_decline_below: z.number().nullish().catch(Number.NaN).meta(MONEY_JSON_SCHEMA),
  auto_accept_at: z.number().nullish().catch(Number.NaN).meta(MONEY_JSON_SCHEMA),
  // Species and technique tags; a client that sends none leaves a listing's tags as they are.
  tags: z
    .array(z.string())
    .optional()
    .catch(INVALID as never)
    .meta({
      description: 'Species and technique tags (slugs of GET /api/tags), at most 5.',
      example: ['trout', 'fly'],
    }),
});
type ListingInput = z.infer<typeof ListingInput>;

/** The seller's offer guardrails on a listing, as only the seller sees them. */
export const OfferGuardrailsDto = z.object({
  auto_decline_below: z.number().nullable(),
  auto_accept_at: z.number().nullable(),
});
export type OfferGuardrailsDto = z.infer<typeof OfferGuardrailsDto>;

/** The spec's checks (000 §5), in its order: the first issue is the toast, all are shown inline. */
function checkListing(value: ListingInput, ctx: z.RefinementCtx): void {
  const issue = (path: keyof ListingInput, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });

  if (!value.title) issue('title', M.titleRequired);
  else if (value.title.length > LISTING_TITLE_MAX) issue('title', M.titleTooLong);
  if (!value.description) issue('description', M.descriptionRequired);
  else if (value.description.length > LISTING_DESCRIPTION_MAX) issue('description', M.descriptionTooLong);
  if (!value.category) issue('category', M.categoryRequired);
  if (value.gear_types.length === 0) issue('gear_types', M.gearTypesRequired);
  if (!Number.isFinite(value.price) || value.price <= 0) issue('price', M.priceInvalid);
  else if (value.price > LISTING_PRICE_MAX) issue('price', M.priceTooHigh);
  // A fraction of a cent (0.001, 0.005, 1e-320) is refused, not rounded (to 0, or up a cent).
  else if (!isWholeCents(value.price)) issue('price', M.priceInvalid);
  if (!value.location) issue('location', M.locationRequired);
  else if (value.location.length > LISTING_LOCATION_MAX) issue('location', M.locationRequired);
  if (value.images.length === 0) issue('images', M.imagesRequired);
  else if (value.images.length > LISTING_IMAGES_MAX) issue('images', M.tooManyImages);
  else if (!value.images.every((url) => LISTING_IMAGE_URL.test(url))) issue('images', M.imageUrlInvalid);

  if (value.category && ROD_CATEGORIES.includes(value.category)) {
    if (!value.rod_brand) issue('rod_brand', M.rodBrandRequired);
    if (!value.rod_composition) issue('rod_composition', M.rodCompositionRequired);
    if (!value.rod_power_rating) issue('rod_power_rating', M.rodPowerRequired);
    const feet = value.rod_length_feet ?? 0;
    const inches = value.rod_length_inches ?? 0;
    if (feet < 0 || feet > ROD_LENGTH_FEET_MAX) issue('rod_length_feet', M.rodLengthFeetRange);
    else if (inches < 0 || inches > ROD_LENGTH_INCHES_MAX) issue('rod_length_inches', M.rodLengthInchesRange);
    else if (feet === 0 && inches === 0) issue('rod_length_feet', M.rodLengthRequired);
  }
  if (value.category && REEL_CATEGORIES.includes(value.category)) {
    if (!value.reel_brand) issue('reel_brand', M.reelBrandRequired);
    if (!value.reel_type) issue('reel_type', M.reelTypeRequired);
    if (!value.reel_gear_ratio) issue('reel_gear_ratio', M.dragSystemRequired);
  }
  checkTerms(value, issue);
  if (value.tags !== undefined) {
    const tagIssue = (value.tags as unknown) === INVALID ? TAG_MESSAGES.tagsInvalid : tagsIssue(value.tags);
    if (tagIssue) issue('tags', tagIssue);
  }
}

/** The terms' checks (Castline's own texts): shipping details only matter when the gear ships. */
function checkTerms(value: ListingInput, issue: (path: keyof ListingInput, message: string) => void): void {
  const yesOrNo = (flag: unknown) => flag === undefined || typeof flag === 'boolean';
  if (!yesOrNo(value.accepts_offers)) issue('accepts_offers', TERMS.acceptsOffersInvalid);
  if (!yesOrNo(value.returns_accepted)) issue('returns_accepted', TERMS.returnsAcceptedInvalid);
  const handover = value.handover ?? 'pickup';
  if (!(HANDOVER_METHODS as readonly string[]).includes(handover)) {
    issue('handover', TERMS.handoverInvalid);
    return;
  }
  if (ships(handover)) {
    const price = value.shipping_price;
    if (price === null || price === undefined || !Number.isFinite(price) || price < 0 || !isWholeCents(price))
      issue('shipping_price', TERMS.shippingPriceInvalid);
    else if (price > SHIPPING_PRICE_MAX) issue('shipping_price', TERMS.shippingPriceTooHigh);
    const days = value.handling_days ?? DEFAULT_HANDLING_DAYS;
    if (!(HANDLING_DAYS_OPTIONS as readonly number[]).includes(days))
      issue('handling_days', TERMS.handlingDaysInvalid);
    if ((value.ships_from as unknown) === INVALID) issue('ships_from', TERMS.shipsFromInvalid);
    else if ((value.ships_from ?? '').length > SHIPS_FROM_MAX) issue('ships_from', TERMS.shipsFromTooLong);
  }
  if (
    value.returns_accepted === true &&
    !(RETURN_WINDOW_OPTIONS as readonly number[]).includes(value.return_window_days ?? -1)
  )
    issue('return_window_days', TERMS.returnWindowInvalid);
  checkGuardrails(value, issue);
}

/** An optional amount: null or undefined is "none"; otherwise above 0 in whole cents. */
function amountOk(amount: number | null | undefined): boolean {
  return (
    amount === null || amount === undefined || (Number.isFinite(amount) && amount > 0 && isWholeCents(amount))
  );
}

/** The offer guardrails: each above 0; decline under the price, accept at most the price, decline under accept. */
function checkGuardrails(
  value: ListingInput,
  issue: (path: keyof ListingInput, message: string) => void,
): void {
  if (value.accepts_offers === false) return;
  const { auto_decline_below: decline, auto_accept_at: accept } = value;
  const price = Number.isFinite(value.price) ? normalizePrice(value.price) : null;
  if (!amountOk(decline)) issue('auto_decline_below', TERMS.autoDeclineInvalid);
  else if (decline != null && price !== null && decline >= price)
    issue('auto_decline_below', TERMS.autoDeclineTooHigh);
  if (!amountOk(accept)) issue('auto_accept_at', TERMS.autoAcceptInvalid);
  else if (accept != null && price !== null && accept > price)
    issue('auto_accept_at', TERMS.autoAcceptTooHigh);
  else if (accept != null && decline != null && amountOk(decline) && accept <= decline)
    issue('auto_accept_at', TERMS.guardrailsCrossed);
}

/** The terms as stored: shipping details only when the gear ships, a return window only with returns. */
function toTerms(value: ListingInput): ListingTerms {
  const handover = value.handover ?? 'pickup';
  const shipped = ships(handover);
  const returns = value.returns_accepted ?? false;
  return {
    handover,
    shipping_price: shipped ? (value.shipping_price ?? 0) : null,
    ships_from: shipped ? value.ships_from || value.location : null,
    handling_days: shipped ? (value.handling_days ?? DEFAULT_HANDLING_DAYS) : null,
    accepts_offers: value.accepts_offers ?? true,
    returns_accepted: returns,
    return_window_days: returns ? (value.return_window_days ?? null) : null,
  };
}

function toListingFields(value: ListingInput): ListingFields {
  const category = value.category as Category;
  const rods = ROD_CATEGORIES.includes(category);
  const reels = REEL_CATEGORIES.includes(category);
  return {
    title: value.title,
    description: value.description,
    price: normalizePrice(value.price),
    condition: value.condition,
    category,
    gear_types: [...new Set(value.gear_types)],
    images: value.images,
    location: value.location,
    location_coordinates: value.location_coordinates ?? null,
    brand: value.brand,
    model: value.model,
    rod_brand: rods ? value.rod_brand : null,
    rod_composition: rods ? value.rod_composition : null,
    rod_length_feet: rods ? (value.rod_length_feet ?? 0) : null,
    rod_length_inches: rods ? (value.rod_length_inches ?? 0) : null,
    rod_power_rating: rods ? value.rod_power_rating : null,
    reel_brand: reels ? value.reel_brand : null,
    reel_type: reels ? value.reel_type : null,
    reel_gear_ratio: reels ? value.reel_gear_ratio : null,
    ...toTerms(value),
    auto_decline_below: value.accepts_offers === false ? null : (value.auto_decline_below ?? null),
    auto_accept_at: value.accepts_offers === false ? null : (value.auto_accept_at ?? null),
    tags: value.tags === undefined ? undefined : normalizeTags(value.tags),
  };
}

/** POST /api/listings and PUT /api/listings/:id: the same rules for the form and the server. */
export const ListingBody = ListingInput.superRefine(checkListing).transform(toListingFields);
export type ListingBody = z.input<typeof ListingBody>;

export const ListingIdParams = z.object({ id: z.uuid({ error: M.productNotFound }) });
export type ListingIdParams = z.infer<typeof ListingIdParams>;

export const ModerationStatus = z.enum(MODERATION_STATUSES);
export type ModerationStatus = z.infer<typeof ModerationStatus>;

export const SellerSummaryDto = z.object({
  id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  seller_rating: z.number(),
  sales_count: z.number().int(),
  created_at: z.string(),
});
export type SellerSummaryDto = z.infer<typeof SellerSummaryDto>;

export const ListingDto = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  condition: z.enum(CONDITIONS),
  category: z.enum(CATEGORIES),
  gear_types: z.array(z.enum(GEAR_TYPES)),
  images: z.array(z.string()),
  seller_id: z.string(),
  seller: SellerSummaryDto,
  location: z.string(),
  location_coordinates: Coordinates.nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  rod_brand: z.string().nullable(),
  rod_composition: z.enum(ROD_MATERIALS).nullable(),
  rod_length_feet: z.number().int().nullable(),
  rod_length_inches: z.number().int().nullable(),
  rod_power_rating: z.enum(ROD_POWER_RATINGS).nullable(),
  reel_brand: z.string().nullable(),
  reel_type: z.enum(REEL_TYPES).nullable(),
  reel_gear_ratio: z.enum(DRAG_SYSTEMS).nullable(),
  /** Species and technique tags (slugs), in the reference order. */
  tags: z.array(z.string()),
  handover: z.enum(HANDOVER_METHODS),
  /** Dollars; 0 is free shipping; null when it does not ship. */
  shipping_price: z.number().nullable(),
  ships_from: z.string().nullable(),
  handling_days: z.number().int().nullable(),
  accepts_offers: z.boolean(),
  returns_accepted: z.boolean(),
  return_window_days: z.number().int().nullable(),
  sold: z.boolean(),
  /** Sold into an order still in progress ("Sale pending"); false once it completes. */
  sale_pending: z.boolean(),
  /** The seller's offer guardrails: only the seller sees them (null for everyone else). */
  offer_guardrails: OfferGuardrailsDto.nullable(),
  sold_at: z.string().nullable(),
  buyer_id: z.string().nullable(),
  transaction_rating: z.number().int().nullable(),
  deleted: z.boolean(),
  visible_in_marketplace: z.boolean(),
  moderation_status: ModerationStatus,
  is_featured: z.boolean(),
  likes_count: z.number().int(),
  favorites_count: z.number().int(),
  /**
   * Views by distinct readers, each counted once a day, the seller's own not counted
   * (docs/decisions/0015-listing-views.md). Only the seller reads the number; null for everyone else.
   */
  views_count: z.number().int().nullable(),
  /** The caller's own like and favourite (false for guests). */
  liked: z.boolean(),
  favorited: z.boolean(),
  /** Miles from the searched point; only in radius searches. */
  distance: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ListingDto = z.infer<typeof ListingDto>;

const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((raw) => (Array.isArray(raw) ? raw : raw ? raw.split(',') : []))
    .pipe(z.array(z.enum(values)));

/** GET /api/listings: filters live in the URL, so they arrive as strings. */
export const ListListingsQuery = z.object({
  q: z.string().trim().max(SEARCH.qMax).optional(),
  category: csv(CATEGORIES),
  condition: csv(CONDITIONS),
  gear_types: csv(GEAR_TYPES),
  price: z.string().max(SEARCH.priceRangeMax).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  radius: z.coerce.number().positive().max(SEARCH.radiusMilesMax).optional(),
  brand: z.string().trim().max(SEARCH.brandMax).optional(),
  rod_power: csv(ROD_POWER_RATINGS),
  rod_composition: csv(ROD_MATERIALS),
  reel_type: csv(REEL_TYPES),
  /** Rod length bounds in inches. */
  rod_length_min: z.coerce.number().int().min(0).max(SEARCH.rodLengthInchesMax).optional(),
  rod_length_max: z.coerce.number().int().min(0).max(SEARCH.rodLengthInchesMax).optional(),
  seller_id: z.uuid().optional(),
  featured: z.enum(['true', 'false']).optional(),
  sold: z.enum(['true', 'false']).optional(),
  /** Listings that can be picked up, or that ship. */
  handover: z.enum(HANDOVER_FILTERS).optional(),
  free_shipping: z.enum(['true', 'false']).optional(),
  /** Only listings tagged with all of these (comma-separated slugs), as facets narrow. */
  tags: TagsQueryParam,
  sort: z.enum(LISTING_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LISTING_PAGE_SIZE_MAX).default(LISTING_PAGE_SIZE),
});
export type ListListingsQuery = z.input<typeof ListListingsQuery>;

export const ListingListDto = z.object({
  items: z.array(ListingDto),
  total: z.number().int(),
  /**
   * True when more listings match than the search counts: `total` is its limit
   * (TEXT_SEARCH_MATCH_LIMIT for a text search, FILTERED_SEARCH_MATCH_LIMIT for a filtered one).
   */
  totalCapped: z.boolean().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListingListDto = z.infer<typeof ListingListDto>;

/** GET /api/listings/:id/similar: up to 8 public listings like this one. */
export const SimilarListingsDto = z.object({ items: z.array(ListingDto) });
export type SimilarListingsDto = z.infer<typeof SimilarListingsDto>;

/** GET /api/me/favorites: the caller's favourites, newest favourite first. */
export const MyFavoritesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LISTING_PAGE_SIZE_MAX).default(LISTING_PAGE_SIZE),
});
export type MyFavoritesQuery = z.input<typeof MyFavoritesQuery>;

/** Home rows: featured (random among featured), newest, recently sold. */
export const HomeListingsDto = z.object({
  featured: z.array(ListingDto),
  newest: z.array(ListingDto),
  recentlySold: z.array(ListingDto),
});
export type HomeListingsDto = z.infer<typeof HomeListingsDto>;

/** mark_product_as_sold: the buyer, or null when sold outside Castline. */
export const MarkSoldBody = z.object({ buyer_id: z.uuid({ error: M.buyerNotFound }).nullable() });
export type MarkSoldBody = z.infer<typeof MarkSoldBody>;

export const RateTransactionBody = z.object({
  rating: z
    .number({ error: M.ratingRange })
    .int({ error: M.ratingRange })
    .min(1, M.ratingRange)
    .max(5, M.ratingRange),
});
export type RateTransactionBody = z.infer<typeof RateTransactionBody>;

/** Like and favourite toggles answer the new state (spec: "return the new state"). */
export const ToggleResultDto = z.object({ active: z.boolean(), count: z.number().int() });
export type ToggleResultDto = z.infer<typeof ToggleResultDto>;

/**
 * Members the seller may pick as the buyer: for now those who liked or favourited the listing
 * (latest interest first); members who message about it or make offers join when those exist.
 */
export const BuyerCandidateDto = z.object({
  id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
});
export const BuyerCandidatesDto = z.object({ items: z.array(BuyerCandidateDto) });
export type BuyerCandidatesDto = z.infer<typeof BuyerCandidatesDto>;
