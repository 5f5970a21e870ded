import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ALERT_MESSAGES as M,
  AlertMatchDto,
  AlertMatchListDto,
  AUTH_MESSAGES,
  NOTIFICATION_MESSAGES,
  OFFER_MESSAGES,
  ListingAlertDto,
  ListingAlertListDto,
  type CreateAlertBody,
} from '@castline/shared';
import { alertNotifications, notifications, productAlerts, products } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildAlert,
  buildAlertMatch,
  buildListing,
  buildNotification,
  buildUser,
  errorOf,
  get,
  guest,
  post,
  put,
  signedInMember,
  type BuiltAlert,
  type BuiltListing,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { listen, openSocket } from '../../../test/realtime-client.js';
import { AUSTIN, DALLAS, REEL_DETAILS, tackleBody } from '../listings/listings.test-helpers.js';

const t = useTestApp();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const member = () => signedInMember(t.app, t.database.db);
let base: string | undefined;
async function baseUrl(): Promise<string> {
  base ??= await listen(t.app);
  return base;
}

function patch(url: string, payload: unknown, caller: Caller) {
  return t.app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

function remove(url: string, caller: Caller) {
  return t.app.inject({
    method: 'DELETE',
    url,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

async function saveAlert(owner: Member, body: CreateAlertBody): Promise<ListingAlertDto> {
  const response = await post(t.app, '/api/alerts', body, owner);
  expect(response.statusCode, response.body).toBe(201);
  return ListingAlertDto.parse(response.json());
}

/** The alert's match of a listing with its PRODUCT_ALERT notification, as the matcher writes them. */
async function matchWithNotification(alert: BuiltAlert, listing: BuiltListing) {
  const match = await buildAlertMatch(t.database.db, alert, listing.id);
  await buildNotification(t.database.db, alert.user_id, {
    type: 'PRODUCT_ALERT',
    title: NOTIFICATION_MESSAGES.alertMatchTitle,
    message: `${listing.title} matches ${alert.name}`,
    data: {
      alertNotificationId: match.id,
      alertId: alert.id,
      alertName: alert.name,
      productId: listing.id,
      product_id: listing.id,
      productName: listing.title,
    },
  });
}

const nullReel = { reel_brand: null, reel_type: null, reel_gear_ratio: null };

/** A Shimano Stradic spinning reel for $150 in Austin (through the API, as a seller lists it). */
function reelBody(overrides: Record<string, unknown> = {}) {
  return tackleBody({
    title: 'Shimano Stradic FL 2500 spinning reel',
    description: 'Smooth drag, one season of use.',
    category: 'reels',
    condition: 'like new',
    price: 150,
    ...REEL_DETAILS,
    ...overrides,
  });
}

async function list(seller: Member, body: Record<string, unknown>): Promise<string> {
  const response = await post(t.app, '/api/listings', body, seller);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** The ids of the owner's alerts that matched the listing. */
async function matchedAlerts(ownerId: string, listingId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ alert_id: alertNotifications.alert_id })
    .from(alertNotifications)
    .where(and(eq(alertNotifications.user_id, ownerId), eq(alertNotifications.product_id, listingId)));
  return rows.map((row) => row.alert_id).sort();
}

async function alertNotificationsOf(userId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'PRODUCT_ALERT')));
}

