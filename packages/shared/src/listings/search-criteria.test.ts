import { describe, expect, it } from 'vitest';
import {
  alertFiltersFromCriteria,
  criteriaFromAlertFilters,
  hasAlertCriteria,
} from '../alerts/alert-constants.js';
import { AlertFilters } from '../alerts/alerts.schemas.js';
import { ListListingsQuery } from './listing.schemas.js';
import {
  criteriaFromListQuery,
  criteriaFromSearchParams,
  criteriaToListQuery,
  criteriaToSearchParams,
  DEFAULT_RADIUS_MILES,
  EMPTY_CRITERIA,
  LISTING_SEARCH_LIMITS,
  LISTING_SEARCH_PARAMS,
  type ListingSearchCriteria,
} from './search-criteria.js';

const everything: ListingSearchCriteria = {
  q: 'spinning reel',
  category: ['rods', 'combo'],
  condition: ['like new', 'good'],
  gear_types: ['Saltwater', 'Fly Fishing'],
  priceMin: 50,
  priceMax: 250.5,
  near: { label: 'Portland, OR', lat: 45.52, lng: -122.68 },
  radius: 25,
  brand: 'St. Croix',
  rod_power: ['Medium', 'Medium Heavy'],
  rod_composition: ['graphite'],
  reel_type: ['spinning'],
  rodLengthMin: 72,
  rodLengthMax: 90,
  featured: true,
  sold: true,
  handover: 'shipping',
  freeShipping: true,
  tags: ['trout', 'fly'],
  sort: 'price_asc',
};

const roundTrip = (criteria: ListingSearchCriteria) =>
  criteriaFromSearchParams(criteriaToSearchParams(criteria));

