import { tagLabel } from '@castline/shared';
import type { ListingFilters } from '../../api/listing-queries';
import { EMPTY_FILTERS, normalizeFilters } from '../../api/listing-queries';
import {
  CATEGORY_OPTIONS,
  CONDITION_OPTIONS,
  labelOf,
  priceRangeLabel,
  REEL_TYPE_OPTIONS,
  ROD_MATERIAL_OPTIONS,
  rodLengthRangeLabel,
} from './filter-labels';

/** One applied filter, shown as a removable chip. */
export interface ActiveFilter {
  /** Stable and unique among the chips ("category:rods"). */
  key: string;
  label: string;
  /** The filters without this one. */
  remove: (filters: ListingFilters) => ListingFilters;
}

type ListField =
  'category' | 'condition' | 'gear_types' | 'rod_power' | 'rod_composition' | 'reel_type' | 'tags';

function without<F extends ListField>(field: F, value: ListingFilters[F][number]) {
  return (filters: ListingFilters): ListingFilters => ({
    ...filters,
    [field]: (filters[field] as string[]).filter((item) => item !== value),
  });
}

/** The chips for a filter set, in the order of the filter panel. */
export function activeFilters(input: ListingFilters): ActiveFilter[] {
  const filters = normalizeFilters(input);
  const chips: ActiveFilter[] = [];
  if (filters.q) {
    chips.push({ key: 'q', label: `“${filters.q}”`, remove: (f) => ({ ...f, q: '' }) });
  }
  for (const value of filters.category) {
    chips.push({
      key: `category:${value}`,
      label: labelOf(CATEGORY_OPTIONS, value),
      remove: without('category', value),
    });
  }
  for (const value of filters.condition) {
    chips.push({
      key: `condition:${value}`,
      label: labelOf(CONDITION_OPTIONS, value),
      remove: without('condition', value),
    });
  }
  for (const value of filters.gear_types) {
    chips.push({ key: `gear_types:${value}`, label: value, remove: without('gear_types', value) });
  }
  for (const value of filters.tags) {
    chips.push({ key: `tags:${value}`, label: `#${tagLabel(value)}`, remove: without('tags', value) });
  }
  if (filters.priceMin !== null || filters.priceMax !== null) {
    chips.push({
      key: 'price',
      label: priceRangeLabel(filters.priceMin, filters.priceMax),
      remove: (f) => ({ ...f, priceMin: null, priceMax: null }),
    });
  }
  if (filters.near) {
    chips.push({
      key: 'near',
      label: `Within ${filters.radius} mi of ${filters.near.label}`,
      remove: (f) => ({ ...f, near: null, radius: EMPTY_FILTERS.radius }),
    });
  }
  for (const value of filters.rod_power) {
    chips.push({ key: `rod_power:${value}`, label: `Power: ${value}`, remove: without('rod_power', value) });
  }
  for (const value of filters.rod_composition) {
    chips.push({
      key: `rod_composition:${value}`,
      label: labelOf(ROD_MATERIAL_OPTIONS, value),
      remove: without('rod_composition', value),
    });
  }
  if (filters.rodLengthMin !== null || filters.rodLengthMax !== null) {
    chips.push({
      key: 'rod_length',
      label: rodLengthRangeLabel(filters.rodLengthMin, filters.rodLengthMax),
      remove: (f) => ({ ...f, rodLengthMin: null, rodLengthMax: null }),
    });
  }
  for (const value of filters.reel_type) {
    chips.push({
      key: `reel_type:${value}`,
      label: `${labelOf(REEL_TYPE_OPTIONS, value)} reels`,
      remove: without('reel_type', value),
    });
  }
  if (filters.brand) {
    chips.push({ key: 'brand', label: `Brand: ${filters.brand}`, remove: (f) => ({ ...f, brand: '' }) });
  }
  if (filters.handover) {
    chips.push({
      key: 'handover',
      // As the Delivery group names them (delivery-filter.tsx).
      label: filters.handover === 'pickup' ? 'Local pickup' : 'Shipping',
      remove: (f) => ({ ...f, handover: null }),
    });
  }
  if (filters.freeShipping) {
    chips.push({
      key: 'free_shipping',
      label: 'Free shipping',
      remove: (f) => ({ ...f, freeShipping: false }),
    });
  }
  if (filters.featured) {
    chips.push({ key: 'featured', label: 'Featured', remove: (f) => ({ ...f, featured: false }) });
  }
  if (filters.sold) {
    chips.push({ key: 'sold', label: 'Sold', remove: (f) => ({ ...f, sold: false }) });
  }
  return chips;
}

/** No filters left; an explicit order stays when it still applies. */
export function clearedFilters(filters: ListingFilters): ListingFilters {
  return normalizeFilters({ ...EMPTY_FILTERS, sort: filters.sort });
}
