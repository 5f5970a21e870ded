import type {
  Category,
  Condition,
  DragSystem,
  GearType,
  ReelType,
  RodMaterial,
  RodPowerRating,
} from '@castline/shared';

/** A small deterministic generator: the same demo catalogue on every machine. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/**
 * US places spread over the country (city, lat, lng). The demo listings are listed from their
 * sellers' home towns (HOME_COORDINATES); the benchmarks spread their generated listings over these.
 */
export const DEMO_PLACES: readonly [string, number, number][] = [
  ['Austin, TX, USA', 30.2672, -97.7431],
  ['Dallas, TX, USA', 32.7767, -96.797],
  ['Houston, TX, USA', 29.7604, -95.3698],
  ['Corpus Christi, TX, USA', 27.8006, -97.3964],
  ['Tampa, FL, USA', 27.9506, -82.4572],
  ['Miami, FL, USA', 25.7617, -80.1918],
  ['Key West, FL, USA', 24.5551, -81.78],
  ['Jacksonville, FL, USA', 30.3322, -81.6557],
  ['Charleston, SC, USA', 32.7765, -79.9311],
  ['Nags Head, NC, USA', 35.9574, -75.6241],
  ['Annapolis, MD, USA', 38.9784, -76.4922],
  ['Montauk, NY, USA', 41.0359, -71.9545],
  ['Boston, MA, USA', 42.3601, -71.0589],
  ['Portland, ME, USA', 43.6591, -70.2568],
  ['Burlington, VT, USA', 44.4759, -73.2121],
  ['Pittsburgh, PA, USA', 40.4406, -79.9959],
  ['Cleveland, OH, USA', 41.4993, -81.6944],
  ['Detroit, MI, USA', 42.3314, -83.0458],
  ['Traverse City, MI, USA', 44.7631, -85.6206],
  ['Chicago, IL, USA', 41.8781, -87.6298],
  ['Madison, WI, USA', 43.0731, -89.4012],
  ['Minneapolis, MN, USA', 44.9778, -93.265],
  ['Duluth, MN, USA', 46.7867, -92.1005],
  ['St. Louis, MO, USA', 38.627, -90.1994],
  ['Nashville, TN, USA', 36.1627, -86.7816],
  ['Lake Ozark, MO, USA', 38.1987, -92.6388],
  ['New Orleans, LA, USA', 29.9511, -90.0715],
  ['Oklahoma City, OK, USA', 35.4676, -97.5164],
  ['Denver, CO, USA', 39.7392, -104.9903],
  ['Bozeman, MT, USA', 45.677, -111.0429],
  ['Missoula, MT, USA', 46.8721, -113.994],
  ['Jackson, WY, USA', 43.4799, -110.7624],
  ['Boise, ID, USA', 43.615, -116.2023],
  ['Salt Lake City, UT, USA', 40.7608, -111.891],
  ['Phoenix, AZ, USA', 33.4484, -112.074],
  ['San Diego, CA, USA', 32.7157, -117.1611],
  ['Los Angeles, CA, USA', 34.0522, -118.2437],
  ['Monterey, CA, USA', 36.6002, -121.8947],
  ['San Francisco, CA, USA', 37.7749, -122.4194],
  ['Redding, CA, USA', 40.5865, -122.3917],
  ['Bend, OR, USA', 44.0582, -121.3153],
  ['Portland, OR, USA', 45.5152, -122.6784],
  ['Seattle, WA, USA', 47.6062, -122.3321],
  ['Anchorage, AK, USA', 61.2181, -149.9003],
  ['Kenai, AK, USA', 60.5544, -151.2583],
  ['Honolulu, HI, USA', 21.3069, -157.8583],
];

/**
 * The demo members' home towns (their profile location) with the point the places gazetteer
 * gives them: a member lists gear from home, as "Miami, FL, USA" at that point.
 */
const HOME_COORDINATES: Record<string, [number, number]> = {
  'Portland, OR': [45.5235, -122.6762],
  'Tampa, FL': [27.9475, -82.4584],
  'Denver, CO': [39.7392, -104.9847],
  'Nantucket, MA': [41.2835, -70.0995],
  'Bozeman, MT': [45.6797, -111.0386],
  'Austin, TX': [30.2672, -97.7431],
  'San Diego, CA': [32.7157, -117.1647],
  'Asheville, NC': [35.601, -82.554],
  'Miami, FL': [25.7743, -80.1937],
  'Duluth, MN': [46.7833, -92.1066],
  'Nags Head, NC': [35.9574, -75.6241],
  'Madison, WI': [43.0731, -89.4012],
  'Memphis, TN': [35.1495, -90.049],
  'Key West, FL': [24.5552, -81.7816],
  'Seattle, WA': [47.6062, -122.3321],
  'Tulsa, OK': [36.154, -95.9928],
  'Hayward, WI': [46.013, -91.4846],
  'New Orleans, LA': [29.9547, -90.0751],
  'Naples, FL': [26.1423, -81.796],
  'Homer, AK': [59.6425, -151.5494],
  'Chicago, IL': [41.85, -87.65],
  'Gloucester, MA': [42.6141, -70.6631],
  'Columbus, OH': [39.9612, -82.9988],
  'Montauk, NY': [41.0359, -71.9545],
  'Honolulu, HI': [21.3069, -157.8583],
  'Fairbanks, AK': [64.8378, -147.7164],
  'Galveston, TX': [29.3014, -94.7977],
  'Erie, PA': [42.1292, -80.0851],
  'Islamorada, FL': [24.9243, -80.6278],
  'Sacramento, CA': [38.5816, -121.4944],
  'Portland, ME': [43.6574, -70.2589],
};

/** What a seller fishes for; every seller also sells some general gear. */
type Interest =
  'general' | 'freshwater' | 'ice' | 'fly' | 'inshore' | 'surf' | 'offshore' | 'custom' | 'vintage';

const F: GearType = 'Freshwater';
const S: GearType = 'Saltwater';
const FLY: GearType = 'Fly Fishing';

/**
 * A seller's fishing: what they are likely to have for sale, and the waters they fish (gear that
 * suits several waters is listed for theirs).
 */
interface Fishing {
  interests: Interest[];
  waters: GearType[];
}
const fishing = (interests: Interest[], waters: GearType[]): Fishing => ({ interests, waters });

/** The demo sellers' fishing, from their bios and home towns. */
const SELLER_FISHING: Record<string, Fishing> = {
  landlubber: fishing(['general'], [F]),
  captain_ahab: fishing(['offshore', 'surf', 'inshore'], [S]),
  flyfisher_fran: fishing(['fly'], [FLY, F]),
  bassmaster_ben: fishing(['freshwater'], [F]),
  salty_sue: fishing(['inshore', 'offshore'], [S]),
  troutbum: fishing(['fly'], [FLY, F]),
  reel_rita: fishing(['offshore', 'inshore', 'surf', 'vintage'], [S]),
  walleye_will: fishing(['freshwater', 'ice'], [F]),
  surfcaster: fishing(['surf', 'inshore'], [S]),
  pike_patrol: fishing(['freshwater', 'ice'], [F]),
  catfish_carl: fishing(['freshwater'], [F]),
  tarpon_tess: fishing(['fly', 'inshore'], [FLY, S]),
  steelhead_sam: fishing(['fly', 'freshwater'], [FLY, F]),
  crappie_kim: fishing(['freshwater'], [F]),
  musky_mike: fishing(['freshwater', 'ice'], [F]),
  redfish_ray: fishing(['inshore'], [S]),
  snook_sara: fishing(['inshore', 'fly'], [S, FLY]),
  halibut_hank: fishing(['offshore'], [S]),
  carp_whisperer: fishing(['fly', 'freshwater'], [FLY, F]),
  tuna_tom: fishing(['offshore'], [S]),
  bluegill_bea: fishing(['freshwater', 'general'], [F]),
  striper_steve: fishing(['surf', 'inshore'], [S]),
  kayak_kai: fishing(['inshore', 'offshore'], [S]),
  grayling_gus: fishing(['fly', 'ice'], [FLY, F]),
  snapper_shay: fishing(['offshore', 'inshore'], [S]),
  perch_paula: fishing(['freshwater', 'ice'], [F]),
  bonefish_bo: fishing(['fly', 'inshore'], [FLY, S]),
  rodbuilder_rob: fishing(['custom', 'freshwater', 'inshore'], [F, S]),
  mackerel_mo: fishing(['inshore', 'surf'], [S]),
  sturgeon_stella: fishing(['freshwater'], [F]),
};
const ANY_FISHING = fishing(['general'], []);

