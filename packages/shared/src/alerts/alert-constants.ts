// Plain values only (no zod): the marketplace's first load reads these.
import {
  DEFAULT_RADIUS_MILES,
  EMPTY_CRITERIA,
  type ListingSearchCriteria,
} from '../listings/search-criteria.js';
import { TAG_SLUGS } from '../tags/tag-constants.js';
import type { AlertFilters } from './alerts.schemas.js';

/** Saved searches per member, the longest name, matches listed per page. */
export const ALERT_LIMITS = { perMember: 20, nameMax: 60, matchesPage: 50 } as const;

export const ALERT_MESSAGES = {
  nameRequired: 'Give your saved search a name',
  nameTooLong: 'Saved search names can be at most 60 characters',
  filtersRequired: 'Search for something or pick a filter before saving a search',
  filtersInvalid: 'Invalid alert filters',
  tooMany: 'You can keep up to 20 saved searches. Delete one to save another.',
  notFound: 'Saved search not found',
  saved: 'Search saved',
} as const;

/**
 * The criteria of an alert's filters: blank texts and empty lists are no filter; the coordinates
 * are the place searched around (`location` its label), limited to `radius` when it has one.
 */
export function criteriaFromAlertFilters(filters: AlertFilters): ListingSearchCriteria {
  const near =
    filters.lat !== undefined && filters.lng !== undefined
      ? { label: filters.location ?? '', lat: filters.lat, lng: filters.lng }
      : null;
  return {
    ...EMPTY_CRITERIA,
    q: filters.q ?? '',
    category: filters.category ?? [],
    condition: filters.condition ?? [],
    gear_types: filters.gear_types ?? [],
    priceMin: filters.price_min ?? null,
    priceMax: filters.price_max ?? null,
    brand: filters.brand ?? '',
    near,
    radius: filters.radius ?? DEFAULT_RADIUS_MILES,
    anyDistance: near !== null && filters.radius === undefined,
    handover: filters.handover ?? null,
    freeShipping: filters.free_shipping ?? false,
    rod_power: filters.rod_power ?? [],
    rod_composition: filters.rod_composition ?? [],
    reel_type: filters.reel_type ?? [],
    rodLengthMin: filters.rod_length_min ?? null,
    rodLengthMax: filters.rod_length_max ?? null,
    featured: filters.featured ?? false,
    tags: filters.tags ? TAG_SLUGS.filter((slug) => filters.tags?.includes(slug)) : [],
  };
}

/**
 * The alert filters of criteria: every marketplace filter but "sold" (text, category, condition,
 * gear type, price, brand, place, handover, free shipping, rod power, rod material, rod length,
 * reel type, featured, tags), without blank texts and empty lists.
 */
export function alertFiltersFromCriteria(criteria: ListingSearchCriteria): AlertFilters {
  const filters: AlertFilters = {};
  if (criteria.q) filters.q = criteria.q;
  if (criteria.category.length > 0) filters.category = [...criteria.category];
  if (criteria.condition.length > 0) filters.condition = [...criteria.condition];
  if (criteria.gear_types.length > 0) filters.gear_types = [...criteria.gear_types];
  if (criteria.priceMin !== null) filters.price_min = criteria.priceMin;
  if (criteria.priceMax !== null) filters.price_max = criteria.priceMax;
  if (criteria.brand) filters.brand = criteria.brand;
  if (criteria.near) {
    filters.lat = criteria.near.lat;
    filters.lng = criteria.near.lng;
    if (!criteria.anyDistance) filters.radius = criteria.radius;
    if (criteria.near.label) filters.location = criteria.near.label;
  }
  if (criteria.handover) filters.handover = criteria.handover;
  if (criteria.freeShipping) filters.free_shipping = true;
  if (criteria.rod_power.length > 0) filters.rod_power = [...criteria.rod_power];
  if (criteria.rod_composition.length > 0) filters.rod_composition = [...criteria.rod_composition];
  if (criteria.reel_type.length > 0) filters.reel_type = [...criteria.reel_type];
  if (criteria.rodLengthMin !== null) filters.rod_length_min = criteria.rodLengthMin;
  if (criteria.rodLengthMax !== null) filters.rod_length_max = criteria.rodLengthMax;
  if (criteria.featured) filters.featured = true;
  if (criteria.tags.length > 0) filters.tags = [...criteria.tags];
  return filters;
}

/** True when criteria narrow what an alert matches at all (an alert on everything is refused). */
export function narrowsAlertMatches(criteria: ListingSearchCriteria): boolean {
  return Boolean(
    criteria.q ||
    criteria.category.length ||
    criteria.condition.length ||
    criteria.gear_types.length ||
    criteria.priceMin !== null ||
    criteria.priceMax !== null ||
    criteria.brand ||
    (criteria.near && !criteria.anyDistance) ||
    criteria.handover ||
    criteria.freeShipping ||
    criteria.rod_power.length ||
    criteria.rod_composition.length ||
    criteria.reel_type.length ||
    criteria.rodLengthMin !== null ||
    criteria.rodLengthMax !== null ||
    criteria.featured ||
    criteria.tags.length,
  );
}

/** True when the filters narrow the marketplace at all (an alert on everything is refused). */
export function hasAlertCriteria(filters: AlertFilters): boolean {
  return narrowsAlertMatches(criteriaFromAlertFilters(filters));
}
