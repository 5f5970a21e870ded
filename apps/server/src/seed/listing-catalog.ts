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

/** US places the demo sellers list from (city, lat, lng). */
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
  ['Outer Banks (Nags Head), NC, USA', 35.9574, -75.6241],
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

const ROD_SERIES: Record<string, string[]> = {
  'St. Croix': ['Mojo Bass', 'Premier', 'Triumph', 'Legend Tournament', 'Avid'],
  'Ugly Stik': ['GX2', 'Elite', 'Bigwater', 'Carbon', 'Tiger'],
  Shimano: ['SLX', 'Curado', 'Teramar', 'Trevala', 'Zodias'],
  Daiwa: ['Tatula', 'Proteus', 'Saltiga', 'Kage'],
  'Abu Garcia': ['Veritas', 'Vendetta', 'Fantasista', 'Ike Signature'],
  Fenwick: ['HMG', 'Elite Tech', 'Eagle', 'World Class'],
  Penn: ['Battalion', 'Carnage III', 'Prevail', 'Rampage'],
  Okuma: ['Celilo', 'SST', 'Cedros', 'Nomad'],
  Phenix: ['Feather', 'Axis', 'Black Diamond'],
  Calstar: ['Grafighter', 'West Coaster'],
  Seeker: ['Black Steel', 'Hercules', 'Inshore'],
  'United Composites': ['Hot Stik', 'Tuna Stick'],
  GrafTech: ['Shadow', 'XP'],
  RainShadow: ['Eternity', 'Revelation'],
};

const REEL_MODELS: Record<string, string[]> = {
  Shimano: ['Stradic FL 2500', 'Curado DC 150', 'Saragosa SW 6000', 'Tranx 400', 'Sedona 3000', 'Talica 16'],
  Daiwa: ['BG 4000', 'Tatula SV TW 103', 'Saltist MQ 14000', 'Lexa 300', 'Certate LT 3000'],
  Penn: ['Spinfisher VII 4500', 'Slammer IV 6500', 'Fathom II 25', 'International VI 30', 'Squall II 40'],
  'Abu Garcia': ['Revo SX', 'Revo Beast 41', 'Ambassadeur C3 6500', 'Zenon 3000'],
  Okuma: ['Ceymar C-30', 'Makaira 20II', 'Cortez 30', 'Helios SX 25'],
  Avet: ['SX 5.3', 'JX 6/4', 'HXW 5/2'],
  Accurate: ['Valiant 400', 'Boss Extreme 600', 'Twin Spin 20'],
  'Fin-Nor': ['Lethal 60', 'Offshore 8500', 'Marquesa 16'],
  Seigler: ['SGN', 'LGN', 'OS'],
};

const TACKLE_ITEMS = [
  'Rapala Shad Rap assortment (12 lures)',
  'Z-Man Chatterbait kit, 8 colors',
  'Berkley PowerBait soft plastics bundle',
  'Strike King KVD squarebill crankbaits (6)',
  'Booyah spinnerbait set (5)',
  'Heddon Zara Spook topwater lot',
  'Fly box with 120 hand-tied dry flies',
  'Saltwater bucktail jig assortment (20)',
  'Gamakatsu octopus circle hooks, 4 packs',
  'Owner jig heads, mixed weights',
  'Yo-Zuri Hydro Minnow LC set',
  'Mepps Aglia inline spinners (10)',
  'Tungsten drop-shot weights kit',
  'Steelhead float fishing kit with beads',
];

const ACCESSORY_ITEMS = [
  'Simms Freestone chest waders, size L',
  'Plano 3700 tackle box with trays',
  'Frabill landing net, rubber mesh',
  'Garmin Striker 4 fish finder',
  'Costa Del Mar polarized sunglasses',
  'Yeti Tundra 45 cooler',
  'Orvis fly fishing vest',
  'Boga Grip 30 lb scale',
  'Rod rack for 10 rods, wall mount',
  'Kayak rod holder and crate setup',
  'Ice fishing shelter, 2-person',
  'Buff sun gaiters, set of 3',
  'Fillet knife set with sheath',
  'Rechargeable headlamp, 600 lumen',
];

