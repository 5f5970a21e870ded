import { sql, type SQL } from 'drizzle-orm';

export const METERS_PER_MILE = 1609.344;

/**
 * The great-circle distance in meters between two points given in degrees, on earthdistance's own
 * sphere (`earth()`), by the haversine formula: the same figure as
 * `earth_distance(ll_to_earth(a), ll_to_earth(b))` without building two earth points per row.
 * Null when a coordinate is null (the case: `least()` would skip a null and give a distance).
 * `least()` keeps rounding from taking asin past 1.
 */
export function greatCircleMeters(latA: SQL, lngA: SQL, latB: SQL, lngB: SQL): SQL<number | null> {
  const haversine = sql`power(sin(radians(${latB} - ${latA}) / 2), 2) + cos(radians(${latA})) * cos(radians(${latB})) * power(sin(radians(${lngB} - ${lngA}) / 2), 2)`;
  return sql<
    number | null
  >`(case when ${latA} is null or ${lngA} is null or ${latB} is null or ${lngB} is null then null else 2 * earth() * asin(least(1::float8, sqrt(${haversine}))) end)`;
}

/** earthdistance's `earth()`: the sphere's radius in meters. */
export const EARTH_RADIUS_METERS = 6_378_168;

export interface DegreeBox {
  latMin: number;
  latMax: number;
  lngMin: number;
  lngMax: number;
}

/**
 * The latitude and longitude ranges that hold every point within `meters` (great-circle, on the
 * `earth()` sphere) of a point, for a plain B-tree index on the coordinates. A circle of angular
 * radius δ around latitude φ spans φ ± δ and longitudes ± asin(sin δ / cos φ); a circle that
 * reaches a pole or crosses the 180th meridian spans every longitude. The box is a superset
 * (the great-circle distance still trims its corners), widened by a hair against rounding.
 */
export function degreeBox(lat: number, lng: number, meters: number): DegreeBox {
  const toDegrees = 180 / Math.PI;
  const margin = 1e-9;
  const delta = meters / EARTH_RADIUS_METERS;
  const latMin = Math.max(-90, lat - delta * toDegrees - margin);
  const latMax = Math.min(90, lat + delta * toDegrees + margin);
  const everyLongitude = { latMin, latMax, lngMin: -180, lngMax: 180 };
  if (latMin <= -90 || latMax >= 90 || delta >= Math.PI / 2) return everyLongitude;
  const spread = Math.asin(Math.min(1, Math.sin(delta) / Math.cos(lat / toDegrees))) * toDegrees + margin;
  const lngMin = lng - spread;
  const lngMax = lng + spread;
  if (lngMin < -180 || lngMax > 180) return everyLongitude;
  return { latMin, latMax, lngMin, lngMax };
}
