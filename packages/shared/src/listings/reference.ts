/** Reference lists of the listing form and filters (spec 000 §3). Values are stored; labels are shown. */

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/** Decision 0006: the five-category reading (rods, reels, combo, tackle, accessories). */
export const CATEGORIES = ['rods', 'reels', 'combo', 'tackle', 'accessories'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_OPTIONS: Option<Category>[] = [
  { value: 'rods', label: 'Rods' },
  { value: 'reels', label: 'Reels' },
  { value: 'combo', label: 'Rod/Reel Combo' },
  { value: 'tackle', label: 'Tackle' },
  { value: 'accessories', label: 'Accessories' },
];

export const CONDITIONS = ['new', 'like new', 'good', 'fair', 'poor'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const DEFAULT_CONDITION: Condition = 'new';
export const CONDITION_OPTIONS: Option<Condition>[] = [
  { value: 'new', label: 'New' },
  { value: 'like new', label: 'Like New' },
  { value: 'good', label: 'Good' },
  { value: 'fair', label: 'Fair' },
  { value: 'poor', label: 'Poor' },
];

export const GEAR_TYPES = ['Freshwater', 'Saltwater', 'Fly Fishing'] as const;
export type GearType = (typeof GEAR_TYPES)[number];

/** The brand choice that switches the form to a free-text brand. */
export const OTHER_BRAND = 'Other';

export const REEL_BRANDS = [
  'Abu Garcia',
  'Accurate',
  'Avet',
  'Daiwa',
  'Fin-Nor',
  'Okuma',
  'Penn',
  'Seigler',
  'Shimano',
] as const;

export const REEL_TYPES = ['spinning', 'baitcasting', 'conventional', 'fly', 'spincast'] as const;
export type ReelType = (typeof REEL_TYPES)[number];
export const REEL_TYPE_OPTIONS: Option<ReelType>[] = [
  { value: 'spinning', label: 'Spinning' },
  { value: 'baitcasting', label: 'Baitcasting' },
  { value: 'conventional', label: 'Conventional' },
  { value: 'fly', label: 'Fly' },
  { value: 'spincast', label: 'Spincast' },
];

/** Stored in reel_gear_ratio, labelled "Drag System" (spec). */
export const DRAG_SYSTEMS = ['single-speed', 'double-speed', 'star-drag'] as const;
export type DragSystem = (typeof DRAG_SYSTEMS)[number];
export const DRAG_SYSTEM_OPTIONS: Option<DragSystem>[] = [
  { value: 'single-speed', label: 'Single-Speed' },
  { value: 'double-speed', label: 'Two-Speed' },
  { value: 'star-drag', label: 'Star Drag' },
];

/** The spec lists Shimano twice; it is offered once. */
export const ROD_BRANDS = [
  'Abu Garcia',
  'Calstar',
  'Daiwa',
  'Fenwick',
  'GrafTech',
  'Okuma',
  'Penn',
  'Phenix',
  'RainShadow',
  'Seeker',
  'Shimano',
  'St. Croix',
  'Ugly Stik',
  'United Composites',
] as const;

export const ROD_MATERIALS = ['graphite', 'fiberglass', 'carbon_fiber', 'composite', 'bamboo'] as const;
export type RodMaterial = (typeof ROD_MATERIALS)[number];
export const ROD_MATERIAL_OPTIONS: Option<RodMaterial>[] = [
  { value: 'graphite', label: 'Graphite' },
  { value: 'fiberglass', label: 'Fiberglass' },
  { value: 'carbon_fiber', label: 'Carbon Fiber' },
  { value: 'composite', label: 'Composite' },
  { value: 'bamboo', label: 'Bamboo' },
];

export const ROD_POWER_RATINGS = [
  'Ultra Light',
  'Light',
  'Medium Light',
  'Medium',
  'Medium Heavy',
  'Heavy',
  'Extra Heavy',
] as const;
export type RodPowerRating = (typeof ROD_POWER_RATINGS)[number];

/** Categories that carry rod details, and those that carry reel details. */
export const ROD_CATEGORIES: readonly Category[] = ['rods', 'combo'];
export const REEL_CATEGORIES: readonly Category[] = ['reels', 'combo'];

export const ROD_LENGTH_FEET_MAX = 20;
export const ROD_LENGTH_INCHES_MAX = 11;
