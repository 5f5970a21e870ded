/**
 * The demo marketplace as a buyer reads it. Seeds a fresh database exactly as a new install does
 * (seedDemoData) and checks every listing, offer, alert and conversation it wrote against what
 * is true of the gear: each reel model's real reel type and drag system, details that belong to
 * the listing's category, brand and model in the title, plausible rod specs and gear types,
 * whole-dollar prices in the range of the model and its condition, a location text that the
 * gazetteer places at the listing's coordinates (the seller's home town), and offers that a
 * buyer would make on those prices. Each check gathers every offending row, so a failure lists
 * them all.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HANDLING_DAYS_OPTIONS,
  REEL_BRANDS,
  RETURN_WINDOW_OPTIONS,
  ROD_BRANDS,
  ROD_MATERIALS,
  ROD_POWER_RATINGS,
  LISTING_TITLE_MAX,
  SHIPPING_PRICE_MAX,
  ships,
  termsTag,
  type Condition,
  type HandoverMethod,
  type DragSystem,
  type GearType,
  type ReelType,
} from '@castline/shared';
import {
  alertNotifications,
  messages,
  moderationQueue,
  notifications,
  offers,
  productAlerts,
  products,
  profiles,
} from '../db/schema/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { createOfflinePlacesProvider } from '../platform/places/index.js';
import { createLocalFileStorage } from '../platform/storage/file-storage.js';
import { openTestDatabase } from '../../test/test-database.js';
import { seedDemoData } from './demo-seed.js';
import { demoRetailRange } from './listing-catalog.js';

type Listing = typeof products.$inferSelect;
type Water = 'fresh' | 'salt' | 'any' | 'fly';
interface KnownReel {
  type: ReelType;
  drag: DragSystem;
  water: Water;
}

const spinning = (water: Water): KnownReel => ({ type: 'spinning', drag: 'single-speed', water });
const baitcasting = (water: Water): KnownReel => ({ type: 'baitcasting', drag: 'star-drag', water });
const conventional = (drag: DragSystem): KnownReel => ({ type: 'conventional', drag, water: 'salt' });
const fly: KnownReel = { type: 'fly', drag: 'single-speed', water: 'fly' };

/**
 * What each reel model really is (brand and model as the listing names them). Spinning, fly and
 * spincast reels have a single-speed front or disc drag; baitcasters a star drag; conventional
 * reels a star drag or a lever drag with one or two speeds. `water`: a saltwater reel is listed
 * for saltwater, a freshwater reel never for saltwater only, a fly reel for fly fishing.
 */
const KNOWN_REELS: Record<string, KnownReel> = {
  'Shimano Stradic FL 2500': spinning('any'),
  'Shimano Curado DC 150': baitcasting('fresh'),
  'Shimano Saragosa SW 6000': spinning('salt'),
  'Shimano Tranx 400': baitcasting('any'),
  'Shimano Sedona 3000': spinning('any'),
  'Shimano Talica 16 II': conventional('double-speed'),
  'Daiwa BG 4000': spinning('any'),
  'Daiwa Tatula SV TW 103': baitcasting('fresh'),
  'Daiwa Saltist MQ 14000': spinning('salt'),
  'Daiwa Lexa 300': baitcasting('any'),
  'Daiwa Certate LT 3000': spinning('any'),
  'Penn Spinfisher VII 4500': spinning('salt'),
  'Penn Slammer IV 6500': spinning('salt'),
  'Penn Battle III 3000': spinning('any'),
  'Penn Fathom II 25': conventional('star-drag'),
  'Penn International VI 30': conventional('double-speed'),
  'Penn Squall II 30': conventional('star-drag'),
  'Penn Senator 4/0': conventional('star-drag'),
  'Abu Garcia Revo SX': baitcasting('fresh'),
  'Abu Garcia Revo Beast 41': baitcasting('any'),
  'Abu Garcia Ambassadeur C3 6500': baitcasting('any'),
  'Abu Garcia Zenon 3000': spinning('fresh'),
  'Okuma Ceymar C-30': spinning('fresh'),
  'Okuma Makaira 20II': conventional('double-speed'),
  'Okuma Cortez 30': conventional('star-drag'),
  'Okuma Helios SX 30': spinning('fresh'),
  'Avet SX 5.3': conventional('single-speed'),
  'Avet JX 6/4': conventional('double-speed'),
  'Avet HXW 5/2': conventional('double-speed'),
  'Accurate Valiant BV-500N': conventional('single-speed'),
  'Accurate Boss Extreme BX2-600': conventional('double-speed'),
  'Accurate TwinSpin SR-20': spinning('salt'),
  'Fin-Nor Lethal 60': spinning('salt'),
  'Fin-Nor Offshore 8500': spinning('salt'),
  'Fin-Nor Marquesa 16': conventional('double-speed'),
  'Seigler SGN': conventional('single-speed'),
  'Seigler LGN': conventional('single-speed'),
  'Seigler OS': conventional('star-drag'),
  'Orvis Battenkill Disc III': fly,
  'Orvis Hydros IV': fly,
  'Lamson Liquid 3+': fly,
  'Okuma SLV 5/6': fly,
  'Okuma SLV 7/8': fly,
  'Zebco 33': { type: 'spincast', drag: 'single-speed', water: 'fresh' },
  'Pflueger President 30': spinning('fresh'),
};

