import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from './client.js';
import { degreeBox, EARTH_RADIUS_METERS, greatCircleMeters } from './great-circle.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The great-circle distance as the database computes it. */
async function meters(a: [number, number], b: [number, number]): Promise<number> {
  const result = await database.db.execute(
    sql`select ${greatCircleMeters(sql`${a[0]}::float8`, sql`${a[1]}::float8`, sql`${b[0]}::float8`, sql`${b[1]}::float8`)} as meters`,
  );
  return Number((result as unknown as { rows: { meters: number }[] }).rows[0]!.meters);
}

const inside = (box: ReturnType<typeof degreeBox>, [lat, lng]: [number, number]) =>
  lat >= box.latMin && lat <= box.latMax && lng >= box.lngMin && lng <= box.lngMax;

describe('degreeBox', () => {
  it('holds every point of the circle: points on its edge in every direction are inside', async () => {
    for (const [lat, lng, radius] of [
      [30.2672, -97.7431, 80_467],
      [41.8781, -87.6298, 160_934],
      [64.8378, -147.7164, 300_000],
      [-33.8688, 151.2093, 50_000],
    ] as const) {
      const box = degreeBox(lat, lng, radius);
      const angle = radius / EARTH_RADIUS_METERS;
      for (let bearing = 0; bearing < 360; bearing += 7.5) {
        // The point `radius` away along `bearing` (direct geodesic problem on the sphere).
        const phi = (lat * Math.PI) / 180;
        const theta = (bearing * Math.PI) / 180;
        const lat2 = Math.asin(
          Math.sin(phi) * Math.cos(angle) + Math.cos(phi) * Math.sin(angle) * Math.cos(theta),
        );
        const lng2 =
          (lng * Math.PI) / 180 +
          Math.atan2(
            Math.sin(theta) * Math.sin(angle) * Math.cos(phi),
            Math.cos(angle) - Math.sin(phi) * Math.sin(lat2),
          );
        const edge: [number, number] = [(lat2 * 180) / Math.PI, (lng2 * 180) / Math.PI];
        expect(await meters([lat, lng], edge)).toBeCloseTo(radius, 0);
        expect(inside(box, edge), `${lat},${lng} r=${radius} bearing ${bearing}`).toBe(true);
      }
    }
  });

  it('is tight: a point just past the circle north, south, east and west is outside', () => {
    const box = degreeBox(30.2672, -97.7431, 80_467);
    expect(box.latMax - 30.2672).toBeCloseTo(0.7229, 3);
    expect(-97.7431 - box.lngMin).toBeCloseTo(0.837, 2);
    for (const point of [
      [box.latMax + 0.01, -97.7431],
      [box.latMin - 0.01, -97.7431],
      [30.2672, box.lngMax + 0.01],
      [30.2672, box.lngMin - 0.01],
    ] as [number, number][])
      expect(inside(box, point)).toBe(false);
  });

  it('spans every longitude when the circle reaches a pole or crosses the 180th meridian', () => {
    expect(degreeBox(89.5, 10, 100_000)).toMatchObject({ latMax: 90, lngMin: -180, lngMax: 180 });
    expect(degreeBox(-52, 179.9, 50_000)).toMatchObject({ lngMin: -180, lngMax: 180 });
    expect(degreeBox(0, 0, 25_000_000)).toEqual({ latMin: -90, latMax: 90, lngMin: -180, lngMax: 180 });
  });
});