describe('saved alerts: create, list, edit, delete', () => {
  it('saves the filters and the typed columns the matcher reads; only the owner sees or changes it', async () => {
    const owner = await member();
    const other = await member();
    const created = await saveAlert(owner, {
      name: '  Reels near Austin  ',
      filters: {
        q: 'stradic',
        category: ['reels'],
        condition: ['new', 'like new'],
        gear_types: ['Freshwater'],
        price_min: 50,
        price_max: 200,
        brand: 'Shimano',
        lat: AUSTIN.lat,
        lng: AUSTIN.lng,
        radius: 25,
        location: 'Austin, TX',
      },
    });
    expect(created).toMatchObject({
      name: 'Reels near Austin',
      is_active: true,
      match_count: 0,
      unread_count: 0,
      filters: { q: 'stradic', category: ['reels'], price_max: 200, radius: 25, location: 'Austin, TX' },
    });
    const [row] = await t.database.db.select().from(productAlerts).where(eq(productAlerts.id, created.id));
    expect(row).toMatchObject({
      user_id: owner.id,
      q: 'stradic',
      categories: ['reels'],
      conditions: ['new', 'like new'],
      gear_types: ['Freshwater'],
      price_min: 50,
      price_max: 200,
      brand: 'Shimano',
      lat: AUSTIN.lat,
      lng: AUSTIN.lng,
      radius_miles: 25,
    });

    const second = await saveAlert(owner, { name: 'Cheap tackle', filters: { category: ['tackle'], q: '' } });
    expect(second.filters).toEqual({ category: ['tackle'] });
    const listed = ListingAlertListDto.parse((await get(t.app, '/api/alerts', owner)).json());
    expect(listed.items.map((a) => a.id)).toEqual([second.id, created.id]);
    expect(ListingAlertListDto.parse((await get(t.app, '/api/alerts', other)).json()).items).toEqual([]);

    const paused = await patch(
      `/api/alerts/${created.id}`,
      { is_active: false, name: 'Austin reels' },
      owner,
    );
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({
      is_active: false,
      name: 'Austin reels',
      filters: { q: 'stradic' },
    });
    const refiltered = await patch(`/api/alerts/${created.id}`, { filters: { brand: 'Penn' } }, owner);
    expect(refiltered.json()).toMatchObject({ filters: { brand: 'Penn' }, is_active: false });
    const [changed] = await t.database.db
      .select()
      .from(productAlerts)
      .where(eq(productAlerts.id, created.id));
    expect(changed).toMatchObject({
      brand: 'Penn',
      q: null,
      categories: [],
      price_max: null,
      radius_miles: null,
      lat: null,
    });

    // Someone else's alert, an unknown one and a malformed id are all "not found".
    for (const [id, caller] of [
      [created.id, other],
      [UNKNOWN_ID, owner],
      ['not-a-uuid', owner],
    ] as const) {
      for (const response of [
        await patch(`/api/alerts/${id}`, { name: 'Mine now' }, caller),
        await remove(`/api/alerts/${id}`, caller),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: M.notFound });
      }
    }
    expect((await get(t.app, `/api/alerts/matches?alert_id=${created.id}`, other)).statusCode).toBe(404);

    expect((await remove(`/api/alerts/${created.id}`, owner)).statusCode).toBe(204);
    expect((await remove(`/api/alerts/${created.id}`, owner)).statusCode).toBe(404);
    expect(ListingAlertListDto.parse((await get(t.app, '/api/alerts', owner)).json()).items).toHaveLength(1);
  });

  it('price bounds are whole cents and JSON numbers: anything else answers 400 naming the field, on save and edit', async () => {
    const owner = await member();
    const alert = await saveAlert(owner, { name: 'Cheap reels', filters: { price_max: 25.5 } });
    expect(alert.filters).toEqual({ price_max: 25.5 });
    for (const field of ['price_min', 'price_max'] as const) {
      for (const value of [0.001, 0.005, 1e-320, 24.999, 1e308, true, '12', [1]]) {
        const path = `filters.${field}`;
        const created = await post(t.app, '/api/alerts', { name: 'Bad', filters: { [field]: value } }, owner);
        expect(created.statusCode, `${path} ${JSON.stringify(value)}: ${created.body}`).toBe(400);
        expect(errorOf(created).issues).toEqual([{ path, message: M.filtersInvalid }]);
        const edited = await patch(`/api/alerts/${alert.id}`, { filters: { [field]: value } }, owner);
        expect(edited.statusCode, `${path} ${JSON.stringify(value)}: ${edited.body}`).toBe(400);
        expect(errorOf(edited).issues).toEqual([{ path, message: M.filtersInvalid }]);
      }
    }
    const [row] = await t.database.db.select().from(productAlerts).where(eq(productAlerts.id, alert.id));
    expect([row!.price_min, row!.price_max]).toEqual([null, 25.5]);
  });

  it('validates names and filters, refuses an alert on everything, and keeps at most 20', async () => {
    const owner = await member();
    const cases: [unknown, string][] = [
      [{ filters: { q: 'penn' } }, M.nameRequired],
      [{ name: '   ', filters: { q: 'penn' } }, M.nameRequired],
      [{ name: 'x'.repeat(61), filters: { q: 'penn' } }, M.nameTooLong],
      [{ name: 'All', filters: {} }, M.filtersRequired],
      [{ name: 'All', filters: { q: '   ', category: [] } }, M.filtersRequired],
      [{ name: 'All', filters: { lat: 30, lng: -97, location: 'Austin, TX' } }, M.filtersRequired],
      [{ name: 'Bad', filters: { category: ['boats'] } }, M.filtersInvalid],
      [{ name: 'Bad', filters: { radius: 10 } }, M.filtersInvalid],
      [{ name: 'Bad', filters: { lat: 30, radius: 10 } }, M.filtersInvalid],
      [{ name: 'Bad', filters: { price_min: 300, price_max: 100 } }, M.filtersInvalid],
      [{ name: 'Bad', filters: { q: 'penn', colour: 'red' } }, M.filtersInvalid],
      [{ name: 'Bad' }, M.filtersInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await post(t.app, '/api/alerts', body, owner);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message, JSON.stringify(body)).toBe(message);
    }
    const alert = await buildAlert(t.database.db, owner.id, { name: 'Penn', filters: { brand: 'Penn' } });
    const emptied = await patch(`/api/alerts/${alert.id}`, { filters: { q: '' } }, owner);
    expect(emptied.statusCode).toBe(400);
    expect(errorOf(emptied)).toEqual({
      code: 'VALIDATION_FAILED',
      message: M.filtersRequired,
      issues: [{ path: 'filters', message: M.filtersRequired }],
    });

    for (let n = 2; n <= 20; n += 1)
      await buildAlert(t.database.db, owner.id, { name: `Alert ${n}`, filters: { q: `reel ${n}` } });
    const tooMany = await post(t.app, '/api/alerts', { name: 'One more', filters: { q: 'rod' } }, owner);
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany)).toEqual({ code: 'CONFLICT', message: M.tooMany });
    expect(await t.database.db.$count(productAlerts, eq(productAlerts.user_id, owner.id))).toBe(20);

    const anonymous = await post(t.app, '/api/alerts', { name: 'x', filters: { q: 'x' } }, guest());
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe(AUTH_MESSAGES.notAuthenticated);
    expect((await get(t.app, '/api/alerts', guest())).statusCode).toBe(401);

    const banned = await signedInMember(t.app, t.database.db, { profile: { status: 'banned' } });
    const refused = await post(t.app, '/api/alerts', { name: 'x', filters: { q: 'x' } }, banned);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'FORBIDDEN', message: OFFER_MESSAGES.banned });
  });
});

