import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersFromSearchParams } from '../../api/listing-queries';
import { activeFilters, clearedFilters } from './active-filters';
import { priceRangeLabel, rodLengthLabel, rodLengthRangeLabel } from './filter-labels';
import { searchWithFilters } from './use-listing-filters';

const filters = filtersFromSearchParams(
  new URLSearchParams(
    '?q=penn&category=rods,reels&condition=like+new&gear_types=Saltwater&price=25-&near=Bend,+OR&lat=44.06&lng=-121.31&radius=100' +
      '&rod_power=Heavy&rod_composition=carbon_fiber&rod_length_min=78&reel_type=baitcasting&brand=Penn&featured=true&sold=true&sort=oldest',
  ),
);

describe('active filter chips', () => {
  it('names every applied filter, in the order of the panel', () => {
    expect(activeFilters(filters).map((chip) => chip.label)).toEqual([
      '“penn”',
      'Rods',
      'Reels',
      'Like New',
      'Saltwater',
      'From $25',
      'Within 100 mi of Bend, OR',
      'Power: Heavy',
      'Carbon Fiber',
      'Rod from 6 ft 6 in',
      'Baitcasting reels',
      'Brand: Penn',
      'Featured',
      'Sold',
    ]);
  });

  it('removes only its own filter', () => {
    const chips = activeFilters(filters);
    const reels = chips.find((chip) => chip.key === 'category:reels');
    const withoutReels = reels?.remove(filters);
    expect(withoutReels?.category).toEqual(['rods']);
    expect(withoutReels?.condition).toEqual(['like new']);

    const near = chips.find((chip) => chip.key === 'near');
    expect(near?.remove(filters).near).toBeNull();
  });

  it('clears all filters but keeps an order that still applies', () => {
    expect(clearedFilters(filters)).toEqual({ ...EMPTY_FILTERS, sort: 'oldest' });
    expect(clearedFilters({ ...filters, sort: 'distance' })).toEqual(EMPTY_FILTERS);
    expect(activeFilters(EMPTY_FILTERS)).toEqual([]);
  });
});

describe('labels', () => {
  it('speak prices and rod lengths plainly', () => {
    expect(priceRangeLabel(50, 200)).toBe('$50 – $200');
    expect(priceRangeLabel(null, 0.5)).toBe('Up to $0.50');
    expect(rodLengthLabel(84)).toBe('7 ft');
    expect(rodLengthLabel(9)).toBe('9 in');
    expect(rodLengthRangeLabel(72, 90)).toBe('Rod 6 ft – 7 ft 6 in');
    expect(rodLengthRangeLabel(null, 96)).toBe('Rod up to 8 ft');
  });
});

describe('searchWithFilters', () => {
  it('writes the filters and keeps parameters that are not filters', () => {
    expect(searchWithFilters('?debug=true&category=tackle', { ...EMPTY_FILTERS, category: ['reels'] })).toBe(
      '?category=reels&debug=true',
    );
    expect(searchWithFilters('?category=tackle', EMPTY_FILTERS)).toBe('');
  });
});
