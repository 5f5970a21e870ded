import type { HandoverMethod, ListingTerms } from '@castline/shared';
import {
  createRandom,
  DEMO_PICKUP_ONLY_SELLERS,
  DEMO_SHOP_SELLERS,
  demoReelSize,
  type DemoListing,
  type DemoSeller,
} from './listing-catalog.js';
import { termsTheTalkNeeds } from './social-seed.js';

/**
 * What a piece of gear goes out as, which decides whether it ships and what shipping costs:
 * small packets (lures, hooks, tools, sunglasses), reels, heavy saltwater reels, packs (waders,
 * vests, bags, a fish finder), rods in a tube (fly rods and travel rods come apart), one-piece
 * rods under 8 ft, one-piece rods of 8 ft and longer, and bulky gear (coolers, shelters, racks).
 */
export type Parcel = 'small' | 'reel' | 'heavyReel' | 'pack' | 'tube' | 'rod' | 'longRod' | 'bulky';

/** Accessories that go out as a pack or as bulky freight, by brand and model; the rest are small. */
const ACCESSORY_PARCELS: Record<string, Parcel> = {
  'Simms|Freestone': 'pack',
  'Orvis|PRO': 'pack',
  'Fishpond|Thunderhead': 'pack',
  'Plano|Guide Series 3700': 'pack',
  'Garmin|Striker 4': 'pack',
  'Frabill|Conservation Series': 'bulky',
  'YETI|Tundra 45': 'bulky',
  'Rush Creek Creations|3-in-1 Rod Rack': 'bulky',
  'YakAttack|BlackPak Pro': 'bulky',
  'Eskimo|QuickFish 3': 'bulky',
};

/** A rod of 8 ft or longer that does not come apart is hard to ship. */
const LONG_ROD_INCHES = 96;
/** Asking prices from here up sometimes ship free. */
const FREE_SHIPPING_FROM = 150;
/** Asking prices under this are mostly firm. */
const FIRM_UNDER = 25;

/** What shipping costs by parcel, in dollars. */
const SHIPPING_PRICES: Record<Parcel, readonly number[]> = {
  small: [5.99, 6.99, 7.99],
  reel: [7.99, 8.99, 9.99],
  heavyReel: [11.99, 12.99, 14.99],
  pack: [9.99, 11.99, 12.99, 14.99],
  tube: [12.99, 14.99, 17.99],
  rod: [19.99, 24.99],
  longRod: [34.99, 39.99, 44.99],
  bulky: [24.99, 29.99, 34.99],
};
/** A combo ships in a bigger box than its rod alone. */
const COMBO_SURCHARGE = 5;

/** How often each parcel is local pickup only, shipping only, or either. */
const HANDOVER_ODDS: Record<Parcel, Record<HandoverMethod, number>> = {
  small: { pickup: 0.05, shipping: 0.55, both: 0.4 },
  reel: { pickup: 0.05, shipping: 0.5, both: 0.45 },
  heavyReel: { pickup: 0.1, shipping: 0.4, both: 0.5 },
  pack: { pickup: 0.1, shipping: 0.45, both: 0.45 },
  tube: { pickup: 0.1, shipping: 0.45, both: 0.45 },
  rod: { pickup: 0.3, shipping: 0.2, both: 0.5 },
  longRod: { pickup: 0.65, shipping: 0, both: 0.35 },
  bulky: { pickup: 0.65, shipping: 0, both: 0.35 },
};

/** Business days before the gear ships: mostly 1–3, a few 5 or 7; shops are quicker. */
const HANDLING_ODDS: Record<'shop' | 'member', Record<number, number>> = {
  shop: { 1: 0.5, 2: 0.35, 3: 0.15 },
  member: { 1: 0.27, 2: 0.37, 3: 0.26, 5: 0.07, 7: 0.03 },
};
/** How often shipped gear (not sold as is) takes returns, and for how long. */
const RETURNS = {
  shop: { share: 0.6, windows: { 30: 0.45, 14: 0.45, 7: 0.1 } },
  member: { share: 0.07, windows: { 14: 0.7, 7: 0.2, 30: 0.1 } },
} as const;
/** How often shipping is free from FREE_SHIPPING_FROM up (for gear that is not long or bulky). */
const FREE_SHIPPING_SHARE = { shop: 0.6, member: 0.4 } as const;
/** How often a price is firm: under FIRM_UNDER, and above it. */
const FIRM_SHARE = { cheap: 0.8, shop: 0.15, member: 0.06 } as const;

/** A choice by its odds (weights that need not add up to 1). */
function weighted<K extends string>(roll: number, odds: Record<K, number>): K {
  const entries = (Object.entries(odds) as [K, number][]).filter(([, weight]) => weight > 0);
  let left = roll * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [choice, weight] of entries) {
    left -= weight;
    if (left < 0) return choice;
  }
  return entries.at(-1)![0];
}

