export const AUSTIN = { lat: 30.2672, lng: -97.7431 };
export const DALLAS = { lat: 32.7767, lng: -96.797 };

/** A complete, valid create/edit body for a tackle listing. */
export function tackleBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Plano 3700 tackle box',
    description: 'Two trays, all latches work.',
    price: 30,
    condition: 'good',
    category: 'tackle',
    gear_types: ['Freshwater'],
    images: ['/files/product-images/plano-3700.webp'],
    location: 'Austin, TX',
    location_coordinates: AUSTIN,
    ...overrides,
  };
}

export const ROD_DETAILS = {
  rod_brand: 'St. Croix',
  rod_composition: 'graphite',
  rod_power_rating: 'Medium',
  rod_length_feet: 7,
  rod_length_inches: 0,
};

export const REEL_DETAILS = {
  reel_brand: 'Shimano',
  reel_type: 'spinning',
  reel_gear_ratio: 'single-speed',
};
