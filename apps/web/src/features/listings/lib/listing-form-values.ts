import type {
  Category,
  Condition,
  Coordinates,
  DragSystem,
  ErrorIssueDto,
  GearType,
  HandoverMethod,
  ListingBody,
  ListingDto,
  ReelType,
  RodMaterial,
  RodPowerRating,
} from '@castline/shared';
import {
  DEFAULT_CONDITION,
  DEFAULT_HANDLING_DAYS,
  DEFAULT_RETURN_WINDOW_DAYS,
  OTHER_BRAND,
  REEL_BRANDS,
  REEL_CATEGORIES,
  ROD_BRANDS,
  ROD_CATEGORIES,
  ships,
} from '@castline/shared';
import type { z } from 'zod';
import { moveMainFirst } from './image-list';

/** Rod details as the form holds them (spec 000 §3: rodFilters). Numbers stay text while typed. */
export interface RodFilters {
  /** One of ROD_BRANDS, OTHER_BRAND, or '' when none is chosen. */
  brand: string;
  /** The free-text brand, used when `brand` is OTHER_BRAND. */
  otherBrand: string;
  composition: RodMaterial | '';
  powerRating: RodPowerRating | '';
  length: { feet: string; inches: string };
}

/** Reel details as the form holds them (spec 000 §3: reelFilters); gearRatio is the drag system. */
export interface ReelFilters {
  brand: string;
  otherBrand: string;
  type: ReelType | '';
  gearRatio: DragSystem | '';
}

export interface LocationValue {
  text: string;
  coordinates: Coordinates | null;
}

/** A listing's terms as the form holds them; numbers stay text while typed, selects hold their option. */
export interface TermsValues {
  handover: HandoverMethod;
  /** The shipping price input's text (dollars); ignored while `freeShipping` is on. */
  shippingPrice: string;
  /** "Free shipping": the listing ships for $0. */
  freeShipping: boolean;
  /** Where it ships from; '' ships from the listing's location. */
  shipsFrom: string;
  /** One of HANDLING_DAYS_OPTIONS, as text. */
  handlingDays: string;
  acceptsOffers: boolean;
  /** "Decline offers below" (dollars, '' for none): the seller's guardrail, never shown to buyers. */
  autoDeclineBelow: string;
  /** "Accept offers at or above" (dollars, '' for none). */
  autoAcceptAt: string;
  returnsAccepted: boolean;
  /** One of RETURN_WINDOW_OPTIONS, as text. */
  returnWindowDays: string;
}

export interface ListingFormValues {
  title: string;
  description: string;
  /** The price input's text. */
  price: string;
  condition: Condition;
  category: Category | '';
  gear_types: GearType[];
  /** Species and technique tags (slugs). */
  tags: string[];
  location: LocationValue;
  brand: string;
  model: string;
  images: string[];
  /** Which photo is the main one; undefined while there are none. Never sent. */
  mainImageIndex: number | undefined;
  rodFilters: RodFilters;
  reelFilters: ReelFilters;
  terms: TermsValues;
}

/** The form's fields that can carry an error: the paths of ListingBody. */
export const LISTING_FIELDS = [
  'title',
  'description',
  'category',
  'gear_types',
  'price',
  'condition',
  'location',
  'images',
  'brand',
  'model',
  'rod_brand',
  'rod_composition',
  'rod_power_rating',
  'rod_length_feet',
  'rod_length_inches',
  'reel_brand',
  'reel_type',
  'reel_gear_ratio',
  'handover',
  'shipping_price',
  'ships_from',
  'handling_days',
  'auto_decline_below',
  'auto_accept_at',
  'return_window_days',
  'tags',
] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];
export type ListingFieldErrors = Partial<Record<ListingField, string>>;

export const emptyRodFilters = (): RodFilters => ({
  brand: '',
  otherBrand: '',
  composition: '',
  powerRating: '',
  length: { feet: '', inches: '' },
});

export const emptyReelFilters = (): ReelFilters => ({ brand: '', otherBrand: '', type: '', gearRatio: '' });

/** A new listing's terms: local pickup, offers welcome, no returns (the shared defaults). */
export const emptyTermsValues = (): TermsValues => ({
  handover: 'pickup',
  shippingPrice: '',
  freeShipping: false,
  shipsFrom: '',
  handlingDays: String(DEFAULT_HANDLING_DAYS),
  acceptsOffers: true,
  autoDeclineBelow: '',
  autoAcceptAt: '',
  returnsAccepted: false,
  returnWindowDays: String(DEFAULT_RETURN_WINDOW_DAYS),
});

