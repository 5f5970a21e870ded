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