/** A number of days by its odds. */
const daysFrom = (roll: number, odds: Record<number, number>) =>
  Number(weighted(roll, odds as Record<string, number>));

/** The kind of rod a rod or combo title names ("… 9' 8wt fly rod", "… 7' Medium spinning combo with …"). */
const rodKindOf = (title: string) =>
  /\b(spinning|casting|surf|boat|jigging|fly) (?:rod$|combo with)/.exec(title)?.[1] ?? null;

/** How a demo listing's gear goes out. */
export function parcelOf(
  listing: Pick<
    DemoListing,
    'category' | 'title' | 'brand' | 'model' | 'reel_brand' | 'rod_length_feet' | 'rod_length_inches'
  >,
): Parcel {
  switch (listing.category) {
    case 'tackle':
      return 'small';
    case 'accessories':
      return ACCESSORY_PARCELS[`${listing.brand}|${listing.model}`] ?? 'small';
    case 'reels':
      return demoReelSize(listing.reel_brand, listing.model) === 'heavy' ? 'heavyReel' : 'reel';
    default: {
      const comesApart = rodKindOf(listing.title) === 'fly' || /\bTravel\b/.test(listing.model ?? '');
      if (comesApart) return 'tube';
      const inches = (listing.rod_length_feet ?? 0) * 12 + (listing.rod_length_inches ?? 0);
      return inches >= LONG_ROD_INCHES ? 'longRod' : 'rod';
    }
  }
}

/**
 * The terms of the `index`-th demo listing, deterministic like the rest of the catalogue (its own
 * generator per listing, so the catalogue's draws stay as they were):
 *
 * - handover: by parcel (long one-piece rods and bulky gear mostly local pickup, small gear
 *   mostly shipped); shops always ship, a few sellers only hand over at home; a listing whose description offers
 *   to ship "at your cost" is pickup or shipping, at a price; one the seeded talk says ships, ships.
 * - shipping: the parcel's price, free on a share of the pricier gear that is not long or bulky;
 *   from the listing's location; handled in 1–3 business days mostly, a few 5 or 7.
 * - offers: firm on most gear under $25 and a few others, never where the description welcomes
 *   offers or a demo offer may land.
 * - returns: shipped gear, not sold as is; mostly from shops (14 or 30 days), seldom from others.
 */
export function demoListingTerms(listing: DemoListing, seller: DemoSeller, index: number): ListingTerms {
  const random = createRandom(0x7e7a5 + index * 7919);
  const style = DEMO_SHOP_SELLERS.has(seller.username) ? 'shop' : 'member';
  const talk = termsTheTalkNeeds(seller.username, listing);
  const parcel = parcelOf(listing);
  const shipsAtBuyersCost = /\bship at your cost\b/.test(listing.description);

  let handover = weighted(random(), HANDOVER_ODDS[parcel]);
  if (shipsAtBuyersCost) handover = 'both';
  // Shops ship everything; so does gear the seeded talk says ships.
  if ((style === 'shop' || talk.ships) && handover === 'pickup') handover = 'both';
  if (DEMO_PICKUP_ONLY_SELLERS.has(seller.username)) handover = 'pickup';
  const ships = handover !== 'pickup';

  const freeRoll = random();
  const priceRoll = random();
  const handlingRoll = random();
  const returnsRoll = random();
  const windowRoll = random();
  const firmRoll = random();

  let shipping_price: number | null = null;
  if (ships) {
    const free =
      !shipsAtBuyersCost &&
      listing.price >= FREE_SHIPPING_FROM &&
      parcel !== 'longRod' &&
      parcel !== 'bulky' &&
      freeRoll < FREE_SHIPPING_SHARE[style];
    const prices = SHIPPING_PRICES[parcel];
    const price = prices[Math.floor(priceRoll * prices.length)]!;
    shipping_price = free
      ? 0
      : listing.category === 'combo'
        ? Math.round((price + COMBO_SURCHARGE) * 100) / 100
        : price;
  }

  const returns_accepted = ships && listing.condition !== 'poor' && returnsRoll < RETURNS[style].share;
  const welcomesOffers = /\boffers considered\b/i.test(listing.description) || talk.takesOffers;
  const firmShare = listing.price < FIRM_UNDER ? FIRM_SHARE.cheap : FIRM_SHARE[style];

  return {
    handover,
    shipping_price,
    ships_from: ships ? listing.location : null,
    handling_days: ships ? daysFrom(handlingRoll, HANDLING_ODDS[style]) : null,
    accepts_offers: welcomesOffers || firmRoll >= firmShare,
    returns_accepted,
    return_window_days: returns_accepted ? daysFrom(windowRoll, RETURNS[style].windows) : null,
  };
}