/**
 * How a seller deals, from their bios: shops (a reel restorer, a rod builder, a flats guide and
 * a fly-fishing guide) ship fast and take returns; a few members only hand gear over at home.
 */
export const DEMO_SHOP_SELLERS: ReadonlySet<string> = new Set([
  'reel_rita',
  'rodbuilder_rob',
  'bonefish_bo',
  'tarpon_tess',
]);
export const DEMO_PICKUP_ONLY_SELLERS: ReadonlySet<string> = new Set([
  'landlubber',
  'catfish_carl',
  'halibut_hank',
]);
/** How often a seller lists general gear although something closer to their fishing exists. */
const GENERAL_SHARE = 0.12;

/** The waters a piece of gear is listed for: each entry is a gear-type choice a seller could make. */
type Water = 'fresh' | 'salt' | 'salty' | 'any' | 'fly' | 'flyfresh' | 'flysalt' | 'flyany';
const GEAR_CHOICES: Record<Water, GearType[][]> = {
  fresh: [['Freshwater']],
  salt: [['Saltwater']],
  /** Saltwater gear that is at home on big fresh water too (stripers in reservoirs). */
  salty: [['Saltwater'], ['Freshwater', 'Saltwater']],
  any: [['Freshwater', 'Saltwater'], ['Freshwater'], ['Saltwater']],
  fly: [['Fly Fishing'], ['Fly Fishing', 'Freshwater']],
  flyfresh: [['Fly Fishing', 'Freshwater']],
  flysalt: [['Fly Fishing', 'Saltwater']],
  flyany: [['Fly Fishing', 'Saltwater'], ['Fly Fishing'], ['Fly Fishing', 'Freshwater']],
};

/** Light: trout and panfish; medium: bass, walleye and inshore; heavy: surf, offshore, musky and catfish. */
export type Size = 'light' | 'medium' | 'heavy';
/** How a rod is sold; fixes the reels it takes in a combo. */
type RodKind = 'spinning' | 'casting' | 'surf' | 'boat' | 'jigging' | 'fly';
const REELS_FOR_ROD: Record<RodKind, ReelType[]> = {
  spinning: ['spinning'],
  casting: ['baitcasting'],
  surf: ['spinning', 'baitcasting'],
  boat: ['conventional', 'baitcasting'],
  jigging: ['conventional', 'spinning'],
  fly: ['fly'],
};
/** What a rod is for, which picks its description. */
type RodUse = 'trout' | 'bass' | 'big' | 'inshore' | 'surf' | 'offshore' | 'versatile' | 'fly' | 'custom';

interface RodLine {
  brand: string;
  model: string;
  kind: RodKind;
  size: Size;
  /** Lengths it is made in, in inches. */
  lengths: number[];
  /** Powers it is made in; fly rods give line weights instead. */
  powers: RodPowerRating[];
  weights?: number[];
  material: RodMaterial;
  water: Water;
  /** Price new, USD. */
  retail: [number, number];
  tags: Interest[];
  use: RodUse;
}

interface ReelModel {
  brand: string;
  model: string;
  type: ReelType;
  drag: DragSystem;
  size: Size;
  water: Water;
  retail: [number, number];
  tags: Interest[];
}

interface GearItem {
  brand: string;
  model: string;
  title: string;
  note: string;
  water: Water;
  retail: [number, number];
  tags: Interest[];
}

const UL: RodPowerRating = 'Ultra Light';
const L: RodPowerRating = 'Light';
const ML: RodPowerRating = 'Medium Light';
const M: RodPowerRating = 'Medium';
const MH: RodPowerRating = 'Medium Heavy';
const H: RodPowerRating = 'Heavy';
const XH: RodPowerRating = 'Extra Heavy';

const rod = (
  brand: string,
  model: string,
  kind: RodKind,
  size: Size,
  lengths: number[],
  powers: RodPowerRating[],
  material: RodMaterial,
  water: Water,
  retail: [number, number],
  tags: Interest[],
  use: RodUse,
): RodLine => ({ brand, model, kind, size, lengths, powers, material, water, retail, tags, use });
const flyRod = (
  brand: string,
  model: string,
  size: Size,
  lengths: number[],
  weights: number[],
  water: Water,
  retail: [number, number],
): RodLine => ({
  ...rod(brand, model, 'fly', size, lengths, [], 'graphite', water, retail, ['fly'], 'fly'),
  weights,
});

/**
 * Rod lines as their makers sell them (brands of the spec's list, plus Orvis and Redington fly
 * rods as 'Other' brands), with the lengths, powers and blank material each line comes in and
 * its street price new in 2025.
 */
