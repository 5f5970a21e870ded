import { LISTING_MESSAGES as M, ListingBody, OTHER_BRAND } from '@castline/shared';
import { describe, expect, it } from 'vitest';
import type { ListingFormValues } from './listing-form-values';
import {
  brandChoice,
  changeCategory,
  emptyListingFormValues,
  emptyReelFilters,
  emptyRodFilters,
  errorsFromIssues,
  fieldOfPath,
  formValuesFromListing,
  priceStep,
  resolveBrand,
  roundPriceInput,
  toListingInput,
} from './listing-form-values';
import { buildListingDto } from './testing/listing-fixture';

const rodFilters = {
  brand: 'Shimano',
  otherBrand: '',
  composition: 'graphite',
  powerRating: 'Medium',
  length: { feet: '7', inches: '6' },
} as const;
const reelFilters = { brand: 'Penn', otherBrand: '', type: 'spinning', gearRatio: 'star-drag' } as const;

function filled(overrides: Partial<ListingFormValues> = {}): ListingFormValues {
  return {
    ...emptyListingFormValues(),
    title: 'Shimano combo',
    description: 'Rod and reel',
    price: '150',
    category: 'combo',
    gear_types: ['Saltwater'],
    location: { text: 'Tampa, FL, USA', coordinates: { lat: 27.95, lng: -82.46 } },
    images: ['/files/product-images/a.webp', '/files/product-images/b.webp', '/files/product-images/c.webp'],
    mainImageIndex: 0,
    rodFilters: { ...rodFilters, length: { ...rodFilters.length } },
    reelFilters: { ...reelFilters },
    ...overrides,
  };
}

describe('category change (spec 000 §4)', () => {
  it('clears reel details unless reels or combo, and resets rod details unless rods or combo', () => {
    const values = filled();
    expect(changeCategory(values, 'rods')).toMatchObject({
      rodFilters: values.rodFilters,
      reelFilters: emptyReelFilters(),
    });
    expect(changeCategory(values, 'reels')).toMatchObject({
      rodFilters: emptyRodFilters(),
      reelFilters: values.reelFilters,
    });
    expect(changeCategory(values, 'tackle')).toMatchObject({
      category: 'tackle',
      rodFilters: emptyRodFilters(),
      reelFilters: emptyReelFilters(),
    });
    expect(changeCategory(values, 'combo')).toMatchObject({
      rodFilters: values.rodFilters,
      reelFilters: values.reelFilters,
    });
  });
});

describe('brands', () => {
  it("sends the free text when 'Other' is chosen", () => {
    expect(resolveBrand({ brand: OTHER_BRAND, otherBrand: '  Lamiglas ' })).toBe('Lamiglas');
    expect(resolveBrand({ brand: 'Penn', otherBrand: 'ignored' })).toBe('Penn');
  });

  it("maps a stored brand that is not listed back to 'Other' with its text", () => {
    expect(brandChoice('Lamiglas', ['Penn'])).toEqual({ brand: OTHER_BRAND, otherBrand: 'Lamiglas' });
    expect(brandChoice('Penn', ['Penn'])).toEqual({ brand: 'Penn', otherBrand: '' });
    expect(brandChoice(null, ['Penn'])).toEqual({ brand: '', otherBrand: '' });
  });
});

describe('price input (spec 000 §5)', () => {
  it('steps by cents up to 1 and by whole dollars above', () => {
    expect(priceStep('')).toBe('0.01');
    expect(priceStep('0.5')).toBe('0.01');
    expect(priceStep('1')).toBe('0.01');
    expect(priceStep('1.01')).toBe('1');
    expect(priceStep('250')).toBe('1');
  });

  it('rounds prices above 1 down to whole dollars and leaves the rest as typed', () => {
    expect(roundPriceInput('19.99')).toBe('19');
    expect(roundPriceInput('1.5')).toBe('1');
    expect(roundPriceInput('0.75')).toBe('0.75');
    expect(roundPriceInput('1')).toBe('1');
    expect(roundPriceInput('')).toBe('');
    expect(roundPriceInput('abc')).toBe('abc');
  });
});

