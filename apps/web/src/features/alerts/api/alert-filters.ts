import type { AlertFilters, Category, Condition } from '@castline/shared';
import {
  ALERT_LIMITS,
  alertFiltersFromCriteria,
  CONDITION_OPTIONS,
  criteriaFromAlertFilters,
  criteriaFromSearchParams,
  criteriaToSearchParams,
  normalizeCriteria,
  tagLabel,
} from '@castline/shared';
import type { ListingFilters } from '../../listings';
import { searchStringFromFilters, activeFilters, formatPrice } from '../../listings';

/*
 * Saved searches: the marketplace's search criteria (as the address holds them) ↔ the AlertFilters
 * an alert is saved with, a readable name for a search and the marketplace address of an alert.
 */

export interface SavedSearch {
  filters: AlertFilters;
  /** The labels of the marketplace filters the alert leaves out ("Power: Medium", "Featured"). */
  ignored: string[];
}

/**
 * The alert filters of a marketplace search; what an alert cannot match on is listed in `ignored`:
 * the filters whose chips the saved alert would not show again (the shared conversion decides).
 */
export function alertFiltersFromListing(input: ListingFilters): SavedSearch {
  const criteria = normalizeCriteria(input);
  const filters = alertFiltersFromCriteria(criteria);
  const kept = new Set(activeFilters(listingFiltersFromAlert(filters)).map((chip) => chip.key));
  const ignored = activeFilters(criteria)
    .filter((chip) => !kept.has(chip.key))
    .map((chip) => chip.label);
  return { filters, ignored };
}

/** The marketplace filters an alert stands for, as its address reads them (an unnamed place named by its coordinates). */
export function listingFiltersFromAlert(filters: AlertFilters): ListingFilters {
  return criteriaFromSearchParams(criteriaToSearchParams(criteriaFromAlertFilters(filters)));
}

/** "/marketplace?category=reels&brand=Shimano…": the search an alert was saved from. */
export function marketplaceHrefFor(filters: AlertFilters): string {
  return `/marketplace${searchStringFromFilters(listingFiltersFromAlert(filters))}`;
}

/** The filter chips of an alert, worded as the marketplace words them. */
export function alertFilterChips(filters: AlertFilters): string[] {
  return activeFilters(listingFiltersFromAlert(filters)).map((chip) => chip.label);
}

const CATEGORY_NOUNS: Record<Category, string> = {
  rods: 'rods',
  reels: 'reels',
  combo: 'rod/reel combos',
  tackle: 'tackle',
  accessories: 'accessories',
};

const CONDITION_WORDS = new Map<Condition, string>(
  CONDITION_OPTIONS.map((option) => [option.value, option.label.toLowerCase()]),
);

/** "a", "a and b", "a, b and c". */
function joinWords(words: readonly string[], last = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
}

function priceWords(min: number | undefined, max: number | undefined): string | null {
  if (min !== undefined && max !== undefined) return `${formatPrice(min)}–${formatPrice(max)}`;
  if (max !== undefined) return `under ${formatPrice(max)}`;
  if (min !== undefined) return `over ${formatPrice(min)}`;
  return null;
}

/** Cuts a name to the longest whole words that fit, with an ellipsis. */
function fitName(name: string, max: number = ALERT_LIMITS.nameMax): string {
  if (name.length <= max) return name;
  const cut = name.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,]+$/, '')}…`;
}

/**
 * A readable name for a saved search, such as "Shimano reels under $200", "Reels with free
 * shipping" or "Like new fly fishing rods near Bend, OR"; at most 60 characters.
 */
export function alertNameFor(filters: AlertFilters): string {
  const words: string[] = [];
  if (filters.condition?.length) {
    words.push(
      joinWords(
        filters.condition.map((value) => CONDITION_WORDS.get(value) ?? value),
        'or',
      ),
    );
  }
  if (filters.gear_types?.length) words.push(joinWords(filters.gear_types, 'or'));
  if (filters.featured) words.push('featured');
  if (filters.brand) words.push(filters.brand);
  // "Trout fly fishing rods": the tags read as what the gear is for.
  if (filters.tags?.length) words.push(filters.tags.map((tag) => tagLabel(tag).toLowerCase()).join(' '));
  if (filters.reel_type?.length) words.push(joinWords(filters.reel_type, 'or'));
  if (filters.rod_power?.length)
    words.push(
      joinWords(
        filters.rod_power.map((p) => p.toLowerCase()),
        'or',
      ),
    );
  if (filters.q) words.push(filters.q);
  if (filters.category?.length) {
    words.push(joinWords(filters.category.map((value) => CATEGORY_NOUNS[value])));
  } else if (!filters.q) {
    words.push('gear');
  }
  const price = priceWords(filters.price_min, filters.price_max);
  if (price) words.push(price);
  if (filters.handover === 'pickup') words.push('for local pickup');
  if (filters.free_shipping) words.push('with free shipping');
  else if (filters.handover === 'shipping') words.push('with shipping');
  if (filters.lat !== undefined && filters.location) {
    words.push(
      filters.radius !== undefined
        ? `within ${filters.radius} mi of ${filters.location}`
        : `near ${filters.location}`,
    );
  }
  const name = words.join(' ').replace(/\s+/g, ' ').trim();
  return fitName(name.charAt(0).toUpperCase() + name.slice(1));
}