// prettier-ignore
const RODS: RodLine[] = [
  rod('St. Croix', 'Premier', 'spinning', 'light', [66, 72, 78], [UL, L, ML], 'graphite', 'fresh', [100, 130], ['freshwater'], 'trout'),
  rod('St. Croix', 'Triumph', 'spinning', 'light', [66, 72, 78], [L, ML], 'graphite', 'fresh', [90, 120], ['freshwater', 'general'], 'trout'),
  rod('St. Croix', 'Mojo Bass', 'spinning', 'medium', [80, 82, 84], [ML, M, MH], 'graphite', 'fresh', [130, 170], ['freshwater'], 'bass'),
  rod('St. Croix', 'Mojo Bass', 'casting', 'medium', [82, 84, 85, 88], [M, MH, H], 'graphite', 'fresh', [130, 170], ['freshwater'], 'bass'),
  rod('St. Croix', 'Legend Tournament Bass', 'casting', 'medium', [84, 85, 88, 90], [M, MH, H], 'graphite', 'fresh', [360, 430], ['freshwater'], 'bass'),
  rod('St. Croix', 'Avid', 'spinning', 'medium', [72, 78, 84], [ML, M, MH], 'graphite', 'fresh', [200, 260], ['freshwater'], 'bass'),
  rod('St. Croix', 'Mojo Musky', 'casting', 'heavy', [96, 102, 108], [H, XH], 'graphite', 'fresh', [190, 240], ['freshwater'], 'big'),
  rod('St. Croix', 'Mojo Inshore', 'spinning', 'medium', [84, 90], [M, MH], 'graphite', 'salt', [150, 190], ['inshore'], 'inshore'),
  rod('St. Croix', 'Mojo Surf', 'surf', 'heavy', [108, 120, 132], [M, MH, H], 'graphite', 'salt', [170, 220], ['surf'], 'surf'),
  rod('Ugly Stik', 'GX2', 'spinning', 'light', [66, 72], [UL, L, ML], 'composite', 'any', [40, 60], ['general'], 'versatile'),
  rod('Ugly Stik', 'GX2', 'spinning', 'medium', [78, 84], [M, MH], 'composite', 'any', [40, 60], ['general'], 'versatile'),
  rod('Ugly Stik', 'GX2', 'casting', 'medium', [78, 84], [M, MH], 'composite', 'fresh', [40, 60], ['general', 'freshwater'], 'bass'),
  rod('Ugly Stik', 'Elite', 'spinning', 'medium', [78, 84, 90], [M, MH], 'composite', 'any', [60, 80], ['general'], 'versatile'),
  rod('Ugly Stik', 'Carbon', 'spinning', 'light', [72, 78], [L, ML], 'carbon_fiber', 'fresh', [80, 110], ['freshwater'], 'trout'),
  rod('Ugly Stik', 'Catfish Special', 'casting', 'heavy', [84, 90], [MH, H], 'fiberglass', 'fresh', [45, 65], ['freshwater'], 'big'),
  rod('Ugly Stik', 'Bigwater', 'surf', 'heavy', [96, 108, 120], [M, MH, H], 'composite', 'salt', [55, 90], ['surf'], 'surf'),
  rod('Ugly Stik', 'Tiger Elite', 'boat', 'heavy', [66, 72, 78], [MH, H, XH], 'composite', 'salt', [70, 90], ['offshore'], 'offshore'),
  rod('Shimano', 'SLX', 'casting', 'medium', [82, 84, 86], [M, MH, H], 'graphite', 'fresh', [100, 130], ['freshwater'], 'bass'),
  rod('Shimano', 'Curado', 'casting', 'medium', [82, 84, 89], [M, MH, H], 'graphite', 'fresh', [170, 210], ['freshwater'], 'bass'),
  rod('Shimano', 'Zodias', 'casting', 'medium', [82, 84, 86], [M, MH, H], 'carbon_fiber', 'fresh', [230, 280], ['freshwater'], 'bass'),
  rod('Shimano', 'Teramar', 'spinning', 'medium', [78, 84, 90], [M, MH], 'graphite', 'salt', [150, 200], ['inshore'], 'inshore'),
  rod('Shimano', 'Trevala', 'jigging', 'heavy', [68, 72, 78], [MH, H, XH], 'graphite', 'salt', [150, 200], ['offshore'], 'offshore'),
  rod('Daiwa', 'Tatula', 'casting', 'medium', [82, 84, 88], [M, MH, H], 'graphite', 'fresh', [140, 170], ['freshwater'], 'bass'),
  rod('Daiwa', 'Kage', 'spinning', 'medium', [75, 80, 84], [ML, M, MH], 'graphite', 'fresh', [130, 160], ['freshwater'], 'bass'),
  rod('Daiwa', 'Proteus', 'spinning', 'medium', [84, 90], [M, MH], 'graphite', 'salt', [170, 220], ['inshore'], 'inshore'),
  rod('Daiwa', 'Saltiga', 'boat', 'heavy', [66, 72, 78], [H, XH], 'carbon_fiber', 'salt', [400, 600], ['offshore'], 'offshore'),
  rod('Abu Garcia', 'Veritas', 'casting', 'medium', [78, 84, 86], [M, MH, H], 'graphite', 'fresh', [100, 130], ['freshwater'], 'bass'),
  rod('Abu Garcia', 'Vendetta', 'spinning', 'medium', [78, 84], [ML, M, MH], 'graphite', 'fresh', [80, 110], ['freshwater'], 'bass'),
  rod('Abu Garcia', 'Fantasista', 'casting', 'medium', [84, 86, 90], [MH, H], 'carbon_fiber', 'fresh', [220, 300], ['freshwater'], 'bass'),
  rod('Abu Garcia', 'Ike Signature', 'casting', 'medium', [84, 86], [M, MH, H], 'graphite', 'fresh', [80, 110], ['freshwater'], 'bass'),
  rod('Fenwick', 'HMG', 'spinning', 'light', [66, 72, 78], [UL, L, ML], 'graphite', 'fresh', [100, 130], ['freshwater'], 'trout'),
  rod('Fenwick', 'Eagle', 'spinning', 'light', [66, 72, 78], [L, ML], 'graphite', 'fresh', [50, 80], ['freshwater', 'general'], 'trout'),
  rod('Fenwick', 'Elite Tech', 'spinning', 'medium', [72, 78, 84], [ML, M, MH], 'graphite', 'fresh', [140, 180], ['freshwater'], 'bass'),
  rod('Fenwick', 'World Class', 'casting', 'medium', [84, 86, 90], [M, MH, H], 'graphite', 'fresh', [140, 190], ['freshwater'], 'bass'),
  flyRod('Fenwick', 'AETOS', 'light', [102, 108], [4, 5, 6], 'fly', [150, 190]),
  flyRod('Fenwick', 'AETOS', 'heavy', [108], [7, 8, 9], 'flyany', [150, 190]),
  rod('Penn', 'Battalion II', 'spinning', 'medium', [84, 90], [M, MH], 'graphite', 'salt', [140, 200], ['inshore'], 'inshore'),
  rod('Penn', 'Prevail III', 'surf', 'heavy', [108, 120, 132], [M, MH, H], 'composite', 'salt', [70, 110], ['surf'], 'surf'),
  rod('Penn', 'Carnage III', 'boat', 'heavy', [66, 72, 78], [MH, H, XH], 'carbon_fiber', 'salt', [200, 300], ['offshore'], 'offshore'),
  rod('Penn', 'Rampage', 'boat', 'heavy', [66, 72], [H, XH], 'fiberglass', 'salt', [70, 110], ['offshore'], 'offshore'),
  rod('Okuma', 'Celilo', 'spinning', 'light', [66, 72, 78, 102], [UL, L, ML], 'graphite', 'fresh', [50, 80], ['freshwater'], 'trout'),
  rod('Okuma', 'SST', 'spinning', 'medium', [78, 84], [M, MH], 'carbon_fiber', 'fresh', [80, 120], ['freshwater'], 'bass'),
  rod('Okuma', 'Nomad Travel', 'spinning', 'medium', [84, 90, 96], [M, MH], 'graphite', 'any', [130, 180], ['inshore', 'general'], 'versatile'),
  rod('Okuma', 'Cedros', 'jigging', 'heavy', [66, 72], [MH, H, XH], 'graphite', 'salt', [130, 180], ['offshore'], 'offshore'),
  rod('Phenix', 'Feather', 'casting', 'medium', [82, 84, 86], [M, MH, H], 'graphite', 'fresh', [180, 230], ['freshwater'], 'bass'),
  rod('Phenix', 'Black Diamond', 'spinning', 'medium', [84, 90, 96], [M, MH], 'graphite', 'any', [170, 260], ['inshore'], 'versatile'),
  rod('Phenix', 'Axis', 'boat', 'heavy', [72, 78, 84], [MH, H, XH], 'composite', 'salt', [180, 260], ['offshore'], 'offshore'),
  rod('Calstar', 'Grafighter', 'boat', 'heavy', [78, 84, 90], [H, XH], 'composite', 'salt', [260, 360], ['offshore'], 'offshore'),
  rod('Calstar', 'West Coaster', 'boat', 'heavy', [84, 96, 102], [MH, H], 'composite', 'salt', [250, 340], ['offshore'], 'offshore'),
  rod('Seeker', 'Black Steel', 'boat', 'heavy', [78, 84, 90], [H, XH], 'fiberglass', 'salt', [240, 320], ['offshore'], 'offshore'),
  rod('Seeker', 'Hercules', 'boat', 'heavy', [72, 78], [H, XH], 'fiberglass', 'salt', [150, 210], ['offshore'], 'offshore'),
  rod('Seeker', 'Inshore', 'spinning', 'medium', [84, 90, 96], [M, MH], 'composite', 'salt', [180, 240], ['inshore'], 'inshore'),
  rod('United Composites', 'Hot Stik', 'boat', 'heavy', [72, 78], [H, XH], 'fiberglass', 'salt', [150, 260], ['offshore'], 'offshore'),
  rod('GrafTech', 'Shadow', 'casting', 'medium', [84, 86], [M, MH], 'graphite', 'fresh', [180, 260], ['custom', 'freshwater'], 'custom'),
  rod('GrafTech', 'XP', 'spinning', 'medium', [84, 90], [M, MH], 'graphite', 'any', [150, 220], ['custom', 'inshore'], 'custom'),
  rod('RainShadow', 'Eternity', 'casting', 'medium', [84, 86, 88], [M, MH, H], 'graphite', 'fresh', [250, 350], ['custom', 'freshwater'], 'custom'),
  rod('RainShadow', 'Revelation', 'spinning', 'medium', [78, 84, 90], [ML, M, MH], 'graphite', 'any', [150, 230], ['custom', 'inshore'], 'custom'),
  flyRod('Orvis', 'Clearwater', 'light', [102, 108], [4, 5, 6], 'fly', [240, 300]),
  flyRod('Orvis', 'Clearwater', 'heavy', [108], [8, 9], 'flyany', [240, 300]),
  flyRod('Redington', 'Classic Trout', 'light', [96, 102, 108], [3, 4, 5], 'flyfresh', [170, 210]),
];