describe('the address codec', () => {
  it('round-trips every criterion, and nothing for no criteria', () => {
    expect(roundTrip(everything)).toEqual(everything);
    expect(roundTrip(EMPTY_CRITERIA)).toEqual(EMPTY_CRITERIA);
    expect(criteriaToSearchParams(EMPTY_CRITERIA).toString()).toBe('');
  });

  it('writes the parameters in one order, whatever order the criteria were built in', () => {
    const reordered = Object.fromEntries(Object.entries(everything).reverse()) as ListingSearchCriteria;
    const names = [...criteriaToSearchParams(reordered)].map(([name]) => name);
    expect(names).toEqual(LISTING_SEARCH_PARAMS.filter((name) => names.includes(name)));
    expect(criteriaToSearchParams(reordered).toString()).toBe(criteriaToSearchParams(everything).toString());
  });

  it('round-trips each handover filter and free shipping, and drops unknown handovers', () => {
    for (const handover of ['pickup', 'shipping'] as const) {
      const criteria = { ...EMPTY_CRITERIA, handover };
      expect(criteriaToSearchParams(criteria).toString()).toBe(`handover=${handover}`);
      expect(roundTrip(criteria)).toEqual(criteria);
    }
    const free = { ...EMPTY_CRITERIA, freeShipping: true };
    expect(criteriaToSearchParams(free).toString()).toBe('free_shipping=true');
    expect(roundTrip(free)).toEqual(free);
    expect(criteriaFromSearchParams({ handover: 'boat', free_shipping: 'yes' })).toEqual(EMPTY_CRITERIA);
    expect(criteriaFromSearchParams({ handover: 'both' }).handover).toBeNull();
  });

  it('reads tags as "all of these", known slugs only, once each, in the reference order', () => {
    const criteria = criteriaFromSearchParams({ tags: 'fly,trout,walrus,fly' });
    expect(criteria.tags).toEqual(['trout', 'fly']);
    expect(criteriaToSearchParams(criteria).toString()).toBe('tags=trout%2Cfly');
    expect(criteriaToListQuery(criteria).tags).toBe('trout,fly');
    expect(ListListingsQuery.safeParse({ tags: 'bass,walrus' }).success).toBe(false);
    expect(criteriaFromListQuery(ListListingsQuery.parse({ tags: 'fly,bass' })).tags).toEqual([
      'bass',
      'fly',
    ]);
    const alert = alertFiltersFromCriteria({ ...EMPTY_CRITERIA, tags: ['redfish'] });
    expect(alert).toEqual({ tags: ['redfish'] });
    expect(hasAlertCriteria(alert)).toBe(true);
    expect(criteriaFromAlertFilters(AlertFilters.parse(alert)).tags).toEqual(['redfish']);
    expect(AlertFilters.safeParse({ tags: ['walrus'] }).success).toBe(false);
  });

  it('reads a plain record as it reads URLSearchParams', () => {
    const record = { q: 'penn', category: 'reels,rods', price: '-100' };
    expect(criteriaFromSearchParams(record)).toEqual(criteriaFromSearchParams(new URLSearchParams(record)));
    expect(criteriaFromSearchParams(record)).toMatchObject({
      q: 'penn',
      category: ['rods', 'reels'],
      priceMax: 100,
    });
  });

  it('drops invalid values: unknown list values, out-of-range numbers, unknown orders', () => {
    const criteria = criteriaFromSearchParams(
      new URLSearchParams(
        'category=rods,boats&condition=mint&lat=95&lng=10&radius=9000&rod_length_min=-3' +
          '&rod_length_max=7.5&featured=yes&sold=1&sort=cheapest&seller_id=x' +
          '&handover=both&free_shipping=1',
      ),
    );
    expect(criteria).toEqual({ ...EMPTY_CRITERIA, category: ['rods'] });
  });

  it('drops texts past their limits and keeps those at them', () => {
    const { qMax, brandMax, placeLabelMax, rodLengthInchesMax, radiusMilesMax } = LISTING_SEARCH_LIMITS;
    const at = criteriaFromSearchParams({
      q: 'q'.repeat(qMax),
      brand: 'b'.repeat(brandMax),
      near: 'n'.repeat(placeLabelMax),
      lat: '1',
      lng: '2',
      radius: String(radiusMilesMax),
      rod_length_max: String(rodLengthInchesMax),
    });
    expect(at.q).toHaveLength(qMax);
    expect(at.brand).toHaveLength(brandMax);
    expect(at.near?.label).toHaveLength(placeLabelMax);
    expect(at.radius).toBe(radiusMilesMax);
    expect(at.rodLengthMax).toBe(rodLengthInchesMax);

    const past = criteriaFromSearchParams({
      q: 'q'.repeat(qMax + 1),
      brand: 'b'.repeat(brandMax + 1),
      near: 'n'.repeat(placeLabelMax + 1),
      lat: '1',
      lng: '2',
      radius: String(radiusMilesMax + 1),
      rod_length_max: String(rodLengthInchesMax + 1),
    });
    expect(past).toMatchObject({ q: '', brand: '', radius: DEFAULT_RADIUS_MILES, rodLengthMax: null });
    expect(past.near?.label).toBe('1, 2');
  });

  it('uses the limits the API schema enforces', () => {
    const { qMax, brandMax, rodLengthInchesMax } = LISTING_SEARCH_LIMITS;
    expect(ListListingsQuery.safeParse({ q: 'q'.repeat(qMax) }).success).toBe(true);
    expect(ListListingsQuery.safeParse({ q: 'q'.repeat(qMax + 1) }).success).toBe(false);
    expect(ListListingsQuery.safeParse({ brand: 'b'.repeat(brandMax + 1) }).success).toBe(false);
    expect(ListListingsQuery.safeParse({ rod_length_min: rodLengthInchesMax + 1 }).success).toBe(false);
    expect(AlertFilters.safeParse({ q: 'q'.repeat(qMax + 1) }).success).toBe(false);
    expect(AlertFilters.safeParse({ brand: 'b'.repeat(brandMax) }).success).toBe(true);
  });
});

