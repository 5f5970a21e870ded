import { LISTING_SORTS, ListListingsQuery } from '@castline/shared';
import { describe, expect, it } from 'vitest';
import type { ListingFilters } from './listing-queries';
import {
  DEFAULT_RADIUS_MILES,
  effectiveSort,
  EMPTY_FILTERS,
  filterCount,
  filtersFromSearchParams,
  listingsQueryString,
  listListingsQuery,
  nextPageOf,
  normalizeFilters,
  priceRangeParam,
  searchStringFromFilters,
} from './listing-queries';

const everything: ListingFilters = {
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
  sold: false,
  handover: 'shipping',
  freeShipping: true,
  tags: [],
  sort: 'price_asc',
};

function fromSearch(search: string): ListingFilters {
  return filtersFromSearchParams(new URLSearchParams(search));
}

describe('the sort in the address', () => {
  it('takes every shared sort from the address, and nothing else', () => {
    for (const sort of LISTING_SORTS)
      expect(fromSearch(`?sort=${sort}&q=reel&lat=1&lng=2`).sort).toBe(sort === 'relevance' ? null : sort);
    expect(fromSearch('?sort=cheapest').sort).toBeNull();
    expect(fromSearch('?sort=toString').sort).toBeNull();
  });
});

describe('address ↔ filters', () => {
  it('gives an empty address for no filters, and no filters for an empty address', () => {
    expect(searchStringFromFilters(EMPTY_FILTERS)).toBe('');
    expect(fromSearch('')).toEqual(EMPTY_FILTERS);
  });

  it('round-trips every filter through the address', () => {
    const search = searchStringFromFilters(everything);
    expect(fromSearch(search)).toEqual(everything);
  });

  it('writes a readable address with the API’s names and comma lists', () => {
    expect(searchStringFromFilters(everything)).toBe(
      '?q=spinning+reel&category=rods,combo&condition=like+new,good&gear_types=Saltwater,Fly+Fishing' +
        '&price=50-250.5&near=Portland,+OR&lat=45.52&lng=-122.68&radius=25&brand=St.+Croix' +
        '&rod_power=Medium,Medium+Heavy&rod_composition=graphite&reel_type=spinning' +
        '&rod_length_min=72&rod_length_max=90&featured=true&handover=shipping&free_shipping=true&sort=price_asc',
    );
  });

  it('reads a shared link', () => {
    const filters = fromSearch(
      '?category=reels&condition=new&price=-100&lat=40.7&lng=-74&radius=10&near=New%20York&sort=distance',
    );
    expect(filters).toEqual({
      ...EMPTY_FILTERS,
      category: ['reels'],
      condition: ['new'],
      priceMax: 100,
      near: { label: 'New York', lat: 40.7, lng: -74 },
      radius: 10,
    });
    // Distance is already the order of a location search, so it is not repeated.
    expect(effectiveSort(filters)).toBe('distance');
  });

  it('ignores invalid parameters and invalid values in a list', () => {
    const filters = fromSearch(
      '?category=rods,boats,&condition=mint&gear_types=Saltwater&price=abc-200' +
        '&lat=95&lng=10&radius=9000&rod_length_min=-3&rod_length_max=7.5&featured=yes&sort=cheapest&page=4',
    );
    expect(filters).toEqual({
      ...EMPTY_FILTERS,
      category: ['rods'],
      gear_types: ['Saltwater'],
      priceMax: 200,
      radius: DEFAULT_RADIUS_MILES,
    });
  });

  it('keeps lists in the reference order and without repeats, so equal searches share one address', () => {
    expect(fromSearch('?category=reels,rods,reels').category).toEqual(['rods', 'reels']);
    expect(fromSearch('?category=rods&category=reels').category).toEqual(['rods', 'reels']);
  });

  it('needs both coordinates for a location, and names an unnamed point by them', () => {
    expect(fromSearch('?lat=45').near).toBeNull();
    expect(fromSearch('?lat=45&lng=-122').near).toEqual({ label: '45, -122', lat: 45, lng: -122 });
  });

  it('drops an order that does not apply: distance without a location, best match without words', () => {
    expect(fromSearch('?sort=distance').sort).toBeNull();
    expect(fromSearch('?sort=relevance').sort).toBeNull();
    expect(fromSearch('?q=penn&sort=relevance').sort).toBeNull();
    expect(effectiveSort(fromSearch('?q=penn'))).toBe('relevance');
    expect(fromSearch('?q=penn&sort=oldest').sort).toBe('oldest');
  });

  it('puts reversed bounds in order', () => {
    const filters = fromSearch('?price=300-100&rod_length_min=96&rod_length_max=72');
    expect([filters.priceMin, filters.priceMax]).toEqual([100, 300]);
    expect([filters.rodLengthMin, filters.rodLengthMax]).toEqual([72, 96]);
  });
});