const reel = (
  brand: string,
  model: string,
  type: ReelType,
  drag: DragSystem,
  size: Size,
  water: Water,
  retail: [number, number],
  tags: Interest[],
): ReelModel => ({ brand, model, type, drag, size, water, retail, tags });

/**
 * Reel models with their real reel type and drag (spinning, fly and spincast reels: a
 * single-speed front or disc drag; baitcasters: a star drag; conventional reels: a star drag or
 * a one- or two-speed lever drag), the waters they are made for and their street price new.
 * Orvis, Lamson, Zebco and Pflueger are 'Other' brands of the spec's reel list.
 */
// prettier-ignore
const REELS: ReelModel[] = [
  reel('Shimano', 'Stradic FL 2500', 'spinning', 'single-speed', 'light', 'any', [200, 240], ['freshwater', 'inshore']),
  reel('Shimano', 'Sedona 3000', 'spinning', 'single-speed', 'medium', 'any', [70, 90], ['general', 'inshore']),
  reel('Shimano', 'Saragosa SW 6000', 'spinning', 'single-speed', 'heavy', 'salt', [260, 310], ['surf', 'offshore']),
  reel('Shimano', 'Curado DC 150', 'baitcasting', 'star-drag', 'medium', 'fresh', [260, 300], ['freshwater']),
  reel('Shimano', 'Tranx 400', 'baitcasting', 'star-drag', 'heavy', 'any', [350, 400], ['offshore', 'inshore', 'freshwater']),
  reel('Shimano', 'Talica 16 II', 'conventional', 'double-speed', 'heavy', 'salt', [440, 520], ['offshore']),
  reel('Daiwa', 'BG 4000', 'spinning', 'single-speed', 'medium', 'any', [90, 120], ['general', 'inshore', 'surf']),
  reel('Daiwa', 'Certate LT 3000', 'spinning', 'single-speed', 'medium', 'any', [300, 380], ['freshwater', 'inshore']),
  reel('Daiwa', 'Saltist MQ 14000', 'spinning', 'single-speed', 'heavy', 'salt', [350, 400], ['surf', 'offshore']),
  reel('Daiwa', 'Tatula SV TW 103', 'baitcasting', 'star-drag', 'medium', 'fresh', [220, 260], ['freshwater']),
  reel('Daiwa', 'Lexa 300', 'baitcasting', 'star-drag', 'heavy', 'any', [170, 210], ['freshwater', 'inshore']),
  reel('Penn', 'Battle III 3000', 'spinning', 'single-speed', 'medium', 'any', [110, 130], ['general', 'inshore']),
  reel('Penn', 'Spinfisher VII 4500', 'spinning', 'single-speed', 'medium', 'salty', [160, 200], ['inshore', 'surf']),
  reel('Penn', 'Slammer IV 6500', 'spinning', 'single-speed', 'heavy', 'salt', [260, 300], ['surf', 'offshore']),
  reel('Penn', 'Fathom II 25', 'conventional', 'star-drag', 'heavy', 'salt', [190, 230], ['offshore']),
  reel('Penn', 'Squall II 30', 'conventional', 'star-drag', 'heavy', 'salt', [110, 150], ['offshore']),
  reel('Penn', 'Senator 4/0', 'conventional', 'star-drag', 'heavy', 'salt', [130, 170], ['offshore', 'vintage']),
  reel('Penn', 'International VI 30', 'conventional', 'double-speed', 'heavy', 'salt', [900, 1050], ['offshore']),
  reel('Abu Garcia', 'Revo SX', 'baitcasting', 'star-drag', 'medium', 'fresh', [150, 190], ['freshwater']),
  reel('Abu Garcia', 'Revo Beast 41', 'baitcasting', 'star-drag', 'heavy', 'any', [230, 270], ['freshwater', 'inshore']),
  reel('Abu Garcia', 'Ambassadeur C3 6500', 'baitcasting', 'star-drag', 'heavy', 'any', [90, 120], ['freshwater', 'surf']),
  reel('Abu Garcia', 'Zenon 3000', 'spinning', 'single-speed', 'medium', 'fresh', [250, 300], ['freshwater']),
  reel('Okuma', 'Ceymar C-30', 'spinning', 'single-speed', 'light', 'fresh', [40, 60], ['general', 'freshwater']),
  reel('Okuma', 'Helios SX 30', 'spinning', 'single-speed', 'light', 'fresh', [90, 110], ['freshwater']),
  reel('Okuma', 'Cortez 30', 'conventional', 'star-drag', 'heavy', 'salt', [100, 140], ['offshore']),
  reel('Okuma', 'Makaira 20II', 'conventional', 'double-speed', 'heavy', 'salt', [600, 700], ['offshore']),
  reel('Okuma', 'SLV 5/6', 'fly', 'single-speed', 'light', 'fly', [55, 70], ['fly']),
  reel('Okuma', 'SLV 7/8', 'fly', 'single-speed', 'heavy', 'flyany', [60, 75], ['fly']),
  reel('Avet', 'SX 5.3', 'conventional', 'single-speed', 'heavy', 'salt', [250, 310], ['offshore']),
  reel('Avet', 'JX 6/4', 'conventional', 'double-speed', 'heavy', 'salt', [330, 400], ['offshore']),
  reel('Avet', 'HXW 5/2', 'conventional', 'double-speed', 'heavy', 'salt', [430, 500], ['offshore']),
  reel('Accurate', 'Valiant BV-500N', 'conventional', 'single-speed', 'heavy', 'salt', [400, 460], ['offshore']),
  reel('Accurate', 'Boss Extreme BX2-600', 'conventional', 'double-speed', 'heavy', 'salt', [560, 640], ['offshore']),
  reel('Accurate', 'TwinSpin SR-20', 'spinning', 'single-speed', 'heavy', 'salt', [420, 500], ['surf', 'offshore']),
  reel('Fin-Nor', 'Lethal 60', 'spinning', 'single-speed', 'heavy', 'salt', [100, 140], ['surf', 'offshore']),
  reel('Fin-Nor', 'Offshore 8500', 'spinning', 'single-speed', 'heavy', 'salt', [70, 100], ['surf', 'offshore']),
  reel('Fin-Nor', 'Marquesa 16', 'conventional', 'double-speed', 'heavy', 'salt', [300, 360], ['offshore']),
  reel('Seigler', 'SGN', 'conventional', 'single-speed', 'heavy', 'salt', [420, 470], ['offshore']),
  reel('Seigler', 'LGN', 'conventional', 'single-speed', 'heavy', 'salt', [480, 560], ['offshore']),
  reel('Seigler', 'OS', 'conventional', 'star-drag', 'heavy', 'salt', [270, 320], ['offshore']),
  reel('Orvis', 'Battenkill Disc III', 'fly', 'single-speed', 'light', 'fly', [140, 170], ['fly']),
  reel('Orvis', 'Hydros IV', 'fly', 'single-speed', 'heavy', 'flyany', [190, 230], ['fly']),
  reel('Lamson', 'Liquid 3+', 'fly', 'single-speed', 'light', 'fly', [95, 130], ['fly']),
  reel('Zebco', '33', 'spincast', 'single-speed', 'light', 'fresh', [22, 35], ['general', 'freshwater']),
  reel('Pflueger', 'President 30', 'spinning', 'single-speed', 'light', 'fresh', [55, 75], ['general', 'freshwater']),
];