/** Real brands the spec's lists lack, stored as the form stores an 'Other' brand: by name. */
const OTHER_ROD_BRANDS = ['Orvis', 'Redington'];
const OTHER_REEL_BRANDS = ['Orvis', 'Lamson', 'Zebco', 'Pflueger'];

/** The word of a rod title that says what kind of rod it is, and what that kind allows. */
const ROD_KINDS: Record<
  string,
  { reels: readonly string[]; inches: [number, number]; powers: readonly string[] }
> = {
  spinning: {
    reels: ['spinning'],
    inches: [54, 114],
    powers: ['Ultra Light', 'Light', 'Medium Light', 'Medium', 'Medium Heavy', 'Heavy'],
  },
  casting: {
    reels: ['baitcasting', 'spincast'],
    inches: [60, 114],
    powers: ['Medium Light', 'Medium', 'Medium Heavy', 'Heavy', 'Extra Heavy'],
  },
  surf: {
    reels: ['spinning', 'conventional', 'baitcasting'],
    inches: [96, 156],
    powers: ['Medium', 'Medium Heavy', 'Heavy', 'Extra Heavy'],
  },
  boat: {
    reels: ['conventional', 'baitcasting'],
    inches: [60, 102],
    powers: ['Medium Heavy', 'Heavy', 'Extra Heavy'],
  },
  jigging: {
    reels: ['conventional', 'spinning'],
    inches: [60, 84],
    powers: ['Medium Heavy', 'Heavy', 'Extra Heavy'],
  },
  fly: { reels: ['fly'], inches: [72, 126], powers: [...ROD_POWER_RATINGS] },
};

/**
 * What a seller asks against the price new, by condition (the same bands the catalogue prices
 * by): new in box sells a little under retail, poor for parts or a project.
 */
const CONDITION_BANDS: Record<Condition, [number, number]> = {
  new: [0.8, 1],
  'like new': [0.65, 0.9],
  good: [0.5, 0.75],
  fair: [0.35, 0.6],
  poor: [0.2, 0.45],
};

/** What anything in a category costs new, at the outside: a sanity bound on every model. */
const CATEGORY_RETAIL: Record<string, [number, number]> = {
  rods: [35, 650],
  reels: [20, 1100],
  combo: [60, 1700],
  tackle: [12, 300],
  accessories: [20, 400],
};

const MILES_PER_RADIAN = 3958.8;
function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * MILES_PER_RADIAN * Math.asin(Math.sqrt(a));
}

const includesText = (haystack: string, needle: string | null) =>
  needle !== null && haystack.toLowerCase().includes(needle.toLowerCase());