describe('normalizeFilters', () => {
  it('drops rod and reel details the chosen categories cannot have', () => {
    const tackle = normalizeFilters({ ...everything, category: ['tackle'] });
    expect(tackle.rod_power).toEqual([]);
    expect(tackle.rod_composition).toEqual([]);
    expect(tackle.rodLengthMin).toBeNull();
    expect(tackle.reel_type).toEqual([]);

    const rods = normalizeFilters({ ...everything, category: ['rods'] });
    expect(rods.rod_power).toEqual(['Medium', 'Medium Heavy']);
    expect(rods.reel_type).toEqual([]);
  });
});

describe('filterCount', () => {
  it('counts each chosen value once and ignores the order', () => {
    expect(filterCount(EMPTY_FILTERS)).toBe(0);
    expect(filterCount({ ...EMPTY_FILTERS, sort: 'oldest' })).toBe(0);
    expect(filterCount({ ...EMPTY_FILTERS, category: ['rods', 'reels'], priceMin: 5, priceMax: 10 })).toBe(3);
  });
});

describe('GET /api/listings query', () => {
  it('sends the filters with the API’s names, page and page size, and the server accepts them', () => {
    const query = listListingsQuery(everything, 2);
    expect(query).toEqual({
      q: 'spinning reel',
      category: 'rods,combo',
      condition: 'like new,good',
      gear_types: 'Saltwater,Fly Fishing',
      price: '50-250.5',
      lat: 45.52,
      lng: -122.68,
      radius: 25,
      brand: 'St. Croix',
      rod_power: 'Medium,Medium Heavy',
      rod_composition: 'graphite',
      reel_type: 'spinning',
      rod_length_min: 72,
      rod_length_max: 90,
      featured: 'true',
      sold: undefined,
      handover: 'shipping',
      free_shipping: 'true',
      sort: 'price_asc',
      page: 2,
      pageSize: 20,
    });
    const parsed = ListListingsQuery.safeParse(
      Object.fromEntries(new URLSearchParams(listingsQueryString(query))),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      category: ['rods', 'combo'],
      condition: ['like new', 'good'],
      gear_types: ['Saltwater', 'Fly Fishing'],
      rod_power: ['Medium', 'Medium Heavy'],
      lat: 45.52,
      radius: 25,
      page: 2,
      pageSize: 20,
    });
  });

  it('asks for the newest first when nothing is set, and leaves unset filters out', () => {
    expect(listingsQueryString(listListingsQuery(EMPTY_FILTERS))).toBe('sort=newest&page=1&pageSize=20');
  });

  it('sends no radius without a location', () => {
    expect(listListingsQuery({ ...EMPTY_FILTERS, radius: 100 }).radius).toBeUndefined();
  });

  it('writes open price ranges the way the server reads them', () => {
    expect(priceRangeParam(50, null)).toBe('50-');
    expect(priceRangeParam(null, 200)).toBe('-200');
    expect(priceRangeParam(null, null)).toBeUndefined();
  });
});

describe('nextPageOf', () => {
  it('asks for the next page while there are more', () => {
    expect(nextPageOf({ items: [], total: 45, page: 1, pageSize: 20 })).toBe(2);
    expect(nextPageOf({ items: [], total: 45, page: 3, pageSize: 20 })).toBeUndefined();
    expect(nextPageOf({ items: [], total: 40, page: 2, pageSize: 20 })).toBeUndefined();
  });
});