const item = (
  brand: string,
  model: string,
  title: string,
  note: string,
  water: Water,
  retail: [number, number],
  tags: Interest[],
): GearItem => ({ brand, model, title, note, water, retail, tags });

/** Lures, flies, hooks and terminal tackle, as lots: price new of the whole lot. */
// prettier-ignore
const TACKLE: GearItem[] = [
  item('Rapala', 'Shad Rap', 'Rapala Shad Rap assortment (12 lures)', 'Sizes 5 and 7 in firetiger, silver and crawdad.', 'fresh', [90, 120], ['freshwater', 'general']),
  item('Z-Man', 'ChatterBait', 'Z-Man ChatterBait kit, 8 colors', 'Bladed jigs in 3/8 and 1/2 oz, with trailers.', 'fresh', [55, 80], ['freshwater']),
  item('Berkley', 'PowerBait', 'Berkley PowerBait soft plastics bundle', 'A dozen packs of worms, craws and swimbaits.', 'fresh', [30, 50], ['freshwater', 'general']),
  item('Strike King', 'KVD Squarebill', 'Strike King KVD Squarebill crankbaits (6)', 'The 1.5 size in sexy shad, chartreuse and crawfish patterns.', 'fresh', [35, 50], ['freshwater']),
  item('BOOYAH', 'Blade', 'BOOYAH Blade spinnerbait set (5)', 'Double willow blades in white, chartreuse and shad.', 'fresh', [25, 40], ['freshwater']),
  item('Heddon', 'Zara Spook', 'Heddon Zara Spook topwater lot (6)', 'Walk-the-dog classics in bone, black shore minnow and clear.', 'any', [35, 50], ['freshwater', 'inshore']),
  item('Mepps', 'Aglia', 'Mepps Aglia inline spinners (10)', 'Sizes 1 to 3, gold and silver blades.', 'fresh', [40, 60], ['freshwater', 'general']),
  item('Reins', 'Tungsten Drop Shot', 'Reins Tungsten Drop Shot weights kit', 'Cylinder and teardrop weights from 1/8 to 1/2 oz.', 'fresh', [30, 50], ['freshwater']),
  item('Raven', 'FM Float', 'Raven FM Float steelhead kit with beads', 'Floats, soft beads, split shot and a box to keep it all in.', 'fresh', [40, 60], ['freshwater']),
  item('Northland', 'Buck-Shot Rattle Spoon', 'Northland Buck-Shot Rattle Spoons (6)', 'Glow and gold spoons that rattle fish in under the ice.', 'fresh', [30, 45], ['ice', 'freshwater']),
  item('Gamakatsu', 'Octopus Circle', 'Gamakatsu Octopus Circle hooks, 4 packs', 'Sizes 2/0 to 5/0, 25 hooks a pack.', 'any', [20, 30], ['general']),
  item('Owner', 'Ultrahead', 'Owner Ultrahead jig heads, mixed weights (30)', 'Round and shaky heads from 1/8 to 1/2 oz.', 'any', [30, 45], ['general', 'freshwater', 'inshore']),
  item('Yo-Zuri', 'Hydro Minnow LC', 'Yo-Zuri Hydro Minnow LC set (4)', 'Floating swimmers that stripers and bluefish in the surf cannot leave alone.', 'salt', [60, 75], ['inshore', 'surf']),
  item('SPRO', 'Prime Bucktail Jig', 'SPRO Prime Bucktail Jig assortment (20)', 'From 1/2 to 2 oz, for fluke and stripers from the surf or the boat.', 'salt', [110, 150], ['inshore', 'surf']),
  item('Shimano', 'Butterfly Flat-Fall', 'Shimano Butterfly Flat-Fall jigs (5)', 'Deep-drop jigs from 120 to 200 g for snapper and grouper offshore.', 'salt', [70, 90], ['offshore']),
  item('Halco', 'Max 130', 'Halco Max 130 trolling lures (4)', 'High-speed trolling lures for tuna and wahoo offshore.', 'salt', [50, 65], ['offshore']),
  item('Umpqua', 'dry fly assortment', 'Umpqua dry fly assortment, 120 flies in a fly box', 'Adams, elk hair caddis, stimulators and parachutes in sizes 12 to 18.', 'fly', [200, 260], ['fly']),
  item('Umpqua', 'streamer assortment', 'Umpqua streamer assortment, 24 flies', 'Woolly buggers, zonkers and sculpins in sizes 4 to 8.', 'fly', [60, 90], ['fly']),
  item('Umpqua', 'saltwater fly assortment', 'Umpqua saltwater fly assortment, 24 flies', 'Gotchas, crazy charlies and Clousers for the flats.', 'flysalt', [70, 100], ['fly', 'inshore']),
];

