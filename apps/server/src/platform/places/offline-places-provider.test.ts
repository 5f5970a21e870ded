import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_SUGGESTION_LIMIT } from '@castline/shared';
import { geocodePlace, getPlacesProvider, setPlacesProvider } from './index.js';
import { createOfflinePlacesProvider } from './offline-places-provider.js';

const places = createOfflinePlacesProvider();

beforeAll(() => {
  const [cities, zips] = places.load();
  expect(cities).toMatchObject({ dataset: 'cities', records: expect.any(Number) });
  expect(cities!.records).toBeGreaterThan(130_000);
  expect(zips).toMatchObject({ dataset: 'zips', records: expect.any(Number) });
  expect(zips!.records).toBeGreaterThan(40_000);
}, 30_000);

function descriptions(input: string, type: 'cities' | 'postal_codes' | 'any' = 'any', limit = 8) {
  return places.suggest(input, type, limit).map((item) => item.description);
}

describe('offline places: geocode', () => {
  it('reads "Austin, TX", "austin texas" and "Austin, Texas, USA" as Austin, Texas', () => {
    for (const text of ['Austin, TX', 'austin texas', 'Austin, Texas, USA', '  AUSTIN tx ']) {
      const result = places.geocode(text);
      expect(result?.formatted_address).toBe('Austin, TX, USA');
      expect(result?.lat).toBeCloseTo(30.267, 2);
      expect(result?.lng).toBeCloseTo(-97.743, 2);
    }
  });

  it('reads a US ZIP code, alone, as ZIP+4 or inside an address', () => {
    for (const text of ['78701', '78701-1234', 'Austin, TX 78701']) {
      const result = places.geocode(text);
      expect(result?.formatted_address).toBe('Austin, TX 78701, USA');
      expect(result?.lat).toBeCloseTo(30.27, 1);
      expect(result?.lng).toBeCloseTo(-97.74, 1);
    }
  });

  it('lets the state tell Portland, Oregon from Portland, Maine', () => {
    const oregon = places.geocode('Portland, OR');
    const maine = places.geocode('Portland, ME');
    expect(oregon).toMatchObject({ formatted_address: 'Portland, OR, USA' });
    expect(oregon?.lng).toBeCloseTo(-122.68, 1);
    expect(maine).toMatchObject({ formatted_address: 'Portland, ME, USA' });
    expect(maine?.lng).toBeCloseTo(-70.26, 1);
    expect(places.geocode('portland maine')?.formatted_address).toBe('Portland, ME, USA');
    // Without a state, the larger one.
    expect(places.geocode('Portland')?.formatted_address).toBe('Portland, OR, USA');
  });

  it('takes the largest place of a name unless a region narrows it', () => {
    expect(places.geocode('Paris')?.formatted_address).toBe('Paris, France');
    expect(places.geocode('Paris, TX')?.formatted_address).toBe('Paris, TX, USA');
    expect(places.geocode('Paris, France')?.formatted_address).toBe('Paris, France');
    expect(places.geocode('Springfield, IL')?.formatted_address).toBe('Springfield, IL, USA');
  });

  it('ignores accents and case', () => {
    for (const text of ['Québec', 'quebec', 'QUEBEC, Canada']) {
      expect(places.geocode(text)?.formatted_address).toBe('Québec, QC, Canada');
    }
    expect(places.geocode('Montreal')?.formatted_address).toBe('Montréal, QC, Canada');
  });

  it('knows "St." and "Saint", "D.C." and "DC", and small towns only the ZIP data has', () => {
    expect(places.geocode('Saint Louis, MO')?.formatted_address).toBe('St. Louis, MO, USA');
    expect(places.geocode('st louis')?.formatted_address).toBe('St. Louis, MO, USA');
    expect(places.geocode('Washington DC')?.formatted_address).toBe('Washington, DC, USA');
    const newYork = places.geocode('New York, NY');
    expect(newYork?.formatted_address).toBe('New York, NY, USA');
    expect(newYork?.lat).toBeCloseTo(40.75, 1);
    expect(newYork?.lng).toBeCloseTo(-73.98, 1);
  });

  it('answers null for text that names no place', () => {
    for (const text of ['Qwertyuiop', '', '   ', '99999', '00000-0000', '!!!', 'Atlantis, Narnia']) {
      expect(places.geocode(text)).toBeNull();
    }
  });

  it('is what geocodePlace (the listings entry point) answers, through a replaceable provider', async () => {
    setPlacesProvider(places);
    expect(getPlacesProvider()).toBe(places);
    await expect(geocodePlace('Portland, ME')).resolves.toMatchObject({
      formatted_address: 'Portland, ME, USA',
    });
    await expect(geocodePlace('Qwertyuiop')).resolves.toBeNull();
  });

  afterAll(() => setPlacesProvider(undefined));
});