const lengthInches = (l: Listing) => (l.rod_length_feet ?? 0) * 12 + (l.rod_length_inches ?? 0);
/** The reel model of a reel listing, or the reel half of a combo's "rod + reel" model. */
const reelModelOf = (l: Listing) => (l.category === 'combo' ? l.model?.split(' + ')[1] : l.model) ?? '';
const rodModelOf = (l: Listing) => (l.category === 'combo' ? l.model?.split(' + ')[0] : l.model) ?? '';
const rodKindOf = (l: Listing) =>
  Object.keys(ROD_KINDS).find((kind) => new RegExp(`\\b${kind}\\b`, 'i').test(l.title));
const hasGear = (l: Listing, gear: GearType) => l.gear_types.includes(gear);
const label = (l: Listing) => `${l.title} [${l.category}, ${l.condition}, $${l.price}]`;
const handoverOf = (l: Listing) => l.handover as HandoverMethod;
/** A rod (or a combo's rod) of 8 ft or longer that does not come apart (fly and travel rods do). */
const longOnePiece = (l: Listing) =>
  (l.category === 'rods' || l.category === 'combo') &&
  lengthInches(l) >= 96 &&
  rodKindOf(l) !== 'fly' &&
  !/\bTravel\b/.test(l.model ?? '');