/** Everything else an angler carries: price new. */
// prettier-ignore
const ACCESSORIES: GearItem[] = [
  item('Simms', 'Freestone', 'Simms Freestone chest waders, size L', 'Stockingfoot waders with a zippered chest pocket.', 'fly', [300, 350], ['fly', 'freshwater']),
  item('Orvis', 'PRO', 'Orvis PRO fly fishing vest, size M', 'Sixteen pockets and a fly patch.', 'fly', [170, 200], ['fly']),
  item('Fishpond', 'Thunderhead', 'Fishpond Thunderhead submersible sling pack', 'Waterproof zip, rod holder and a tippet bar.', 'flyany', [180, 230], ['fly']),
  item('Plano', 'Guide Series 3700', 'Plano Guide Series 3700 tackle bag with 4 utility boxes', 'Padded bag with room for four 3700 boxes and pliers.', 'any', [55, 75], ['general', 'freshwater']),
  item('Frabill', 'Conservation Series', 'Frabill Conservation Series landing net, rubber mesh', 'Knotless rubber mesh that is easy on fish and lures.', 'any', [60, 90], ['freshwater', 'general']),
  item('Garmin', 'Striker 4', 'Garmin Striker 4 fish finder with transducer', 'CHIRP sonar with GPS; comes with the mount and the power cable.', 'any', [110, 130], ['general', 'ice']),
  item('Costa', 'Fantail', 'Costa Fantail polarized sunglasses, 580G lenses', 'Blue mirror lenses; case and cloth included.', 'any', [220, 260], ['general', 'inshore', 'offshore', 'fly']),
  item('YETI', 'Tundra 45', 'YETI Tundra 45 hard cooler', 'Holds ice for days; latches and gasket are perfect.', 'any', [300, 330], ['general', 'offshore']),
  item('Boga Grip', '130', 'Boga Grip 130 lip gripper with 30 lb scale', 'Weighs and releases fish without a net; lanyard included.', 'salty', [170, 210], ['inshore', 'offshore']),
  item('Rush Creek Creations', '3-in-1 Rod Rack', 'Rush Creek Creations 3-in-1 Rod Rack, holds 11 rods', 'Mounts on a wall or stands in a corner.', 'any', [35, 55], ['general']),
  item('YakAttack', 'BlackPak Pro', 'YakAttack BlackPak Pro kayak crate with rod holders', 'Three rod holders and a GearTrac rail.', 'any', [140, 180], ['inshore', 'general']),
  item('Eskimo', 'QuickFish 3', 'Eskimo QuickFish 3 pop-up ice fishing shelter', 'Sets up in a minute; fits two or three anglers.', 'fresh', [140, 180], ['ice']),
  item('Buff', 'CoolNet UV', 'Buff CoolNet UV neck gaiters, set of 3', 'Sun protection for long days on the water.', 'any', [60, 80], ['general']),
  item('Bubba', 'Multi-Flex', 'Bubba Multi-Flex fillet knife kit with case', 'Four interchangeable blades and a non-slip handle.', 'any', [110, 140], ['general', 'offshore']),
  item('Petzl', 'Actik Core', 'Petzl Actik Core rechargeable headlamp, 600 lumens', 'Red light mode for night fishing without spooking fish.', 'any', [65, 80], ['general']),
];

/**
 * What a seller asks, as a share of the price new, by condition: new in the box sells a little
 * under retail, like new a bit more under it, and so on down to poor (for parts or a project).
 */
export const CONDITION_PRICE_SHARE: Record<Condition, [number, number]> = {
  new: [0.8, 1],
  'like new': [0.65, 0.9],
  good: [0.5, 0.75],
  fair: [0.35, 0.6],
  poor: [0.2, 0.45],
};

const ROD_USE_NOTES: Record<RodUse, string[]> = {
  trout: [
    'Light and crisp; casts small spinners and jigs a long way.',
    'Perfect for trout, crappie and walleye on light line.',
  ],
  bass: [
    'Plenty of backbone for jigs and Texas rigs, with a tip that still feels the bottom.',
    'A fine bass rod for docks, grass lines and deep cranking.',
  ],
  big: [
    'Built for big baits and big fish: musky, pike and river catfish.',
    'Handles heavy line and big fish without complaint.',
  ],
  inshore: [
    'Made for redfish and snook on the flats; casts soft plastics a long way.',
    'A light, sensitive inshore rod with corrosion-proof guides.',
  ],
  surf: [
    'Launches 3 to 6 oz sinkers past the breakers.',
    'Long, stout surf rod for stripers, drum and bluefish.',
  ],
  offshore: [
    'Stout blank for big fish from the boat.',
    'Lifts heavy fish off the bottom on deep drops and handles trolling offshore.',
  ],
  versatile: ['A versatile rod for just about any fishing.', 'Tough, forgiving and hard to break.'],
  fly: [
    'Smooth casting action that loads easily at short range and still reaches out.',
    'Comes with the original rod tube and sock.',
  ],
  custom: [
    'Custom build with Fuji guides and a split-grip cork handle.',
    'Built by hand on a premium blank; the wraps are clean and the finish is flawless.',
  ],
};

const REEL_NOTES: Record<ReelType, string[]> = {
  spinning: ['Smooth front drag and a solid bail.', 'Light for its size; holds plenty of braid.'],
  baitcasting: [
    'Brakes are easy to dial in; casts light lures without backlash.',
    'Comfortable to palm and smooth on the retrieve.',
  ],
  conventional: [
    'Smooth, powerful drag for big fish; holds plenty of 50 lb line.',
    'Solid frame and side plates, built for long fights.',
  ],
  fly: ['Large arbor with a smooth disc drag.', 'Picks up line fast and the drag is silky.'],
  spincast: ['Push-button casting that anyone can handle.', 'The classic first reel; simple and reliable.'],
};

/** What the condition looks like, by category; nothing new claims any use. */
const CONDITION_NOTES: Record<Category, Record<Condition, string[]>> = {
  rods: {
    new: [
      'New with tags, never fished.',
      'Bought for a trip that fell through; never fished, tags still on.',
    ],
    'like new': [
      'Fished a handful of times; no marks on the blank.',
      'Used on one trip; looks and fishes like new.',
    ],
    good: [
      'Fished a couple of seasons; light wear on the grip, guides and blank are perfect.',
      'A few cosmetic marks on the blank; guides and reel seat are perfect.',
    ],
    fair: [
      'Plenty of cosmetic wear and a grubby grip, but no cracks; it still fishes fine.',
      'Well used: scuffs on the blank and a worn grip; the guides are all good.',
    ],
    poor: [
      'It has seen better days: the tip top was replaced and the grip is worn. Priced accordingly.',
      'Heavy wear and a chipped guide that needs replacing; sold as is.',
    ],
  },
  reels: {
    new: [
      'New in the box, never spooled.',
      'Bought for a trip that fell through; never fished, still in the box.',
    ],
    'like new': [
      'Fished a handful of times and rinsed after every trip; no marks anywhere.',
      'Used on one trip; looks and works like new.',
    ],
    good: [
      'Fished a couple of seasons; a few cosmetic marks, mechanically perfect.',
      'Serviced last month with new drag washers; light wear on the handle.',
    ],
    fair: [
      'Plenty of cosmetic wear, but it cranks smoothly and the drag works.',
      'Well used: scratches on the spool and frame; works as it should.',
    ],
    poor: [
      'The drag slips under load and it needs a full service. Sold as is, for parts or a project.',
      'Heavy wear and a grinding gear; priced for a rebuild.',
    ],
  },
  combo: {
    new: [
      'New, never fished; the reel has never been spooled.',
      'Bought for a trip that fell through; never fished, tags still on.',
    ],
    'like new': [
      'Fished a handful of times and rinsed after every trip; no marks anywhere.',
      'Used on one trip; rod and reel look and work like new.',
    ],
    good: [
      'Fished a couple of seasons; light wear, but rod and reel work as they should.',
      'A few cosmetic marks; the reel was serviced last season.',
    ],
    fair: [
      'Plenty of cosmetic wear on both, but they still fish fine.',
      'Well used: scuffs on the rod and scratches on the reel; everything works.',
    ],
    poor: [
      'The rod is sound but worn; the reel needs a full service. Sold as is.',
      'Heavy wear on both; priced for the parts.',
    ],
  },
  tackle: {
    new: ['Unopened, still in the packaging.'],
    'like new': ['Opened but never fished.'],
    good: ['Lightly used; everything is in good shape.'],
    fair: ['Well used, with some wear; plenty of fishing left.'],
    poor: ['Heavily used; priced for what is left.'],
  },
  accessories: {
    new: ['New and unused, tags on.', 'Unused, in the original box.'],
    'like new': ['Used once or twice; like new.'],
    good: ['Normal signs of use; works perfectly.'],
    fair: ['Shows its age but does the job.'],
    poor: ['Well worn; still usable, priced to go.'],
  },
};