const ROD_FLAVOR = [
  'Sensitive tip and plenty of backbone. Cork handle is clean with no chips.',
  'Fished one season on the lake; guides and reel seat are perfect.',
  'Great all-round rod for bass and walleye. Comes with a rod sock.',
  'Light and crisp, casts small lures a mile. Minor scuffs on the butt.',
  'Stout blank for big fish from the surf or the boat.',
];
const REEL_FLAVOR = [
  'Smooth drag, freshly cleaned and greased. Spooled with 20 lb braid.',
  'Retrieves like butter. Original box and spare spool included.',
  'A few cosmetic marks on the side plate; mechanically perfect.',
  'Never saw saltwater. Line clip and handle knob like new.',
  'Serviced last month. Drag washers replaced with carbon.',
];
const GENERIC_FLAVOR = [
  'Pick up locally or I can ship at your cost.',
  'Smoke-free home, stored indoors.',
  'Happy to answer questions — message me.',
  'Upgrading my setup, so this has to go.',
  'Price is firm; serious offers considered on bundles.',
];

const GEAR_TYPE_BY_CATEGORY: Record<Category, GearType[][]> = {
  rods: [['Freshwater'], ['Saltwater'], ['Freshwater', 'Saltwater'], ['Fly Fishing']],
  reels: [['Freshwater'], ['Saltwater'], ['Freshwater', 'Saltwater'], ['Fly Fishing']],
  combo: [['Freshwater'], ['Saltwater'], ['Freshwater', 'Saltwater']],
  tackle: [['Freshwater'], ['Saltwater'], ['Fly Fishing'], ['Freshwater', 'Saltwater']],
  accessories: [['Freshwater', 'Saltwater'], ['Fly Fishing'], ['Freshwater'], ['Saltwater', 'Fly Fishing']],
};

const CONDITIONS: Condition[] = ['new', 'like new', 'like new', 'good', 'good', 'good', 'fair', 'poor'];
const POWERS: RodPowerRating[] = [
  'Ultra Light',
  'Light',
  'Medium Light',
  'Medium',
  'Medium Heavy',
  'Heavy',
  'Extra Heavy',
];
const MATERIALS: RodMaterial[] = [
  'graphite',
  'graphite',
  'fiberglass',
  'carbon_fiber',
  'composite',
  'bamboo',
];
const REEL_TYPES_BY_USE: ReelType[] = [
  'spinning',
  'spinning',
  'baitcasting',
  'conventional',
  'fly',
  'spincast',
];
const DRAGS: DragSystem[] = ['single-speed', 'double-speed', 'star-drag'];

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

function rodDetails(random: Random) {
  const brand = pick(random, Object.keys(ROD_SERIES));
  const series = pick(random, ROD_SERIES[brand]!);
  const feet = between(random, 5, 12);
  const inches = pick(random, [0, 0, 3, 6, 6, 9]);
  return {
    brand,
    series,
    rod_brand: brand,
    rod_composition: pick(random, MATERIALS),
    rod_length_feet: feet,
    rod_length_inches: inches,
    rod_power_rating: pick(random, POWERS),
  };
}

function reelDetails(random: Random) {
  const brand = pick(random, Object.keys(REEL_MODELS));
  const model = pick(random, REEL_MODELS[brand]!);
  return {
    brand,
    model,
    reel_brand: brand,
    reel_type: pick(random, REEL_TYPES_BY_USE),
    reel_gear_ratio: pick(random, DRAGS),
  };
}

const length = (feet: number, inches: number) => (inches ? `${feet}'${inches}"` : `${feet}'`);
const NONE = {
  rod_brand: null,
  rod_composition: null,
  rod_length_feet: null,
  rod_length_inches: null,
  rod_power_rating: null,
  reel_brand: null,
  reel_type: null,
  reel_gear_ratio: null,
};