let database: DatabaseHandle;
let dir: string;
let listings: Listing[];
let usernames: Map<string, string>;
let homes: Map<string, string>;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'castline-catalog-'));
  await seedDemoData(database.db, createLocalFileStorage(dir), pino({ level: 'silent' }));
  listings = await database.db.select().from(products);
  const people = await database.db.select().from(profiles);
  usernames = new Map(people.map((p) => [p.id, p.username]));
  homes = new Map(people.map((p) => [p.id, p.location ?? '']));
}, 60_000);
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('demo catalogue', () => {
  it('labels every reel and combo with its model’s real reel type and drag system', () => {
    const problems: string[] = [];
    for (const l of listings.filter((x) => x.category === 'reels' || x.category === 'combo')) {
      const name = `${l.reel_brand} ${reelModelOf(l)}`;
      const known = KNOWN_REELS[name];
      if (!known) {
        problems.push(`${label(l)}: unknown reel model "${name}"`);
        continue;
      }
      if (l.reel_type !== known.type)
        problems.push(`${label(l)}: ${name} is ${known.type}, not ${l.reel_type}`);
      if (l.reel_gear_ratio !== known.drag) {
        problems.push(`${label(l)}: ${name} has a ${known.drag} drag, not ${l.reel_gear_ratio}`);
      }
      for (const type of ['spinning', 'baitcasting', 'conventional', 'spincast'] as const) {
        if (type !== known.type && new RegExp(`\\b${type}\\b`, 'i').test(l.title)) {
          problems.push(`${label(l)}: the title says ${type}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps each listing’s details to its category and names brand and model in the title', () => {
    const problems: string[] = [];
    for (const l of listings) {
      const rod = l.rod_brand !== null || l.rod_power_rating !== null || l.rod_composition !== null;
      const reel = l.reel_brand !== null || l.reel_type !== null || l.reel_gear_ratio !== null;
      const wantRod = l.category === 'rods' || l.category === 'combo';
      const wantReel = l.category === 'reels' || l.category === 'combo';
      if (rod !== wantRod) problems.push(`${label(l)}: rod details ${rod ? 'present' : 'missing'}`);
      if (reel !== wantReel) problems.push(`${label(l)}: reel details ${reel ? 'present' : 'missing'}`);
      if (l.title.length > LISTING_TITLE_MAX) problems.push(`${label(l)}: title over ${LISTING_TITLE_MAX}`);
      if (!l.brand || !l.model) problems.push(`${label(l)}: brand or model missing`);
      if (!includesText(l.title, l.brand?.split(' / ')[0] ?? null)) {
        problems.push(`${label(l)}: brand "${l.brand}" not in the title`);
      }
      if (wantRod) {
        if (!includesText(l.title, l.rod_brand) || !includesText(l.title, rodModelOf(l))) {
          problems.push(`${label(l)}: rod brand or model not in the title`);
        }
        if (
          !(ROD_BRANDS as readonly string[]).includes(l.rod_brand!) &&
          !OTHER_ROD_BRANDS.includes(l.rod_brand!)
        ) {
          problems.push(
            `${label(l)}: rod brand "${l.rod_brand}" is neither on the list nor a known other brand`,
          );
        }
      }
      if (wantReel) {
        if (!includesText(l.title, l.reel_brand) || !includesText(l.title, reelModelOf(l))) {
          problems.push(`${label(l)}: reel brand or model not in the title`);
        }
        if (
          !(REEL_BRANDS as readonly string[]).includes(l.reel_brand!) &&
          !OTHER_REEL_BRANDS.includes(l.reel_brand!)
        ) {
          problems.push(
            `${label(l)}: reel brand "${l.reel_brand}" is neither on the list nor a known other brand`,
          );
        }
      }
      if (l.category === 'rods' || l.category === 'reels') {
        const brand = l.category === 'rods' ? l.rod_brand : l.reel_brand;
        if (l.brand !== brand)
          problems.push(`${label(l)}: brand "${l.brand}" but ${l.category} brand "${brand}"`);
      }
      if (l.category === 'combo') {
        const expected = l.rod_brand === l.reel_brand ? l.rod_brand : `${l.rod_brand} / ${l.reel_brand}`;
        if (l.brand !== expected)
          problems.push(`${label(l)}: combo brand "${l.brand}", expected "${expected}"`);
      }
      const ending = { rods: /\brod$/, reels: /\breel$/, combo: /\bcombo\b/ }[l.category as 'rods'];
      if (ending && !ending.test(l.title)) problems.push(`${label(l)}: the title does not say what it is`);
    }
    expect(problems).toEqual([]);
  });

  it('gives rods a length, power and material their kind of rod has', () => {
    const problems: string[] = [];
    for (const l of listings.filter((x) => x.category === 'rods' || x.category === 'combo')) {
      const kind = rodKindOf(l);
      if (!kind) {
        problems.push(`${label(l)}: the title does not say what kind of rod it is`);
        continue;
      }
      const rules = ROD_KINDS[kind]!;
      const inches = lengthInches(l);
      if (inches < rules.inches[0] || inches > rules.inches[1]) {
        problems.push(
          `${label(l)}: ${l.rod_length_feet}'${l.rod_length_inches}" is no length for a ${kind} rod`,
        );
      }
      if (!rules.powers.includes(l.rod_power_rating!)) {
        problems.push(`${label(l)}: ${l.rod_power_rating} is no power for a ${kind} rod`);
      }
      if (!(ROD_MATERIALS as readonly string[]).includes(l.rod_composition!)) {
        problems.push(`${label(l)}: material ${l.rod_composition}`);
      }
      if (l.rod_composition === 'bamboo' && kind !== 'fly')
        problems.push(`${label(l)}: a bamboo ${kind} rod`);
      if ((l.rod_length_inches ?? 0) > 11) problems.push(`${label(l)}: ${l.rod_length_inches} inches`);
      if (l.category === 'combo' && !rules.reels.includes(l.reel_type!)) {
        problems.push(`${label(l)}: a ${l.reel_type} reel on a ${kind} rod`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists gear for the water it is made for', () => {
    const problems: string[] = [];
    for (const l of listings) {
      // Rods, reels and combos are fly gear or not; waders or a sling pack are fly gear too.
      const rodOrReel = l.category === 'rods' || l.category === 'reels' || l.category === 'combo';
      const flyGear = rodOrReel
        ? l.reel_type === 'fly' || rodKindOf(l) === 'fly'
        : /\bfly\b|\bflies\b/i.test(l.title);
      if (flyGear && !hasGear(l, 'Fly Fishing'))
        problems.push(`${label(l)}: fly gear not listed for Fly Fishing`);
      if (rodOrReel && !flyGear && hasGear(l, 'Fly Fishing')) {
        problems.push(`${label(l)}: not fly gear but listed for Fly Fishing`);
      }
      const known =
        l.category === 'reels' || l.category === 'combo'
          ? KNOWN_REELS[`${l.reel_brand} ${reelModelOf(l)}`]
          : undefined;
      if (known?.water === 'salt' && !hasGear(l, 'Saltwater'))
        problems.push(`${label(l)}: a saltwater reel not listed for Saltwater`);
      if (known?.water === 'fresh' && !hasGear(l, 'Freshwater'))
        problems.push(`${label(l)}: a freshwater reel not listed for Freshwater`);
      if (/\bsaltwater\b|\bsurf\b|\boffshore\b|\bbucktail/i.test(l.title) && !hasGear(l, 'Saltwater')) {
        problems.push(`${label(l)}: saltwater gear not listed for Saltwater`);
      }
      if (
        /\bice fishing\b|\btrout\b|\bwalleye\b|\bcrappie\b|\bsteelhead\b/i.test(l.title) &&
        !hasGear(l, 'Freshwater')
      ) {
        problems.push(`${label(l)}: freshwater gear not listed for Freshwater`);
      }
      if (!hasGear(l, 'Freshwater') && /\b(lake|walleye|trout|crappie|pond)\b/i.test(l.description)) {
        problems.push(
          `${label(l)}: a ${l.gear_types.join('/')} listing whose description speaks of fresh water`,
        );
      }
      if (!hasGear(l, 'Saltwater') && /\b(surf|inshore|offshore|boat)\b/i.test(l.description)) {
        problems.push(
          `${label(l)}: a ${l.gear_types.join('/')} listing whose description speaks of salt water`,
        );
      }
      if (
        (l.reel_type === 'fly' || l.reel_type === 'spincast') &&
        /\bbraid\b|line clip/i.test(l.description)
      ) {
        problems.push(`${label(l)}: a ${l.reel_type} reel described with braid or a line clip`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes gear as its condition has it: nothing new has been used', () => {
    const used =
      /(?<!never )\b(fished|used)\b|\bwear\b|scuff|scratch|\bmarks\b|repair|broken|cracked|service/i;
    const problems = listings
      .filter((l) => l.condition === 'new' && used.test(l.description))
      .map((l) => `${label(l)}: "${l.description}"`);
    expect(problems).toEqual([]);
  });

  it('prices in whole dollars within the range of the model, its category and its condition', () => {
    const problems: string[] = [];
    for (const l of listings) {
      if (!Number.isInteger(l.price) || l.price < 1) problems.push(`${label(l)}: not a whole-dollar price`);
      const [cheap, dear] = CONDITION_BANDS[l.condition as Condition];
      const [low, high] = CATEGORY_RETAIL[l.category]!;
      if (l.price < Math.floor(low * cheap) || l.price > Math.ceil(high * dear)) {
        problems.push(`${label(l)}: outside $${Math.floor(low * cheap)}–$${Math.ceil(high * dear)}`);
      }
      const retail = demoRetailRange(l);
      if (!retail) {
        problems.push(`${label(l)}: no price new for "${l.brand} ${l.model}"`);
        continue;
      }
      if (retail[0] < low || retail[1] > high) problems.push(`${label(l)}: new at $${retail.join('–')}?`);
      const [least, most] = [Math.ceil(retail[0] * cheap), Math.floor(retail[1] * dear)];
      if (l.price < least || l.price > most) problems.push(`${label(l)}: outside $${least}–$${most}`);
    }
    expect(problems).toEqual([]);
  });

  it('places every listing where its location text says: the seller’s home town', () => {
    const places = createOfflinePlacesProvider();
    const problems: string[] = [];
    for (const l of listings) {
      const found = places.geocode(l.location);
      if (!found) {
        problems.push(`${label(l)}: the gazetteer does not know "${l.location}"`);
        continue;
      }
      const miles = milesBetween(found.lat, found.lng, l.location_lat!, l.location_lng!);
      if (miles > 10)
        problems.push(`${label(l)}: "${l.location}" is ${Math.round(miles)} miles from its coordinates`);
      const home = homes.get(l.seller_id)!;
      if (!l.location.startsWith(`${home},`)) {
        problems.push(`${label(l)}: listed in "${l.location}" by ${usernames.get(l.seller_id)} of ${home}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('makes offers and counters a buyer would make on those prices, and tells them right', async () => {
    const db = database.db;
    const byId = new Map(listings.map((l) => [l.id, l]));
    const allOffers = await db.select().from(offers);
    const offerNotes = (await db.select().from(notifications)).filter((n) => n.type.startsWith('OFFER_'));
    expect(allOffers.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const offer of allOffers) {
      const l = byId.get(offer.product_id)!;
      const what = `${offer.status} offer of $${offer.amount} on ${label(l)}`;
      if (!Number.isInteger(offer.amount)) problems.push(`${what}: not whole dollars`);
      if (offer.amount >= l.price || offer.amount < l.price * 0.45)
        problems.push(`${what}: not a plausible offer`);
      if (/shipping/i.test(`${offer.note ?? ''} ${offer.counter_note ?? ''}`) && !ships(handoverOf(l))) {
        problems.push(`${what}: speaks of shipping, but the listing does not ship`);
      }
      if (offer.counter_amount !== null) {
        if (!Number.isInteger(offer.counter_amount)) problems.push(`${what}: counter not whole dollars`);
        if (offer.counter_amount <= offer.amount || offer.counter_amount >= l.price) {
          problems.push(`${what}: counter of $${offer.counter_amount} not between offer and price`);
        }
      }
      for (const note of offerNotes.filter((n) => (n.data as { offerId?: string }).offerId === offer.id)) {
        const data = note.data as { amount: number; productName: string };
        const amount = note.type === 'OFFER_COUNTERED' ? offer.counter_amount : offer.amount;
        if (data.amount !== amount || data.productName !== l.title) {
          problems.push(`${what}: ${note.type} tells $${data.amount} for "${data.productName}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('saves alerts whose names say what they filter, each with matches among the demo listings', async () => {
    const db = database.db;
    const alerts = await db.select().from(productAlerts);
    const matches = await db.select().from(alertNotifications);
    const byId = new Map(listings.map((l) => [l.id, l]));
    const problems: string[] = [];
    for (const alert of alerts) {
      const under = /under \$(\d+)/.exec(alert.name);
      if (under && alert.price_max !== Number(under[1]))
        problems.push(`${alert.name}: price_max ${alert.price_max}`);
      const mine = matches.filter((m) => m.alert_id === alert.id).map((m) => byId.get(m.product_id)!);
      if (alert.is_active && mine.length === 0) problems.push(`${alert.name}: no demo listing matches`);
      for (const l of mine) {
        if (alert.price_max !== null && l.price > alert.price_max)
          problems.push(`${alert.name}: ${label(l)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('talks about listings that fit the conversation', async () => {
    const db = database.db;
    const all = await db.select().from(messages);
    const byId = new Map(listings.map((l) => [l.id, l]));
    const pair = (m: (typeof all)[number]) => [m.sender_id, m.recipient_id].sort().join(':');
    const listingOfPair = new Map(
      all.filter((m) => m.product_id).map((m) => [pair(m), byId.get(m.product_id!)!]),
    );
    const problems: string[] = [];
    for (const m of all) {
      const l = listingOfPair.get(pair(m));
      if (!l) continue;
      if (![m.sender_id, m.recipient_id].includes(l.seller_id)) {
        problems.push(`"${m.content}": about ${label(l)} of neither of them`);
      }
      if (
        /drag washers|spool and handle/.test(m.content) &&
        l.category !== 'reels' &&
        l.category !== 'combo'
      ) {
        problems.push(`"${m.content}": about ${label(l)}, not a reel`);
      }
      if (/stripers off the beach/.test(m.content) && l.category !== 'rods' && l.category !== 'combo') {
        problems.push(`"${m.content}": about ${label(l)}, not a rod`);
      }
      if (/Davidson/.test(m.content) && !hasGear(l, 'Freshwater') && !hasGear(l, 'Fly Fishing')) {
        problems.push(`"${m.content}": about ${label(l)}, not trout-stream gear`);
      }
      if (/handful of times/.test(m.content) && l.condition !== 'new' && l.condition !== 'like new') {
        problems.push(`"${m.content}": about ${label(l)}, not nearly new`);
      }
      if (/few seasons/.test(m.content) && (l.condition === 'new' || l.condition === 'like new')) {
        problems.push(`"${m.content}": about ${label(l)}, nearly new`);
      }
      if (/Bluefin/.test(m.content) && !hasGear(l, 'Saltwater')) {
        problems.push(`"${m.content}": about ${label(l)}, not saltwater gear`);
      }
      if (/\bship\b|\bshipping\b/i.test(m.content) && !ships(handoverOf(l))) {
        problems.push(`"${m.content}": about ${label(l)}, which does not ship`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives the listings every kind of terms: pickup, shipping or both, free and paid shipping, firm prices, returns', () => {
    const kinds = new Map<string, number>();
    const count = (kind: string, when: boolean) => kinds.set(kind, (kinds.get(kind) ?? 0) + (when ? 1 : 0));
    for (const l of listings) {
      count('pickup only', l.handover === 'pickup');
      count('shipping only', l.handover === 'shipping');
      count('pickup or shipping', l.handover === 'both');
      count('free shipping', l.shipping_price === 0);
      count('paid shipping', l.shipping_price !== null && l.shipping_price > 0);
      count('no offers', !l.accepts_offers);
      for (const days of RETURN_WINDOW_OPTIONS)
        count(`returns in ${days} days`, l.return_window_days === days);
    }
    expect([...kinds].filter(([, n]) => n === 0).map(([kind]) => kind)).toEqual([]);
    // Most sellers take offers and most do not take returns.
    expect(kinds.get('no offers')!).toBeLessThan(listings.length / 4);
    const returns = RETURN_WINDOW_OPTIONS.reduce((n, days) => n + kinds.get(`returns in ${days} days`)!, 0);
    expect(returns).toBeLessThan(listings.length / 4);
  });

  it('fills the shipping details exactly when a listing ships, and return windows exactly when it takes returns', () => {
    const problems: string[] = [];
    for (const l of listings) {
      const shipped = ships(handoverOf(l));
      const what = `${label(l)} (${l.handover})`;
      if ((l.shipping_price !== null) !== shipped)
        problems.push(`${what}: shipping price ${l.shipping_price}`);
      if ((l.ships_from !== null) !== shipped) problems.push(`${what}: ships from ${l.ships_from}`);
      if ((l.handling_days !== null) !== shipped) problems.push(`${what}: handling ${l.handling_days} days`);
      if (shipped && l.ships_from !== l.location) {
        problems.push(`${what}: ships from "${l.ships_from}", listed in "${l.location}"`);
      }
      if (
        l.handling_days !== null &&
        !(HANDLING_DAYS_OPTIONS as readonly number[]).includes(l.handling_days)
      ) {
        problems.push(`${what}: ${l.handling_days} handling days`);
      }
      // Free, or priced as carriers' rates are passed on: $5.99, $12.99, …
      const cents = l.shipping_price === null ? null : Math.round(l.shipping_price * 100);
      if (cents !== null && (cents > SHIPPING_PRICE_MAX * 100 || (cents !== 0 && cents % 100 !== 99))) {
        problems.push(`${what}: shipping $${l.shipping_price}`);
      }
      if ((l.return_window_days !== null) !== l.returns_accepted) {
        problems.push(`${what}: returns ${l.returns_accepted} within ${l.return_window_days} days`);
      }
      if (
        l.return_window_days !== null &&
        !(RETURN_WINDOW_OPTIONS as readonly number[]).includes(l.return_window_days)
      ) {
        problems.push(`${what}: a ${l.return_window_days}-day return window`);
      }
      const tag = termsTag({ handover: handoverOf(l), shipping_price: l.shipping_price });
      if ((tag === 'Pickup only') !== (l.handover === 'pickup') || (tag === 'Free shipping' && !shipped)) {
        problems.push(`${what}: shown as "${tag}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives terms that suit the gear, the seller and what the description says', () => {
    const problems: string[] = [];
    for (const l of listings) {
      const what = `${label(l)} (${l.handover}, shipping ${l.shipping_price})`;
      if (/ship at your cost/.test(l.description) && (l.handover !== 'both' || !l.shipping_price)) {
        problems.push(`${what}: the description offers pickup or shipping at the buyer's cost`);
      }
      if (/Local pickup in .* only/.test(l.description) && l.handover !== 'pickup') {
        problems.push(`${what}: the description says local pickup only`);
      }
      if (/offers considered/i.test(l.description) && !l.accepts_offers) {
        problems.push(`${what}: the description welcomes offers, the listing takes none`);
      }
      if (/sold as is/i.test(l.description) && l.returns_accepted) {
        problems.push(`${what}: sold as is, yet returns are accepted`);
      }
      if (l.returns_accepted && !ships(handoverOf(l)))
        problems.push(`${what}: returns on gear that does not ship`);
      if (l.shipping_price === 0 && l.price < 150) problems.push(`${what}: free shipping on cheap gear`);
      if (longOnePiece(l) && l.handover === 'shipping') {
        problems.push(`${what}: a long one-piece rod that cannot be picked up`);
      }
      if (longOnePiece(l) && l.shipping_price !== null && l.shipping_price > 0 && l.shipping_price < 30) {
        problems.push(`${what}: a long one-piece rod ships for little`);
      }
      if (l.category === 'tackle' && l.shipping_price !== null && l.shipping_price > 14.99) {
        problems.push(`${what}: tackle that costs more than $14.99 to ship`);
      }
    }
    const longRods = listings.filter(longOnePiece);
    expect(longRods.filter((l) => l.handover === 'pickup').length).toBeGreaterThan(longRods.length / 2);
    const smallGear = listings.filter((l) => l.category === 'reels' || l.category === 'tackle');
    expect(smallGear.filter((l) => ships(handoverOf(l))).length).toBeGreaterThan(smallGear.length * 0.75);
    // A few sellers only hand gear over at home, across all their listings.
    const sellers = new Set(listings.map((l) => l.seller_id));
    const pickupOnly = [...sellers].filter((id) =>
      listings.filter((l) => l.seller_id === id).every((l) => l.handover === 'pickup'),
    );
    expect(pickupOnly.length).toBeGreaterThanOrEqual(2);
    expect(pickupOnly.length).toBeLessThan(sellers.size / 4);
    expect(problems).toEqual([]);
  });

  it('puts no offer on a listing whose seller takes none', async () => {
    const byId = new Map(listings.map((l) => [l.id, l]));
    const allOffers = await database.db.select().from(offers);
    const problems = allOffers
      .map((offer) => byId.get(offer.product_id)!)
      .filter((l) => !l.accepts_offers)
      .map((l) => `an offer on ${label(l)}, which takes none`);
    expect(problems).toEqual([]);
  });

  it('reports a price too good to be true on new gear that asks little against its price new', async () => {
    const reports = await database.db.select().from(moderationQueue);
    const aboutPrice = reports.filter((r) => r.entity_type === 'product' && /price/i.test(r.reason ?? ''));
    expect(aboutPrice.length).toBeGreaterThan(0);
    const share = (l: Listing) => {
      const retail = demoRetailRange(l)!;
      return l.price / ((retail[0] + retail[1]) / 2);
    };
    const newShares = listings
      .filter((l) => l.condition === 'new')
      .map(share)
      .sort((a, b) => a - b);
    const median = newShares[Math.floor(newShares.length / 2)]!;
    const problems: string[] = [];
    for (const report of aboutPrice) {
      const l = listings.find((x) => x.id === report.entity_id)!;
      if (l.condition !== 'new' || share(l) > median) {
        problems.push(`"${report.reason}": about ${label(l)}, asking ${Math.round(share(l) * 100)}% of new`);
      }
    }
    expect(problems).toEqual([]);
  });
});