/** A seller's general note; a seller who only hands gear over at home does not offer to ship. */
const GENERIC_NOTES = [
  (town: string, pickupOnly: boolean) =>
    pickupOnly ? `Local pickup in ${town} only.` : `Pick up in ${town} or I can ship at your cost.`,
  () => 'Smoke-free home, stored indoors.',
  () => 'Happy to answer questions; send me a message.',
  () => 'Upgrading my setup, so this has to go.',
  () => 'Fair offers considered.',
];

const CONDITIONS: Condition[] = ['new', 'like new', 'like new', 'good', 'good', 'good', 'fair', 'poor'];

export interface DemoSeller {
  username: string;
  /** The member's home town as their profile gives it ("Miami, FL"). */
  location: string;
}

export interface DemoListing {
  title: string;
  description: string;
  price: number;
  condition: Condition;
  category: Category;
  gear_types: GearType[];
  location: string;
  location_lat: number;
  location_lng: number;
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
  /** Index into the seller pool. */
  seller: number;
  /** Index into the photo pool of this category, and how many photos. */
  photoVariant: number;
  photoCount: number;
  is_featured: boolean;
  moderation_status: 'active' | 'pending';
  /** When sold: index into the seller pool for the buyer (never the seller) and the rating (or null). */
  sold: { buyer: number; rating: number | null; daysAfter: number } | null;
  /** Days before now. */
  ageDays: number;
}

type Details = Pick<
  DemoListing,
  | 'brand'
  | 'model'
  | 'rod_brand'
  | 'rod_composition'
  | 'rod_length_feet'
  | 'rod_length_inches'
  | 'rod_power_rating'
  | 'reel_brand'
  | 'reel_type'
  | 'reel_gear_ratio'
>;

/** One piece of gear a seller has chosen to list, before condition and price. */
interface Chosen {
  title: string;
  /** Notes on the gear itself (before the condition and a general note). */
  notes: string[];
  gear: GearType[][];
  retail: [number, number];
  details: Details;
}

const NONE: Details = {
  brand: null,
  model: null,
  rod_brand: null,
  rod_composition: null,
  rod_length_feet: null,
  rod_length_inches: null,
  rod_power_rating: null,
  reel_brand: null,
  reel_type: null,
  reel_gear_ratio: null,
};

/** A fly line weight as the power rating the form asks for. */
const FLY_WEIGHT_POWER: Record<number, RodPowerRating> = {
  3: 'Light',
  4: 'Light',
  5: 'Medium Light',
  6: 'Medium',
  7: 'Medium',
  8: 'Medium Heavy',
  9: 'Heavy',
};

const lengthText = (inches: number) =>
  inches % 12 ? `${Math.floor(inches / 12)}'${inches % 12}"` : `${inches / 12}'`;
const key = (brand: string | null, model: string | null) => `${brand ?? ''}|${model ?? ''}`;
const gearKey = (gear: GearType[]) => [...gear].sort().join('+');

/** The gear-type choices two pieces of gear share (a combo is listed for waters both suit). */
function sharedGear(a: Water, b: Water): GearType[][] {
  const other = new Set(GEAR_CHOICES[b].map(gearKey));
  return GEAR_CHOICES[a].filter((choice) => other.has(gearKey(choice)));
}

const fitsInCombo = (line: RodLine, model: ReelModel) =>
  REELS_FOR_ROD[line.kind].includes(model.type) &&
  line.size === model.size &&
  sharedGear(line.water, model.water).length > 0;

/** Something from `items` that fits the seller's fishing; now and then general gear instead. */
function chooseFor<T extends { tags: Interest[] }>(
  random: Random,
  items: readonly T[],
  interests: Interest[],
): T {
  const fitting = items.filter((i) => i.tags.some((tag) => tag !== 'general' && interests.includes(tag)));
  const general = items.filter((i) => i.tags.includes('general'));
  const pool =
    fitting.length > 0 && random() >= GENERAL_SHARE ? fitting : general.length > 0 ? general : items;
  return pick(random, pool);
}

/**
 * The gear types a seller picks for gear that suits several waters: a choice wholly within the
 * seller's own waters if there is one, else one that touches them, else any.
 */
function gearTypesFor(random: Random, choices: GearType[][], waters: GearType[]): GearType[] {
  const within = choices.filter((choice) => choice.every((gear) => waters.includes(gear)));
  const touching = choices.filter((choice) => choice.some((gear) => waters.includes(gear)));
  return pick(random, within.length > 0 ? within : touching.length > 0 ? touching : choices);
}

function rodSpecs(random: Random, line: RodLine) {
  const inches = pick(random, line.lengths);
  const weight = line.weights ? pick(random, line.weights) : null;
  const power = weight !== null ? FLY_WEIGHT_POWER[weight]! : pick(random, line.powers);
  const rating = weight !== null ? `${weight}wt` : power;
  return {
    label: `${line.brand} ${line.model} ${lengthText(inches)} ${rating} ${line.kind}`,
    fields: {
      rod_brand: line.brand,
      rod_composition: line.material,
      rod_length_feet: Math.floor(inches / 12),
      rod_length_inches: inches % 12,
      rod_power_rating: power,
    },
  };
}

const reelFields = (model: ReelModel) => ({
  reel_brand: model.brand,
  reel_type: model.type,
  reel_gear_ratio: model.drag,
});

function reelLabel(model: ReelModel): string {
  if (model.type !== 'conventional') return `${model.type} reel`;
  const drag = {
    'single-speed': 'lever drag',
    'double-speed': 'two-speed lever drag',
    'star-drag': 'star drag',
  };
  return `${drag[model.drag]} conventional reel`;
}

/** Rods that some reel of the catalogue fits, for combos. */
const COMBO_RODS = RODS.filter((line) => REELS.some((model) => fitsInCombo(line, model)));

function chooseGear(random: Random, category: Category, interests: Interest[]): Chosen {
  if (category === 'rods') {
    const line = chooseFor(random, RODS, interests);
    const specs = rodSpecs(random, line);
    return {
      title: `${specs.label} rod`,
      notes: [pick(random, ROD_USE_NOTES[line.use])],
      gear: GEAR_CHOICES[line.water],
      retail: line.retail,
      details: { ...NONE, ...specs.fields, brand: line.brand, model: line.model },
    };
  }
  if (category === 'reels') {
    const model = chooseFor(random, REELS, interests);
    return {
      title: `${model.brand} ${model.model} ${reelLabel(model)}`,
      notes: [pick(random, REEL_NOTES[model.type])],
      gear: GEAR_CHOICES[model.water],
      retail: model.retail,
      details: { ...NONE, ...reelFields(model), brand: model.brand, model: model.model },
    };
  }
  if (category === 'combo') {
    const line = chooseFor(random, COMBO_RODS, interests);
    const model = chooseFor(
      random,
      REELS.filter((candidate) => fitsInCombo(line, candidate)),
      interests,
    );
    const specs = rodSpecs(random, line);
    return {
      title: `${specs.label} combo with ${model.brand} ${model.model}`,
      notes: [pick(random, ROD_USE_NOTES[line.use]), pick(random, REEL_NOTES[model.type])],
      gear: sharedGear(line.water, model.water),
      retail: [line.retail[0] + model.retail[0], line.retail[1] + model.retail[1]],
      details: {
        ...specs.fields,
        ...reelFields(model),
        brand: line.brand === model.brand ? line.brand : `${line.brand} / ${model.brand}`,
        model: `${line.model} + ${model.model}`,
      },
    };
  }
  const chosen = chooseFor(random, category === 'tackle' ? TACKLE : ACCESSORIES, interests);
  return {
    title: chosen.title,
    notes: [chosen.note],
    gear: GEAR_CHOICES[chosen.water],
    retail: chosen.retail,
    details: { ...NONE, brand: chosen.brand, model: chosen.model },
  };
}