export function emptyListingFormValues(): ListingFormValues {
  return {
    title: '',
    description: '',
    price: '',
    condition: DEFAULT_CONDITION,
    category: '',
    gear_types: [],
    tags: [],
    location: { text: '', coordinates: null },
    brand: '',
    model: '',
    images: [],
    mainImageIndex: undefined,
    rodFilters: emptyRodFilters(),
    reelFilters: emptyReelFilters(),
    terms: emptyTermsValues(),
  };
}

export const hasRodDetails = (category: Category | ''): boolean =>
  category !== '' && ROD_CATEGORIES.includes(category);
export const hasReelDetails = (category: Category | ''): boolean =>
  category !== '' && REEL_CATEGORIES.includes(category);

/**
 * Category change (spec 000 §4): reel details are cleared unless the category is reels or combo;
 * rod details are reset unless it is rods or combo.
 */
export function changeCategory(values: ListingFormValues, category: Category | ''): ListingFormValues {
  return {
    ...values,
    category,
    rodFilters: hasRodDetails(category) ? values.rodFilters : emptyRodFilters(),
    reelFilters: hasReelDetails(category) ? values.reelFilters : emptyReelFilters(),
  };
}

/** The brand to send: the free text when 'Other' is chosen, else the chosen brand. */
export function resolveBrand({ brand, otherBrand }: { brand: string; otherBrand: string }): string {
  return brand === OTHER_BRAND ? otherBrand.trim() : brand;
}

/** A stored brand back to the form: a listed brand is selected, anything else is 'Other' + free text. */
export function brandChoice(
  stored: string | null,
  listed: readonly string[],
): { brand: string; otherBrand: string } {
  if (!stored) return { brand: '', otherBrand: '' };
  if (listed.includes(stored)) return { brand: stored, otherBrand: '' };
  return { brand: OTHER_BRAND, otherBrand: stored };
}

/** Price input: step 0.01 when the price is 1 or less, otherwise 1 (spec 000 §5). */
export function priceStep(price: string): '0.01' | '1' {
  const value = Number(price);
  return price.trim() !== '' && Number.isFinite(value) && value > 1 ? '1' : '0.01';
}

/** On blur a price above 1 is rounded down to whole dollars; anything else is left as typed. */
export function roundPriceInput(price: string): string {
  const value = Number(price);
  if (price.trim() === '' || !Number.isFinite(value) || value <= 1) return price;
  return String(Math.floor(value));
}

const numberOrNull = (text: string): number | null => {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
};

