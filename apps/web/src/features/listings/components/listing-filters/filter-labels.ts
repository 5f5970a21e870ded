import type { GearType, ListingSort, Option, RodPowerRating } from '@castline/shared';
import {
  CATEGORY_OPTIONS,
  CONDITION_OPTIONS,
  GEAR_TYPES,
  REEL_TYPE_OPTIONS,
  ROD_MATERIAL_OPTIONS,
  ROD_POWER_RATINGS,
} from '@castline/shared';
import { formatDollars } from '../../../../lib/format-number';

export const GEAR_TYPE_OPTIONS: Option<GearType>[] = GEAR_TYPES.map((value) => ({ value, label: value }));
export const ROD_POWER_OPTIONS: Option<RodPowerRating>[] = ROD_POWER_RATINGS.map((value) => ({
  value,
  label: value,
}));
export { CATEGORY_OPTIONS, CONDITION_OPTIONS, REEL_TYPE_OPTIONS, ROD_MATERIAL_OPTIONS };

/** The orders a member can pick, in the menu's order. */
export const SORT_OPTIONS: Option<ListingSort>[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'distance', label: 'Distance' },
  { value: 'relevance', label: 'Best match' },
];

export function labelOf<V extends string>(options: readonly Option<V>[], value: V): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** "$50 – $200", "From $50", "Up to $200". */
export function priceRangeLabel(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${formatDollars(min)} – ${formatDollars(max)}`;
  if (min !== null) return `From ${formatDollars(min)}`;
  return `Up to ${formatDollars(max ?? 0)}`;
}

/** 78 → "6 ft 6 in", 84 → "7 ft". */
export function rodLengthLabel(inches: number): string {
  const feet = Math.floor(inches / 12);
  const rest = inches % 12;
  if (feet === 0) return `${rest} in`;
  return rest === 0 ? `${feet} ft` : `${feet} ft ${rest} in`;
}

/** "Rod 6 ft – 8 ft", "Rod from 6 ft", "Rod up to 8 ft". */
export function rodLengthRangeLabel(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `Rod ${rodLengthLabel(min)} – ${rodLengthLabel(max)}`;
  if (min !== null) return `Rod from ${rodLengthLabel(min)}`;
  return `Rod up to ${rodLengthLabel(max ?? 0)}`;
}
