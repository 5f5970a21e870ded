import { AlertFilters, hasAlertCriteria } from '@castline/shared';
import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams } from '../../listings/api/listing-queries';
import {
  alertFilterChips,
  alertFiltersFromListing,
  alertNameFor,
  listingFiltersFromAlert,
  marketplaceHrefFor,
} from './alert-filters';

function fromAddress(search: string) {
  return alertFiltersFromListing(filtersFromSearchParams(new URLSearchParams(search)));
}

describe('alertFiltersFromListing', () => {
  it('keeps what an alert can match on, and only that', () => {
    const { filters, ignored } = fromAddress(
      'q=spinning&category=reels,combo&condition=like new&gear_types=Saltwater&price=50-200&brand=Shimano&sort=price_asc',
    );
    expect(filters).toEqual({
      q: 'spinning',
      category: ['reels', 'combo'],
      condition: ['like new'],
      gear_types: ['Saltwater'],
      price_min: 50,
      price_max: 200,
      brand: 'Shimano',
    });
    expect(ignored).toEqual([]);
    expect(AlertFilters.safeParse(filters).success).toBe(true);
  });

  it('saves the place as coordinates, radius and its label', () => {
    const { filters } = fromAddress('near=Bend, OR&lat=44.06&lng=-121.31&radius=25');
    expect(filters).toEqual({ lat: 44.06, lng: -121.31, radius: 25, location: 'Bend, OR' });
    expect(hasAlertCriteria(filters)).toBe(true);
  });

  it('keeps every marketplace filter but "sold", and names that one as left out', () => {
    const { filters, ignored } = fromAddress(
      'category=rods&rod_power=Medium&rod_composition=graphite&rod_length_min=84&featured=true&sold=true',
    );
    expect(filters).toEqual({
      category: ['rods'],
      rod_power: ['Medium'],
      rod_composition: ['graphite'],
      rod_length_min: 84,
      featured: true,
    });
    expect(ignored).toEqual(['Sold']);
    const reels = fromAddress('category=reels&reel_type=spinning');
    expect(reels.filters).toEqual({ category: ['reels'], reel_type: ['spinning'] });
    expect(reels.ignored).toEqual([]);
  });

  it('never drops a delivery filter silently: the alert shows it, or the dialog names it as left out', () => {
    const { filters, ignored } = fromAddress('category=reels&handover=pickup&free_shipping=true');
    const kept = alertFilterChips(filters);
    expect(kept).toContain('Reels');
    for (const label of ['Local pickup', 'Free shipping']) {
      expect(kept.includes(label) !== ignored.includes(label)).toBe(true);
    }
  });

  it('keeps the delivery filters in the alert, its chips and its name', () => {
    const { filters, ignored } = fromAddress(
      'category=reels&price=-200&handover=shipping&free_shipping=true',
    );
    expect(filters).toEqual({
      category: ['reels'],
      price_max: 200,
      handover: 'shipping',
      free_shipping: true,
    });
    expect(ignored).toEqual([]);
    expect(alertFilterChips(filters)).toEqual(['Reels', 'Up to $200', 'Shipping', 'Free shipping']);
    expect(alertNameFor(filters)).toBe('Reels under $200 with free shipping');
    expect(alertNameFor({ handover: 'pickup' })).toBe('Gear for local pickup');
    expect(marketplaceHrefFor(filters)).toBe(
      '/marketplace?category=reels&price=-200&handover=shipping&free_shipping=true',
    );
  });

  it('has nothing to match for an empty search or one that only sorts', () => {
    expect(hasAlertCriteria(fromAddress('').filters)).toBe(false);
    expect(hasAlertCriteria(fromAddress('sort=oldest&sold=true').filters)).toBe(false);
    // Featured only is a filter like the others.
    expect(hasAlertCriteria(fromAddress('sort=oldest&featured=true').filters)).toBe(true);
  });
});

describe('alertNameFor', () => {
  it.each([
    [{ brand: 'Shimano', category: ['reels'], price_max: 200 }, 'Shimano reels under $200'],
    [{ category: ['rods', 'reels'] }, 'Rods and reels'],
    [{ q: 'spinning rod', price_min: 50, price_max: 150 }, 'Spinning rod $50–$150'],
    [
      { condition: ['new', 'like new'], category: ['combo'], price_min: 100 },
      'New or like new rod/reel combos over $100',
    ],
    [{ gear_types: ['Fly Fishing'], category: ['rods'] }, 'Fly Fishing rods'],
    [{ brand: 'Penn' }, 'Penn gear'],
    [
      { category: ['tackle'], lat: 44.06, lng: -121.31, radius: 25, location: 'Bend, OR' },
      'Tackle within 25 mi of Bend, OR',
    ],
  ] as const)('names %o "%s"', (filters, name) => {
    expect(alertNameFor(AlertFilters.parse(filters))).toBe(name);
  });

  it('stays within 60 characters, cut at a word', () => {
    const name = alertNameFor({
      condition: ['new', 'like new', 'good'],
      gear_types: ['Freshwater', 'Saltwater', 'Fly Fishing'],
      brand: 'Abu Garcia',
      category: ['rods', 'reels', 'combo'],
    });
    expect(name.length).toBeLessThanOrEqual(60);
    expect(name).toMatch(/^New, like new or good .*…$/);
    expect(name).not.toMatch(/\s…$/);
  });
});

describe('from an alert back to the marketplace', () => {
  const filters = AlertFilters.parse({
    q: 'stradic',
    category: ['reels'],
    brand: 'Shimano',
    price_max: 200,
    lat: 44.06,
    lng: -121.31,
    radius: 25,
    location: 'Bend, OR',
  });

  it('rebuilds the search address', () => {
    const href = marketplaceHrefFor(filters);
    expect(href.startsWith('/marketplace?')).toBe(true);
    const params = new URLSearchParams(href.slice('/marketplace'.length));
    expect(Object.fromEntries(params)).toEqual({
      q: 'stradic',
      category: 'reels',
      price: '-200',
      near: 'Bend, OR',
      lat: '44.06',
      lng: '-121.31',
      radius: '25',
      brand: 'Shimano',
    });
    // And the address gives the same alert back.
    expect(fromAddress(href.slice('/marketplace?'.length)).filters).toEqual(filters);
  });

  it('words the chips as the marketplace does', () => {
    expect(alertFilterChips(filters)).toEqual([
      '“stradic”',
      'Reels',
      'Up to $200',
      'Within 25 mi of Bend, OR',
      'Brand: Shimano',
    ]);
    expect(listingFiltersFromAlert({}).q).toBe('');
    expect(marketplaceHrefFor({})).toBe('/marketplace');
  });
});
