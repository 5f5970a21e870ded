import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  criteriaFromAlertFilters,
  criteriaToListQuery,
  ListingListDto,
  type AlertFilters,
} from '@castline/shared';
import { alertNotifications } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import { buildAlert, get, post, signedInMember } from '../../../test/factories.js';
import { AUSTIN, DALLAS, REEL_DETAILS, ROD_DETAILS, tackleBody } from '../listings/listings.test-helpers.js';

// A saved search and the marketplace search decide a match by the same rules: for the same
// criteria, an alert matches exactly the new listings the search lists.
const t = useTestApp();

const FILTERS: AlertFilters[] = [
  { brand: 'shimano' },
  { category: ['reels'], price_max: 120 },
  { q: 'stradic' },
  { lat: AUSTIN.lat, lng: AUSTIN.lng, radius: 50, location: 'Austin, TX' },
  { gear_types: ['Saltwater'], condition: ['good', 'fair'] },
  { category: ['tackle', 'reels'], price_min: 30, brand: 'Penn' },
  { handover: 'pickup' },
  { handover: 'shipping' },
  { free_shipping: true },
  // Every marketplace filter is part of a saved search ("Spinning reels" among them).
  { category: ['reels'], reel_type: ['spinning'], gear_types: ['Saltwater'] },
  { reel_type: ['baitcasting'] },
  { rod_power: ['Medium'], rod_length_min: 80 },
  { rod_composition: ['fiberglass'] },
  { category: ['rods'], rod_length_max: 80 },
];

const reel = (overrides: Record<string, unknown>) =>
  tackleBody({ category: 'reels', ...REEL_DETAILS, ...overrides });

const LISTINGS = [
  reel({ title: 'Shimano Stradic 2500 reel', price: 150 }),
  reel({
    title: 'Penn Battle III reel',
    reel_brand: 'Penn',
    price: 90,
    condition: 'good',
    gear_types: ['Saltwater'],
  }),
  reel({
    title: 'Daiwa BG reel in Dallas',
    reel_brand: 'Daiwa',
    price: 110,
    location: 'Dallas, TX',
    location_coordinates: DALLAS,
    handover: 'shipping',
    shipping_price: 0,
  }),
  tackleBody({
    title: 'Plano box',
    brand: 'Penn',
    price: 30,
    condition: 'fair',
    gear_types: ['Saltwater'],
    handover: 'both',
    shipping_price: 6,
  }),
  tackleBody({ title: 'Lure kit', price: 12, location: 'Somewhere', location_coordinates: null }),
  reel({
    title: 'Abu Garcia Revo baitcaster',
    reel_brand: 'Abu Garcia',
    reel_type: 'baitcasting',
    price: 140,
  }),
  tackleBody({ title: 'St. Croix Mojo Bass rod', category: 'rods', ...ROD_DETAILS, price: 160 }),
  tackleBody({
    title: 'Ugly Stik glass rod',
    category: 'rods',
    ...ROD_DETAILS,
    rod_brand: 'Shakespeare',
    rod_composition: 'fiberglass',
    rod_power_rating: 'Medium Light',
    rod_length_feet: 6,
    rod_length_inches: 6,
    price: 45,
  }),
];

describe('one matcher for alerts and search', () => {
  it('an alert matches exactly the new listings a search with its criteria lists', async () => {
    const watcher = await signedInMember(t.app, t.database.db);
    const seller = await signedInMember(t.app, t.database.db);
    const alerts: { id: string; filters: AlertFilters }[] = [];
    for (const [index, filters] of FILTERS.entries()) {
      const { id } = await buildAlert(t.database.db, watcher.id, { name: `Alert ${index}`, filters });
      alerts.push({ id, filters });
    }
    for (const body of LISTINGS) {
      expect((await post(t.app, '/api/listings', body, seller)).statusCode).toBe(201);
    }

    for (const alert of alerts) {
      const matched = await t.database.db
        .select({ id: alertNotifications.product_id })
        .from(alertNotifications)
        .where(eq(alertNotifications.alert_id, alert.id));
      const query = { ...criteriaToListQuery(criteriaFromAlertFilters(alert.filters)), seller_id: seller.id };
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) params.set(name, String(value));
      const response = await get(t.app, `/api/listings?${params}`, watcher);
      expect(response.statusCode, response.body).toBe(200);
      const listed = ListingListDto.parse(response.json()).items.map((item) => item.id);
      expect(listed.length, JSON.stringify(alert.filters)).toBeGreaterThan(0);
      expect(listed.length, JSON.stringify(alert.filters)).toBeLessThan(LISTINGS.length);
      expect(matched.map((row) => row.id).sort(), JSON.stringify(alert.filters)).toEqual(listed.sort());
    }
  });
});