describe('saved alerts: matching new listings', () => {
  it('fires for a matching listing and not for one that misses each filter', async () => {
    const owner = await member();
    const seller = await member();
    const byCategory = await buildAlert(t.database.db, owner.id, {
      name: 'Reels',
      filters: { category: ['reels'] },
    });
    const byPrice = await buildAlert(t.database.db, owner.id, {
      name: 'Under $200',
      filters: { price_max: 200, price_min: 100 },
    });
    const byText = await buildAlert(t.database.db, owner.id, { name: 'Stradic', filters: { q: 'stradic' } });
    const byRadius = await buildAlert(t.database.db, owner.id, {
      name: 'Near Austin',
      filters: { lat: AUSTIN.lat, lng: AUSTIN.lng, radius: 25, location: 'Austin, TX' },
    });
    const byBrand = await buildAlert(t.database.db, owner.id, {
      name: 'Shimano gear',
      filters: { brand: 'SHIMANO' },
    });
    const byEverything = await buildAlert(t.database.db, owner.id, {
      name: 'Dream reel',
      filters: {
        q: 'stradic reel',
        category: ['reels', 'combo'],
        condition: ['like new'],
        gear_types: ['Freshwater', 'Saltwater'],
        price_max: 150,
        brand: 'shimano',
        lat: AUSTIN.lat,
        lng: AUSTIN.lng,
        radius: 10,
      },
    });
    const paused = await buildAlert(t.database.db, owner.id, {
      name: 'Paused reels',
      filters: { category: ['reels'] },
      is_active: false,
    });

    const match = await list(seller, reelBody());
    expect(await matchedAlerts(owner.id, match)).toEqual(
      [byCategory.id, byPrice.id, byText.id, byRadius.id, byBrand.id, byEverything.id].sort(),
    );
    expect(await matchedAlerts(owner.id, match)).not.toContain(paused.id);

    // Each of these misses exactly one of the filters.
    const tackle = await list(seller, reelBody({ category: 'tackle', ...nullReel }));
    expect(await matchedAlerts(owner.id, tackle)).toEqual([byPrice.id, byText.id, byRadius.id].sort());
    const pricey = await list(seller, reelBody({ price: 450 }));
    expect(await matchedAlerts(owner.id, pricey)).toEqual(
      [byCategory.id, byText.id, byRadius.id, byBrand.id].sort(),
    );
    const otherText = await list(seller, reelBody({ title: 'Shimano Sedona 2500', model: 'Sedona' }));
    expect(await matchedAlerts(owner.id, otherText)).toEqual(
      [byCategory.id, byPrice.id, byRadius.id, byBrand.id].sort(),
    );
    const dallas = await list(seller, reelBody({ location: 'Dallas, TX', location_coordinates: DALLAS }));
    expect(await matchedAlerts(owner.id, dallas)).toEqual(
      [byCategory.id, byPrice.id, byText.id, byBrand.id].sort(),
    );
    const penn = await list(seller, reelBody({ reel_brand: 'Penn', title: 'Stradic-style reel by Penn' }));
    expect(await matchedAlerts(owner.id, penn)).not.toContain(byBrand.id);
    const used = await list(seller, reelBody({ condition: 'fair' }));
    expect(await matchedAlerts(owner.id, used)).not.toContain(byEverything.id);

    // One notification per listing however many alerts it matched, with the spec's title and message
    // (the alerts' names joined), the listing's first photo and its price.
    const notes = await alertNotificationsOf(owner.id);
    const forMatch = notes.filter((n) => (n.data as { productId?: string }).productId === match);
    expect(forMatch).toHaveLength(1);
    const names = [byCategory, byPrice, byText, byRadius, byBrand, byEverything].map((a) => a.name).sort();
    const [row] = await t.database.db
      .select()
      .from(alertNotifications)
      .where(and(eq(alertNotifications.product_id, match), eq(alertNotifications.user_id, owner.id)))
      .orderBy(alertNotifications.id)
      .limit(1);
    expect(row).toBeDefined();
    const [listingRow] = await t.database.db.select().from(products).where(eq(products.id, match));
    expect(forMatch[0]).toMatchObject({
      title: 'Product Alert Match',
      message: `Shimano Stradic FL 2500 spinning reel matches ${names.join(' and ')}`,
      read: false,
      data: {
        alertName: names.join(' and '),
        productId: match,
        product_id: match,
        productName: 'Shimano Stradic FL 2500 spinning reel',
        productPrice: listingRow!.price,
        productImage: listingRow!.images[0] ?? null,
      },
    });
  });

  it('keeps every marketplace filter of a saved search and matches on it: a spinning saltwater reel', async () => {
    const owner = await member();
    const seller = await member();
    const spinning = await saveAlert(owner, {
      name: 'Saltwater spinning reels',
      filters: { category: ['reels'], gear_types: ['Saltwater'], reel_type: ['spinning'] },
    });
    expect(spinning.filters).toEqual({
      category: ['reels'],
      gear_types: ['Saltwater'],
      reel_type: ['spinning'],
    });
    const rods = await saveAlert(owner, {
      name: 'Long medium rods',
      filters: { rod_power: ['Medium'], rod_composition: ['graphite'], rod_length_min: 80, featured: false },
    });
    expect(rods.filters).toEqual({
      rod_power: ['Medium'],
      rod_composition: ['graphite'],
      rod_length_min: 80,
    });

    const salt = await list(seller, reelBody({ gear_types: ['Saltwater'] }));
    const fresh = await list(seller, reelBody({ gear_types: ['Freshwater'] }));
    const baitcaster = await list(seller, reelBody({ gear_types: ['Saltwater'], reel_type: 'baitcasting' }));
    expect(await matchedAlerts(owner.id, salt)).toEqual([spinning.id]);
    expect(await matchedAlerts(owner.id, fresh)).toEqual([]);
    expect(await matchedAlerts(owner.id, baitcaster)).toEqual([]);

    const bad = await post(
      t.app,
      '/api/alerts',
      { name: 'Bad', filters: { reel_type: ['electric'], rod_length_min: 90, rod_length_max: 80 } },
      owner,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('matches the terms a search saved: free shipping, pickup, shipping', async () => {
    const owner = await member();
    const seller = await member();
    const free = await saveAlert(owner, {
      name: 'Free shipping reels',
      filters: { category: ['reels'], free_shipping: true },
    });
    expect(free.filters).toEqual({ category: ['reels'], free_shipping: true });
    const pickup = await saveAlert(owner, { name: 'Pickup', filters: { handover: 'pickup' } });
    const shipping = await saveAlert(owner, { name: 'Ships', filters: { handover: 'shipping' } });
    const [row] = await t.database.db.select().from(productAlerts).where(eq(productAlerts.id, free.id));
    expect(row).toMatchObject({ handover: null, free_shipping: true });

    const freeShipping = await list(seller, reelBody({ handover: 'shipping', shipping_price: 0 }));
    expect(await matchedAlerts(owner.id, freeShipping)).toEqual([free.id, shipping.id].sort());
    const paidShipping = await list(seller, reelBody({ handover: 'both', shipping_price: 9.5 }));
    expect(await matchedAlerts(owner.id, paidShipping)).toEqual([pickup.id, shipping.id].sort());
    const pickupOnly = await list(seller, reelBody());
    expect(await matchedAlerts(owner.id, pickupOnly)).toEqual([pickup.id]);

    // The terms alone make an alert; unknown terms are refused.
    for (const filters of [{ handover: 'both' }, { free_shipping: 'yes' }]) {
      const response = await post(t.app, '/api/alerts', { name: 'Bad', filters }, owner);
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it("never for the member's own listing or a paused alert; once per listing however often it is saved", async () => {
    const owner = await member();
    const seller = await member();
    const alert = await buildAlert(t.database.db, owner.id, {
      name: 'Reels',
      filters: { category: ['reels'] },
    });
    const paused = await buildAlert(t.database.db, owner.id, {
      name: 'Paused',
      filters: { q: 'stradic' },
      is_active: false,
    });

    const own = await list(owner, reelBody());
    expect(await matchedAlerts(owner.id, own)).toEqual([]);

    const listing = await list(seller, reelBody());
    expect(await matchedAlerts(owner.id, listing)).toEqual([alert.id]);
    expect((await put(t.app, `/api/listings/${listing}`, reelBody({ price: 140 }), seller)).statusCode).toBe(
      200,
    );
    expect(await matchedAlerts(owner.id, listing)).toEqual([alert.id]);
    expect(await alertNotificationsOf(owner.id)).toHaveLength(1);

    // Resumed, the alert matches the listing at its next save.
    expect((await patch(`/api/alerts/${paused.id}`, { is_active: true }, owner)).statusCode).toBe(200);
    await put(t.app, `/api/listings/${listing}`, reelBody({ price: 135 }), seller);
    expect(await matchedAlerts(owner.id, listing)).toEqual([alert.id, paused.id].sort());
    // The member was told of this listing already: the second alert's match tells them nothing new.
    expect(await alertNotificationsOf(owner.id)).toHaveLength(1);

    // An edit that brings a listing into an alert's range matches it then.
    const cheap = await buildAlert(t.database.db, owner.id, {
      name: 'Bargain tackle',
      filters: { category: ['tackle'], price_max: 20 },
    });
    const box = await list(seller, tackleBody({ price: 30 }));
    expect(await matchedAlerts(owner.id, box)).toEqual([]);
    await put(t.app, `/api/listings/${box}`, tackleBody({ price: 18 }), seller);
    expect(await matchedAlerts(owner.id, box)).toEqual([cheap.id]);

    // A listing hidden by moderation matches nothing, even when edited.
    const { id: hidden } = await buildListing(t.database.db, seller.id, {
      price: 15,
      moderation_status: 'hidden',
    });
    await put(t.app, `/api/listings/${hidden}`, tackleBody({ price: 14 }), seller);
    expect(await matchedAlerts(owner.id, hidden)).toEqual([]);
  });

  it('pushes the PRODUCT_ALERT notification live to the alert owner', async () => {
    const owner = await member();
    const seller = await member();
    await buildAlert(t.database.db, owner.id, { name: 'Any Stradic', filters: { q: 'stradic' } });
    const socket = await openSocket(await baseUrl(), owner.cookie);
    const listing = await list(seller, reelBody());
    const event = await socket.next('notification.created', (e) => e.notification.type === 'PRODUCT_ALERT');
    expect(event.notification).toMatchObject({
      title: 'Product Alert Match',
      message: 'Shimano Stradic FL 2500 spinning reel matches Any Stradic',
      data: { productId: listing, alertName: 'Any Stradic' },
    });
    expect((await socket.next('unread.changed')).unread.notifications).toBe(1);
    await socket.close();
  });
});

describe('saved alerts: matches', () => {
  it('lists matches newest first, each listing once, with paging and unread counts; marking one read marks its listing and notification', async () => {
    const owner = await member();
    const other = await member();
    const seller = await buildUser(t.database.db);
    const reels = await buildAlert(t.database.db, owner.id, {
      name: 'Reels',
      filters: { category: ['reels'] },
    });
    const stradic = await buildAlert(t.database.db, owner.id, { name: 'Stradic', filters: { q: 'stradic' } });
    const reel = { category: 'reels', condition: 'like new', price: 150 } as const;
    const firstListing = await buildListing(t.database.db, seller.id, { ...reel, title: 'Stradic one' });
    const secondListing = await buildListing(t.database.db, seller.id, { ...reel, title: 'Plain reel two' });
    // The matches and their notifications, oldest first.
    await matchWithNotification(reels, firstListing);
    await matchWithNotification(stradic, firstListing);
    await matchWithNotification(reels, secondListing);
    const [first, second] = [firstListing.id, secondListing.id];

    // The first listing matched two alerts: it shows once, at its first match.
    const all = AlertMatchListDto.parse((await get(t.app, '/api/alerts/matches', owner)).json());
    expect(all).toMatchObject({ total: 2, unread_count: 2, page: 1, pageSize: 20 });
    expect(all.items[0]).toMatchObject({
      alert_id: reels.id,
      alert_name: 'Reels',
      is_read: false,
      listing: {
        id: second,
        title: 'Plain reel two',
        price: 150,
        seller_id: seller.id,
        sold: false,
        available: true,
      },
    });
    expect(all.items[1]).toMatchObject({ alert_id: reels.id, listing: { id: first, price: 150 } });

    const page2 = AlertMatchListDto.parse(
      (await get(t.app, '/api/alerts/matches?pageSize=1&page=2', owner)).json(),
    );
    expect(page2.items).toHaveLength(1);
    const onlyStradic = AlertMatchListDto.parse(
      (await get(t.app, `/api/alerts/matches?alert_id=${stradic.id}`, owner)).json(),
    );
    expect(onlyStradic.items.map((m) => [m.alert_id, m.listing.id])).toEqual([[stradic.id, first]]);
    expect((await get(t.app, '/api/alerts/matches?alert_id=nope', owner)).statusCode).toBe(400);
    expect(AlertMatchListDto.parse((await get(t.app, '/api/alerts/matches', other)).json()).total).toBe(0);

    const match = onlyStradic.items[0]!;
    const forbidden = await post(t.app, `/api/alerts/matches/${match.id}/read`, undefined, other);
    expect(forbidden.statusCode).toBe(404);
    expect(errorOf(forbidden)).toEqual({ code: 'NOT_FOUND', message: M.notFound });
    expect((await post(t.app, `/api/alerts/matches/nope/read`, undefined, owner)).statusCode).toBe(404);

    const socket = await openSocket(await baseUrl(), owner.cookie);
    const read = await post(t.app, `/api/alerts/matches/${match.id}/read`, undefined, owner);
    expect(read.statusCode).toBe(200);
    expect(AlertMatchDto.parse(read.json())).toMatchObject({ id: match.id, is_read: true });
    const [note] = (await alertNotificationsOf(owner.id)).filter(
      (n) => (n.data as { alertNotificationId?: string }).alertNotificationId === match.id,
    );
    expect(note!.read).toBe(true);
    // Read state is per listing: the first listing's other match and notification are read too.
    expect((await alertNotificationsOf(owner.id)).filter((n) => !n.read)).toHaveLength(1);
    expect((await socket.next('unread.changed')).unread.notifications).toBe(1);
    await socket.next('notifications.changed');
    await socket.close();

    const counts = ListingAlertListDto.parse((await get(t.app, '/api/alerts', owner)).json());
    expect(counts.items.find((a) => a.id === stradic.id)).toMatchObject({ match_count: 1, unread_count: 0 });
    expect(counts.items.find((a) => a.id === reels.id)).toMatchObject({ match_count: 2, unread_count: 1 });
    const after = AlertMatchListDto.parse((await get(t.app, '/api/alerts/matches', owner)).json());
    expect(after.unread_count).toBe(1);
  });
});

describe('API description', () => {
  it('documents the alerts and offers endpoints', async () => {
    const response = await get(t.app, '/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys((response.json() as { paths: Record<string, unknown> }).paths)).toEqual(
      expect.arrayContaining([
        '/api/alerts',
        '/api/alerts/{id}',
        '/api/alerts/matches',
        '/api/alerts/matches/{id}/read',
        '/api/listings/{id}/offers',
        '/api/listings/{id}/offers/mine',
        '/api/me/offers',
        '/api/offers/{id}/accept',
        '/api/offers/{id}/reject',
        '/api/offers/{id}/counter',
        '/api/offers/{id}/cancel',
      ]),
    );
  });
});