/** A number typed or chosen; NaN when it is not one (the shared checks then name the field). */
const numberOrNaN = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** An optional amount: empty is none (null); otherwise the number typed, NaN when it is not one. */
const optionalAmount = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * The terms to send: shipping details only when the gear ships (free shipping is $0; an empty
 * "ships from" ships from the listing's location), a return window only with returns.
 */
export function toTermsInput(
  terms: TermsValues,
): Pick<
  ListingBody,
  | 'handover'
  | 'shipping_price'
  | 'ships_from'
  | 'handling_days'
  | 'accepts_offers'
  | 'auto_decline_below'
  | 'auto_accept_at'
  | 'returns_accepted'
  | 'return_window_days'
> {
  const shipped = ships(terms.handover);
  return {
    handover: terms.handover,
    shipping_price: shipped ? (terms.freeShipping ? 0 : numberOrNaN(terms.shippingPrice)) : null,
    ships_from: shipped ? terms.shipsFrom.trim() || null : null,
    handling_days: shipped ? numberOrNaN(terms.handlingDays) : null,
    accepts_offers: terms.acceptsOffers,
    auto_decline_below: terms.acceptsOffers ? optionalAmount(terms.autoDeclineBelow) : null,
    auto_accept_at: terms.acceptsOffers ? optionalAmount(terms.autoAcceptAt) : null,
    returns_accepted: terms.returnsAccepted,
    return_window_days: terms.returnsAccepted ? numberOrNaN(terms.returnWindowDays) : null,
  };
}

const amountText = (amount: number | null | undefined): string => (amount == null ? '' : String(amount));

/** A listing's stored terms back to the form (a "ships from" equal to its location is left empty). */
export function termsValuesFromListing(listing: ListingDto): TermsValues {
  const empty = emptyTermsValues();
  return {
    handover: listing.handover,
    shippingPrice:
      listing.shipping_price === null || listing.shipping_price === 0 ? '' : String(listing.shipping_price),
    freeShipping: listing.shipping_price === 0,
    shipsFrom: listing.ships_from && listing.ships_from !== listing.location ? listing.ships_from : '',
    handlingDays: listing.handling_days === null ? empty.handlingDays : String(listing.handling_days),
    acceptsOffers: listing.accepts_offers,
    autoDeclineBelow: amountText(listing.offer_guardrails?.auto_decline_below),
    autoAcceptAt: amountText(listing.offer_guardrails?.auto_accept_at),
    returnsAccepted: listing.returns_accepted,
    returnWindowDays:
      listing.return_window_days === null ? empty.returnWindowDays : String(listing.return_window_days),
  };
}

/**
 * What the form sends (ListingBody's input): the main photo first, 'Other' brands as their free
 * text, rod and reel details only for the categories that have them, and no mainImageIndex.
 */
export function toListingInput(values: ListingFormValues): ListingBody {
  const rods = hasRodDetails(values.category);
  const reels = hasReelDetails(values.category);
  const price = values.price.trim() === '' ? Number.NaN : Number(values.price);
  return {
    title: values.title,
    description: values.description,
    price,
    condition: values.condition,
    category: values.category === '' ? null : values.category,
    gear_types: values.gear_types,
    tags: values.tags,
    images: moveMainFirst(values.images, values.mainImageIndex),
    location: values.location.text,
    location_coordinates: values.location.coordinates,
    brand: values.brand,
    model: values.model,
    rod_brand: rods ? resolveBrand(values.rodFilters) : null,
    rod_composition: rods && values.rodFilters.composition ? values.rodFilters.composition : null,
    rod_power_rating: rods && values.rodFilters.powerRating ? values.rodFilters.powerRating : null,
    rod_length_feet: rods ? numberOrNull(values.rodFilters.length.feet) : null,
    rod_length_inches: rods ? numberOrNull(values.rodFilters.length.inches) : null,
    reel_brand: reels ? resolveBrand(values.reelFilters) : null,
    reel_type: reels && values.reelFilters.type ? values.reelFilters.type : null,
    reel_gear_ratio: reels && values.reelFilters.gearRatio ? values.reelFilters.gearRatio : null,
    ...toTermsInput(values.terms),
  };
}

const lengthText = (value: number | null): string => (value === null ? '' : String(value));

/** A loaded listing as form values (the edit page's initial data). */
export function formValuesFromListing(listing: ListingDto): ListingFormValues {
  return {
    title: listing.title,
    description: listing.description,
    price: String(listing.price),
    condition: listing.condition,
    category: listing.category,
    gear_types: [...listing.gear_types],
    tags: [...listing.tags],
    location: { text: listing.location, coordinates: listing.location_coordinates },
    brand: listing.brand ?? '',
    model: listing.model ?? '',
    images: [...listing.images],
    mainImageIndex: listing.images.length > 0 ? 0 : undefined,
    rodFilters: hasRodDetails(listing.category)
      ? {
          ...brandChoice(listing.rod_brand, ROD_BRANDS),
          composition: listing.rod_composition ?? '',
          powerRating: listing.rod_power_rating ?? '',
          length: {
            feet: lengthText(listing.rod_length_feet),
            inches: lengthText(listing.rod_length_inches),
          },
        }
      : emptyRodFilters(),
    reelFilters: hasReelDetails(listing.category)
      ? {
          ...brandChoice(listing.reel_brand, REEL_BRANDS),
          type: listing.reel_type ?? '',
          gearRatio: listing.reel_gear_ratio ?? '',
        }
      : emptyReelFilters(),
    terms: termsValuesFromListing(listing),
  };
}

/** The form field an issue path names: "images.2" → images, "location_coordinates.lat" → location. */
export function fieldOfPath(path: string | readonly PropertyKey[]): ListingField | undefined {
  const head = String(typeof path === 'string' ? path.split('.')[0] : (path[0] ?? ''));
  if (head === 'location_coordinates') return 'location';
  return LISTING_FIELDS.find((field) => field === head);
}

/** Issues (of ListingBody.safeParse or of the server) → the first message per field, in issue order. */
export function errorsFromIssues(issues: readonly (z.core.$ZodIssue | ErrorIssueDto)[]): {
  errors: ListingFieldErrors;
  first: { field: ListingField; message: string } | undefined;
} {
  const errors: ListingFieldErrors = {};
  let first: { field: ListingField; message: string } | undefined;
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    if (!field || errors[field] !== undefined) continue;
    errors[field] = issue.message;
    first ??= { field, message: issue.message };
  }
  return { errors, first };
}