describe('the API query', () => {
  const fromQuery = (criteria: ListingSearchCriteria) =>
    criteriaFromListQuery(ListListingsQuery.parse(criteriaToListQuery(criteria)));

  it('carries the same criteria to the server, with the order made explicit', () => {
    expect(fromQuery(everything)).toMatchObject({ ...everything, near: { ...everything.near, label: '' } });
    expect(fromQuery(EMPTY_CRITERIA)).toMatchObject({ ...EMPTY_CRITERIA, sort: 'newest' });
    expect(criteriaToListQuery(everything)).toMatchObject({ handover: 'shipping', free_shipping: 'true' });
    expect(ListListingsQuery.safeParse({ handover: 'both' }).success).toBe(false);
    expect(ListListingsQuery.safeParse({ free_shipping: 'yes' }).success).toBe(false);
    expect(fromQuery({ ...EMPTY_CRITERIA, q: 'penn' }).sort).toBe('relevance');
  });

  it("carries the API's own forms: a seller, not featured, unsold, a point without a radius", () => {
    const own: ListingSearchCriteria = {
      ...EMPTY_CRITERIA,
      sellerId: '5f0c3e58-3f6d-4f55-9a57-6f1f7f0f6a11',
      notFeatured: true,
      unsold: true,
      near: { label: '', lat: 30, lng: -97 },
      anyDistance: true,
      sort: 'distance',
    };
    expect(criteriaToListQuery(own)).toMatchObject({ featured: 'false', sold: 'false', radius: undefined });
    expect(fromQuery(own)).toEqual(expect.objectContaining(own));
  });

  it('lists newest first without an order, also around a point or asked for best match without words', () => {
    const point = ListListingsQuery.parse({ lat: '30', lng: '-97', radius: '10' });
    expect(criteriaFromListQuery(point)).toMatchObject({ sort: 'newest', radius: 10, anyDistance: false });
    expect(criteriaFromListQuery(ListListingsQuery.parse({ sort: 'relevance' })).sort).toBe('newest');
  });
});

describe('alert filters', () => {
  it('round-trip through criteria', () => {
    const saved: AlertFilters[] = [
      { q: 'stradic', category: ['reels'], condition: ['new', 'like new'], price_min: 0, price_max: 200 },
      { brand: 'Shimano', lat: 30, lng: -97, radius: 25, location: 'Austin, TX' },
      { gear_types: ['Saltwater'], lat: 30, lng: -97 },
      { handover: 'pickup', category: ['rods'] },
      { handover: 'shipping', free_shipping: true },
      {},
    ];
    for (const filters of saved)
      expect(alertFiltersFromCriteria(criteriaFromAlertFilters(filters))).toEqual(filters);
  });

  it('keep every filter an alert matches on: all but sold gear and the order', () => {
    expect(alertFiltersFromCriteria(everything)).toEqual({
      q: 'spinning reel',
      rod_power: ['Medium', 'Medium Heavy'],
      rod_composition: ['graphite'],
      reel_type: ['spinning'],
      rod_length_min: 72,
      rod_length_max: 90,
      featured: true,
      category: ['rods', 'combo'],
      condition: ['like new', 'good'],
      gear_types: ['Saltwater', 'Fly Fishing'],
      price_min: 50,
      price_max: 250.5,
      brand: 'St. Croix',
      lat: 45.52,
      lng: -122.68,
      radius: 25,
      location: 'Portland, OR',
      handover: 'shipping',
      free_shipping: true,
      tags: ['trout', 'fly'],
    });
  });

  it('need something to match: a place counts only with its radius', () => {
    expect(hasAlertCriteria({})).toBe(false);
    expect(hasAlertCriteria({ lat: 30, lng: -97, location: 'Austin, TX' })).toBe(false);
    expect(hasAlertCriteria({ lat: 30, lng: -97, radius: 10 })).toBe(true);
    expect(hasAlertCriteria({ price_min: 0 })).toBe(true);
    expect(hasAlertCriteria({ handover: 'pickup' })).toBe(true);
    expect(hasAlertCriteria({ free_shipping: true })).toBe(true);
    expect(hasAlertCriteria({ free_shipping: false })).toBe(false);
    expect(AlertFilters.safeParse({ handover: 'both' }).success).toBe(false);
    expect(AlertFilters.safeParse({ free_shipping: 'yes' }).success).toBe(false);
  });
});