/**
 * The asking price: a price new within the model's range, times a share for the condition
 * (CONDITION_PRICE_SHARE), in whole dollars (the form rounds prices above $1 down to whole
 * dollars) and to the nearest $5 from $100 up, as sellers ask; always inside the range the
 * model and condition allow.
 */
function askingPrice(random: Random, retail: [number, number], condition: Condition): number {
  const [low, high] = CONDITION_PRICE_SHARE[condition];
  const asked = between(random, retail[0], retail[1]) * (low + random() * (high - low));
  const rounded = asked >= 100 ? Math.round(asked / 5) * 5 : Math.round(asked);
  return Math.min(Math.floor(retail[1] * high), Math.max(Math.ceil(retail[0] * low), rounded, 1));
}

/** Price new by brand and model; lines of one model (a spinning and a casting Mojo Bass) share it. */
const RETAIL_BY_MODEL = new Map<string, [number, number]>();
for (const gear of [...RODS, ...REELS, ...TACKLE, ...ACCESSORIES]) {
  const known = RETAIL_BY_MODEL.get(key(gear.brand, gear.model));
  if (known && (known[0] !== gear.retail[0] || known[1] !== gear.retail[1])) {
    throw new Error(`demo catalogue: ${gear.brand} ${gear.model} has two prices new`);
  }
  RETAIL_BY_MODEL.set(key(gear.brand, gear.model), gear.retail);
}

/**
 * The price-new range of the demo model a listing names (a combo: its rod's and reel's together),
 * or null when the listing names no model of the demo catalogue.
 */
export function demoRetailRange(listing: {
  category: string;
  brand: string | null;
  model: string | null;
  rod_brand: string | null;
  reel_brand: string | null;
}): [number, number] | null {
  if (listing.category !== 'combo') {
    return RETAIL_BY_MODEL.get(key(listing.brand, listing.model)) ?? null;
  }
  const [rodModel = null, reelModel = null] = listing.model?.split(' + ') ?? [];
  const rodRetail = RETAIL_BY_MODEL.get(key(listing.rod_brand, rodModel));
  const reelRetail = RETAIL_BY_MODEL.get(key(listing.reel_brand, reelModel));
  return rodRetail && reelRetail ? [rodRetail[0] + reelRetail[0], rodRetail[1] + reelRetail[1]] : null;
}

/** How big a reel of the demo catalogue is (what shipping it costs), or null for another reel. */
export function demoReelSize(brand: string | null, model: string | null): Size | null {
  return REELS.find((r) => r.brand === brand && r.model === model)?.size ?? null;
}

/** Where a member lists from: their home town as the gazetteer writes it, and its point. */
function homeOf(seller: DemoSeller): [string, number, number] {
  const point = HOME_COORDINATES[seller.location];
  if (!point) throw new Error(`demo seed: no coordinates for the home town "${seller.location}"`);
  return [`${seller.location}, USA`, point[0], point[1]];
}

/**
 * The demo catalogue: `count` listings over every category, condition and gear type. Each
 * seller lists gear that fits their fishing, from their home town; every listing names a real
 * model with its real specs and asks a price that fits the model and its condition.
 */
export function demoListings(count: number, sellers: readonly DemoSeller[], seed = 20261121): DemoListing[] {
  const random = createRandom(seed);
  const categories: Category[] = ['rods', 'reels', 'combo', 'tackle', 'accessories'];
  // A shuffled deal: every seller lists about as much as any other, in every category.
  const deal = Array.from({ length: count }, (_, index) => {
    const seller = index % sellers.length;
    const nth = Math.floor(index / sellers.length);
    return { seller, category: categories[(seller + nth) % categories.length]! };
  });
  for (let index = deal.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [deal[index], deal[other]] = [deal[other]!, deal[index]!];
  }
  const listings = Array.from({ length: count }, (_, index): DemoListing => {
    const { seller, category } = deal[index]!;
    const [location, lat, lng] = homeOf(sellers[seller]!);
    const { interests, waters } = SELLER_FISHING[sellers[seller]!.username] ?? ANY_FISHING;
    const condition = pick(random, CONDITIONS);
    const gear = chooseGear(random, category, interests);
    const town = location.split(',')[0]!;
    const description = [
      ...gear.notes,
      pick(random, CONDITION_NOTES[category][condition]),
      pick(random, GENERIC_NOTES)(town, DEMO_PICKUP_ONLY_SELLERS.has(sellers[seller]!.username)),
    ].join(' ');

    const soldRoll = random();
    let sold: DemoListing['sold'] = null;
    if (soldRoll < 0.1) {
      let buyer = Math.floor(random() * sellers.length);
      if (buyer === seller) buyer = (buyer + 1) % sellers.length;
      sold = {
        buyer,
        rating: random() < 0.75 ? between(random, 3, 5) : null,
        daysAfter: between(random, 1, 10),
      };
    }
    return {
      title: gear.title,
      description,
      price: askingPrice(random, gear.retail, condition),
      condition,
      category,
      gear_types: gearTypesFor(random, gear.gear, waters),
      location,
      location_lat: lat,
      location_lng: lng,
      ...gear.details,
      seller,
      photoVariant: between(random, 0, 4),
      photoCount: between(random, 1, 3),
      is_featured: !sold && random() < 0.08,
      moderation_status: random() < 0.15 ? 'pending' : 'active',
      sold,
      ageDays: between(random, 0, 90),
    };
  });
  sellAgain(listings, sellers.length, createRandom(seed + 1));
  return listings;
}

/** Sales of one model that make a price guide (PRICE_GUIDE_MIN_SALES). */
const REPEAT_SALES = 3;

/**
 * Popular gear sells again and again: the most listed model of each category, when it has more
 * listings than REPEAT_SALES, has sold that many times (its oldest listings; never a featured
 * one, and the newest stays on the market), so that a demo listing's page shows the price guide.
 * Draws from a generator of its own: the rest of the catalogue is as it would be without it.
 */
function sellAgain(listings: DemoListing[], sellerCount: number, random: Random): void {
  const categories: Category[] = ['rods', 'reels', 'combo', 'tackle', 'accessories'];
  for (const category of categories) {
    const models = new Map<string, DemoListing[]>();
    for (const listing of listings) {
      if (listing.category !== category || listing.model === null) continue;
      const same = models.get(key(listing.brand, listing.model)) ?? [];
      same.push(listing);
      models.set(key(listing.brand, listing.model), same);
    }
    const popular = [...models.values()].reduce<DemoListing[]>(
      (most, same) => (same.length > most.length ? same : most),
      [],
    );
    if (popular.length <= REPEAT_SALES) continue;
    let sold = popular.filter((listing) => listing.sold).length;
    const onMarket = popular
      .filter((listing) => !listing.sold && !listing.is_featured)
      .sort((a, b) => b.ageDays - a.ageDays)
      .slice(0, -1);
    for (const listing of onMarket) {
      if (sold >= REPEAT_SALES) break;
      let buyer = Math.floor(random() * sellerCount);
      if (buyer === listing.seller) buyer = (buyer + 1) % sellerCount;
      listing.sold = {
        buyer,
        rating: random() < 0.75 ? between(random, 3, 5) : null,
        daysAfter: between(random, 1, 10),
      };
      sold += 1;
    }
  }
}