describe('offline places: suggestions', () => {
  it('completes a city name, best first, with stable ids', () => {
    const items = places.suggest('Aus', 'any', 8);
    expect(items[0]).toEqual({ description: 'Austin, TX, USA', place_id: 'city:4671654' });
    expect(items.every((item) => /^city:\d+$/.test(item.place_id))).toBe(true);
  });

  it('ranks by population and prefers US places, but keeps the world', () => {
    // Birmingham, Alabama is smaller than Birmingham, England but comes first on a US marketplace.
    expect(descriptions('Birmingham').slice(0, 2)).toEqual([
      'Birmingham, AL, USA',
      'Birmingham, United Kingdom',
    ]);
    expect(descriptions('Paris')[0]).toBe('Paris, France');
    expect(descriptions('Paris')).toContain('Paris, TX, USA');
    expect(descriptions('lon')).toEqual(
      expect.arrayContaining(['London, United Kingdom', 'Long Beach, CA, USA']),
    );
    const sanFrancisco = descriptions('san').indexOf('San Francisco, CA, USA');
    expect(sanFrancisco).toBeGreaterThanOrEqual(0);
  });

  it('matches without accents and with them', () => {
    expect(descriptions('queb')).toContain('Québec, QC, Canada');
    expect(descriptions('Québ')).toContain('Québec, QC, Canada');
    expect(descriptions('montre')[0]).toBe('Montréal, QC, Canada');
  });

  it('narrows by state or country after a comma, even a partly typed one', () => {
    expect(descriptions('Portland, ME')).toEqual(['Portland, ME, USA']);
    expect(descriptions('portland, ore')).toEqual(['Portland, OR, USA']);
    expect(descriptions('austin tex')[0]).toBe('Austin, TX, USA');
  });

  it('offers ZIP codes for digits', () => {
    expect(places.suggest('78701', 'any', 8)).toEqual([
      { description: 'Austin, TX 78701, USA', place_id: 'zip:78701' },
    ]);
    const prefix = places.suggest('787', 'postal_codes', 8);
    expect(prefix).toHaveLength(8);
    expect(prefix.every((item) => /^zip:787\d\d$/.test(item.place_id))).toBe(true);
    expect(places.suggest('787', 'cities', 8)).toEqual([]);
    expect(places.suggest('99999', 'any', 8)).toEqual([]);
  });

  it('offers the ZIP codes of a city when asked for postal codes', () => {
    const items = places.suggest('Austin, TX', 'postal_codes', 5);
    expect(items).toHaveLength(5);
    expect(items.every((item) => /^Austin, TX \d{5}, USA$/.test(item.description))).toBe(true);
  });

  it('keeps to the limit and never repeats a description', () => {
    expect(places.suggest('san', 'any', 3)).toHaveLength(3);
    const full = descriptions('san', 'any', PLACE_SUGGESTION_LIMIT);
    expect(full).toHaveLength(PLACE_SUGGESTION_LIMIT);
    expect(new Set(full).size).toBe(full.length);
    expect(places.suggest('spr', 'any', 50).length).toBeLessThanOrEqual(50);
    expect(places.suggest('Qwertyuiop', 'any', 8)).toEqual([]);
  });
});

describe('offline places: lookup', () => {
  it('resolves every suggestion to the place it describes', () => {
    for (const item of [...places.suggest('Portland', 'any', 8), ...places.suggest('787', 'any', 3)]) {
      expect(places.lookup(item.place_id)?.formatted_address).toBe(item.description);
    }
  });

  it('answers null for unknown and malformed ids', () => {
    for (const id of ['city:0', 'city:999999999', 'zip:00000', 'zip:7870', 'nowhere', '', 'city:abc']) {
      expect(places.lookup(id)).toBeNull();
    }
  });
});

describe('offline places: loading', () => {
  it('loads each data set on the first query that needs it, once', () => {
    const loaded: string[] = [];
    const lazy = createOfflinePlacesProvider({ onLoad: (stats) => loaded.push(stats.dataset) });
    expect(loaded).toEqual([]);
    lazy.suggest('Aus', 'any', 3);
    lazy.geocode('Paris');
    expect(loaded).toEqual(['cities']);
    lazy.suggest('787', 'any', 3);
    lazy.lookup('zip:78701');
    expect(loaded).toEqual(['cities', 'zips']);
  });
});

describe('offline places: speed', () => {
  it('answers a loaded query in well under 5 ms', () => {
    const inputs = ['san', 'por', 'Austin, TX', 'new y', 'lon', '787', 'québ', 'spring'];
    const started = performance.now();
    const rounds = 200;
    for (let i = 0; i < rounds; i += 1) {
      const input = inputs[i % inputs.length]!;
      places.suggest(input, 'any', PLACE_SUGGESTION_LIMIT);
      places.geocode(input);
    }
    expect((performance.now() - started) / (rounds * 2)).toBeLessThan(5);
  });
});