describe('toListingInput', () => {
  it('moves the main photo first, sends no mainImageIndex and resolves Other brands', () => {
    const input = toListingInput(
      filled({
        mainImageIndex: 2,
        rodFilters: {
          ...rodFilters,
          brand: OTHER_BRAND,
          otherBrand: 'Lamiglas',
          length: { feet: '7', inches: '6' },
        },
        reelFilters: { ...reelFilters, brand: OTHER_BRAND, otherBrand: 'Van Staal' },
      }),
    );
    expect(input).not.toHaveProperty('mainImageIndex');
    expect(input).toMatchObject({
      images: [
        '/files/product-images/c.webp',
        '/files/product-images/a.webp',
        '/files/product-images/b.webp',
      ],
      price: 150,
      location: 'Tampa, FL, USA',
      location_coordinates: { lat: 27.95, lng: -82.46 },
      rod_brand: 'Lamiglas',
      rod_length_feet: 7,
      rod_length_inches: 6,
      reel_brand: 'Van Staal',
      reel_gear_ratio: 'star-drag',
    });
    const parsed = ListingBody.safeParse(input);
    expect(parsed.success).toBe(true);
  });

  it('sends no rod or reel details for other categories', () => {
    const input = toListingInput(filled({ category: 'tackle' }));
    expect(input).toMatchObject({
      rod_brand: null,
      rod_composition: null,
      rod_power_rating: null,
      rod_length_feet: null,
      rod_length_inches: null,
      reel_brand: null,
      reel_type: null,
      reel_gear_ratio: null,
    });
  });
});

describe('formValuesFromListing', () => {
  it("prefills the form, with unlisted rod and reel brands as 'Other' + their text", () => {
    const values = formValuesFromListing(
      buildListingDto({
        category: 'combo',
        rod_brand: 'Lamiglas',
        reel_brand: 'Van Staal',
        reel_type: 'spinning',
        reel_gear_ratio: 'double-speed',
        rod_length_feet: 9,
        rod_length_inches: 0,
      }),
    );
    expect(values.rodFilters).toEqual({
      brand: OTHER_BRAND,
      otherBrand: 'Lamiglas',
      composition: 'graphite',
      powerRating: 'Medium',
      length: { feet: '9', inches: '0' },
    });
    expect(values.reelFilters).toEqual({
      brand: OTHER_BRAND,
      otherBrand: 'Van Staal',
      type: 'spinning',
      gearRatio: 'double-speed',
    });
    expect(values).toMatchObject({
      price: '120',
      condition: 'like new',
      mainImageIndex: 0,
      brand: 'St. Croix',
    });
    expect(values.location).toEqual({ text: 'Portland, OR, USA', coordinates: { lat: 45.52, lng: -122.68 } });
  });

  it('selects listed brands and has no main photo without photos', () => {
    const values = formValuesFromListing(buildListingDto({ images: [] }));
    expect(values.rodFilters.brand).toBe('St. Croix');
    expect(values.mainImageIndex).toBeUndefined();
    expect(values.reelFilters).toEqual(emptyReelFilters());
  });

  it('round-trips to the same listing fields', () => {
    const listing = buildListingDto();
    const parsed = ListingBody.parse(toListingInput(formValuesFromListing(listing)));
    expect(parsed).toMatchObject({
      title: listing.title,
      images: listing.images,
      rod_brand: 'St. Croix',
      rod_length_feet: 7,
      rod_length_inches: 0,
    });
  });
});

describe('errors', () => {
  it('lists the messages of an empty combo in the spec order, the first one for the toast', () => {
    const parsed = ListingBody.safeParse(toListingInput({ ...emptyListingFormValues(), category: 'combo' }));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const { errors, first } = errorsFromIssues(parsed.error.issues);
    expect(first).toEqual({ field: 'title', message: M.titleRequired });
    expect(Object.values(errors)).toEqual([
      M.titleRequired,
      M.descriptionRequired,
      M.gearTypesRequired,
      M.priceInvalid,
      M.locationRequired,
      M.imagesRequired,
      M.rodBrandRequired,
      M.rodCompositionRequired,
      M.rodPowerRequired,
      M.rodLengthRequired,
      M.reelBrandRequired,
      M.reelTypeRequired,
      M.dragSystemRequired,
    ]);
  });

  it('maps issue paths to form fields', () => {
    expect(fieldOfPath('images.3')).toBe('images');
    expect(fieldOfPath('location_coordinates.lat')).toBe('location');
    expect(fieldOfPath(['gear_types', 0])).toBe('gear_types');
    expect(fieldOfPath('seller_id')).toBeUndefined();
    const { errors, first } = errorsFromIssues([
      { path: 'unknown', message: 'ignored' },
      { path: 'price', message: M.priceTooHigh },
      { path: 'price', message: 'second message for price' },
    ]);
    expect(errors).toEqual({ price: M.priceTooHigh });
    expect(first).toEqual({ field: 'price', message: M.priceTooHigh });
  });
});