/** The demo catalogue: `count` listings over every category, condition, gear type and many US places. */
export function demoListings(count: number, sellerCount: number, seed = 20261121): DemoListing[] {
  const random = createRandom(seed);
  const categories: Category[] = ['rods', 'reels', 'combo', 'tackle', 'accessories'];
  return Array.from({ length: count }, (_, index): DemoListing => {
    const category = categories[index % categories.length]!;
    const [location, lat, lng] = pick(random, DEMO_PLACES);
    const condition = pick(random, CONDITIONS);
    const gear_types = pick(random, GEAR_TYPE_BY_CATEGORY[category]);
    let title: string;
    let description: string;
    let price: number;
    let details: Omit<
      DemoListing,
      | 'title'
      | 'description'
      | 'price'
      | 'condition'
      | 'category'
      | 'gear_types'
      | 'location'
      | 'location_lat'
      | 'location_lng'
      | 'seller'
      | 'photoVariant'
      | 'photoCount'
      | 'is_featured'
      | 'moderation_status'
      | 'sold'
      | 'ageDays'
    >;

    if (category === 'rods') {
      const rod = rodDetails(random);
      title = `${rod.brand} ${rod.series} ${length(rod.rod_length_feet, rod.rod_length_inches)} ${rod.rod_power_rating} rod`;
      description = `${pick(random, ROD_FLAVOR)} ${pick(random, GENERIC_FLAVOR)}`;
      price = between(random, 35, 520);
      const { series, ...rodFields } = rod;
      details = { ...NONE, ...rodFields, model: series };
    } else if (category === 'reels') {
      const reel = reelDetails(random);
      title = `${reel.brand} ${reel.model} ${reel.reel_type} reel`;
      description = `${pick(random, REEL_FLAVOR)} ${pick(random, GENERIC_FLAVOR)}`;
      price = between(random, 25, 780);
      details = { ...NONE, ...reel };
    } else if (category === 'combo') {
      const rod = rodDetails(random);
      const reel = reelDetails(random);
      title = `${rod.brand} ${rod.series} ${length(rod.rod_length_feet, rod.rod_length_inches)} with ${reel.brand} ${reel.model} combo`;
      description = `${pick(random, ROD_FLAVOR)} ${pick(random, REEL_FLAVOR)} ${pick(random, GENERIC_FLAVOR)}`;
      price = between(random, 60, 650);
      const { series, brand: rodBrand, ...rodFields } = rod;
      const { brand: reelBrand, model: reelModel, ...reelFields } = reel;
      details = {
        ...rodFields,
        ...reelFields,
        brand: `${rodBrand} / ${reelBrand}`,
        model: `${series} + ${reelModel}`,
      };
    } else {
      const item = pick(random, category === 'tackle' ? TACKLE_ITEMS : ACCESSORY_ITEMS);
      title = item;
      description = `${item}. ${pick(random, GENERIC_FLAVOR)} ${pick(random, GENERIC_FLAVOR)}`;
      price = category === 'tackle' ? between(random, 8, 140) : between(random, 12, 420);
      details = { ...NONE, brand: item.split(' ')[0] ?? null, model: null };
    }
    if (random() < 0.04) price = Math.round(random() * 90 + 10) / 100; // a few under a dollar

    const seller = Math.floor(random() * sellerCount);
    const soldRoll = random();
    let sold: DemoListing['sold'] = null;
    if (soldRoll < 0.1) {
      let buyer = Math.floor(random() * sellerCount);
      if (buyer === seller) buyer = (buyer + 1) % sellerCount;
      sold = {
        buyer,
        rating: random() < 0.75 ? between(random, 3, 5) : null,
        daysAfter: between(random, 1, 10),
      };
    }
    return {
      title,
      description,
      price,
      condition,
      category,
      gear_types,
      location,
      location_lat: lat,
      location_lng: lng,
      ...details,
      seller,
      photoVariant: between(random, 0, 4),
      photoCount: between(random, 1, 3),
      is_featured: !sold && random() < 0.08,
      moderation_status: random() < 0.15 ? 'pending' : 'active',
      sold,
      ageDays: between(random, 0, 90),
    };
  });
}
