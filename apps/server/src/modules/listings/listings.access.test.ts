import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, LISTING_MESSAGES as M, LISTING_POLICY_MESSAGES, ListingDto } from '@castline/shared';
import { auditLogs, products, profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  del,
  errorOf,
  get,
  guest,
  post,
  put,
  signedInMember,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { AUSTIN, REEL_DETAILS, ROD_DETAILS, tackleBody } from './listings.test-helpers.js';

const t = useTestApp();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let owner: Member;
let other: Member;
let moderator: Member;
let support: Member;

beforeAll(async () => {
  owner = await signedInMember(t.app, t.database.db);
  other = await signedInMember(t.app, t.database.db);
  moderator = await signedInMember(t.app, t.database.db, 'moderator');
  support = await signedInMember(t.app, t.database.db, 'support');
});

async function listingsCount(userId: string) {
  const [row] = await t.database.db
    .select({ count: profiles.products_count })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.count;
}

async function stored(id: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return row!;
}

describe('POST /api/listings', () => {
  it('creates a pending, unsold listing of the caller and counts it on their profile', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const body = tackleBody({
      category: 'combo',
      ...ROD_DETAILS,
      ...REEL_DETAILS,
      price: 189,
      brand: 'Ugly Stik',
    });
    const response = await post(t.app, '/api/listings', body, seller);
    expect(response.statusCode).toBe(201);
    const listing = ListingDto.parse(response.json());
    expect(listing).toMatchObject({
      title: body.title,
      price: 189,
      category: 'combo',
      gear_types: ['Freshwater'],
      seller_id: seller.id,
      seller: { id: seller.id, username: seller.username, seller_rating: 0, sales_count: 0 },
      location: 'Austin, TX',
      location_coordinates: AUSTIN,
      rod_brand: 'St. Croix',
      rod_composition: 'graphite',
      rod_length_feet: 7,
      rod_length_inches: 0,
      rod_power_rating: 'Medium',
      reel_brand: 'Shimano',
      reel_type: 'spinning',
      reel_gear_ratio: 'single-speed',
      moderation_status: 'pending',
      sold: false,
      sold_at: null,
      deleted: false,
      visible_in_marketplace: true,
      is_featured: false,
      likes_count: 0,
      favorites_count: 0,
      // The seller reads their listing's views; everyone else reads null (decision 0015).
      views_count: 0,
      liked: false,
      favorited: false,
      distance: null,
    });
    expect(listing.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await listingsCount(seller.id)).toBe(1);

    const fetched = await get(t.app, `/api/listings/${listing.id}`, guest());
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual({ ...listing, views_count: null, offer_guardrails: null });
  });

  it('places a listing sent without coordinates with the places provider; an unknown place stays null', async () => {
    const placed = await post(
      t.app,
      '/api/listings',
      tackleBody({ location: 'Dallas, TX', location_coordinates: null }),
      owner,
    );
    expect(placed.statusCode).toBe(201);
    const coordinates = placed.json().location_coordinates as { lat: number; lng: number };
    expect(coordinates.lat).toBeCloseTo(32.78, 0);
    expect(coordinates.lng).toBeCloseTo(-96.8, 0);

    const unknown = await post(
      t.app,
      '/api/listings',
      tackleBody({ location: 'Qzxwv Lagoon', location_coordinates: undefined }),
      owner,
    );
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().location_coordinates).toBeNull();
  });

  it('is closed to banned members (403), who can still read', async () => {
    const banned = await signedInMember(t.app, t.database.db, { profile: { status: 'banned' } });
    const response = await post(t.app, '/api/listings', tackleBody(), banned);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: LISTING_POLICY_MESSAGES.banned });
    expect((await get(t.app, '/api/listings', banned)).statusCode).toBe(200);
  });
});

async function auditOf(entityId: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.entity_id, entityId))
    .orderBy(asc(auditLogs.created_at), asc(auditLogs.id));
}

describe('edit and delete: who may', () => {
  const editBody = tackleBody({ title: 'Plano 3700, edited', price: 35 });
  const matrix: [string, () => Caller, number, string][] = [
    ['the owner', () => owner, 200, ''],
    ['another member', () => other, 403, M.notYourListing],
    ['a moderator (content.moderate)', () => moderator, 200, ''],
    ['support (no content.moderate)', () => support, 403, M.notYourListing],
    ['a guest', () => guest(), 401, AUTH_MESSAGES.notAuthenticated],
  ];

  it.each(matrix)('PUT by %s answers %i', async (_name, caller, status, message) => {
    const listing = await buildListing(t.database.db, owner.id);
    const response = await put(t.app, `/api/listings/${listing.id}`, editBody, caller());
    expect(response.statusCode).toBe(status);
    if (status === 200) {
      expect(response.json()).toMatchObject({
        id: listing.id,
        title: 'Plano 3700, edited',
        price: 35,
        seller_id: owner.id,
      });
    } else {
      expect(errorOf(response).message).toBe(message);
      expect((await stored(listing.id)).title).toBe(listing.title);
    }
  });

  it.each(matrix)('DELETE by %s answers %i', async (_name, caller, status, message) => {
    const listing = await buildListing(t.database.db, owner.id);
    const before = await listingsCount(owner.id);
    const response = await del(t.app, `/api/listings/${listing.id}`, caller());
    if (status === 200) {
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const row = await stored(listing.id);
      expect(row).toMatchObject({ deleted: true, visible_in_marketplace: false });
      expect(row.deleted_at).toBeInstanceOf(Date);
      expect(await listingsCount(owner.id)).toBe(before! - 1);
    } else {
      expect(response.statusCode).toBe(status);
      expect(errorOf(response).message).toBe(message);
      expect((await stored(listing.id)).deleted).toBe(false);
      expect(await listingsCount(owner.id)).toBe(before);
    }
  });

  it("audits staff editing and deleting someone else's listing, not the owner managing their own", async () => {
    const listing = await buildListing(t.database.db, owner.id);
    expect((await put(t.app, `/api/listings/${listing.id}`, editBody, owner)).statusCode).toBe(200);
    expect(await auditOf(listing.id)).toEqual([]);

    expect((await put(t.app, `/api/listings/${listing.id}`, editBody, moderator)).statusCode).toBe(200);
    expect((await del(t.app, `/api/listings/${listing.id}`, moderator)).statusCode).toBe(204);
    const rows = await auditOf(listing.id);
    expect(rows.map((row) => [row.action, row.severity, row.user_id, row.entity_type])).toEqual([
      ['listing.edit', 'low', moderator.id, 'product'],
      ['listing.delete', 'high', moderator.id, 'product'],
    ]);
    expect(rows[0]?.new_data).toEqual({ title: 'Plano 3700, edited' });
  });

  it('an edit keeps moderation and sale fields, and validates with the spec texts', async () => {
    const listing = await buildListing(t.database.db, owner.id, {
      moderation_status: 'active',
      is_featured: true,
      likes_count: 3,
    });
    const edited = await put(
      t.app,
      `/api/listings/${listing.id}`,
      { ...editBody, moderation_status: 'hidden', sold: true },
      owner,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      moderation_status: 'active',
      is_featured: true,
      sold: false,
      likes_count: 3,
    });
    expect(new Date(edited.json().updated_at).getTime()).toBeGreaterThan(listing.updated_at.getTime());

    const invalid = await put(t.app, `/api/listings/${listing.id}`, { ...editBody, title: '' }, owner);
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).message).toBe(M.titleRequired);
  });

  it('an edit that keeps the place keeps its coordinates; a new place is looked up', async () => {
    const listing = await buildListing(t.database.db, owner.id, {
      location: 'Dallas, TX',
      location_lat: 32.7767,
      location_lng: -96.797,
    });
    const response = await put(
      t.app,
      `/api/listings/${listing.id}`,
      tackleBody({ location: 'Dallas, TX', location_coordinates: null }),
      owner,
    );
    expect(response.json().location_coordinates).toEqual({ lat: 32.7767, lng: -96.797 });

    const moved = await put(
      t.app,
      `/api/listings/${listing.id}`,
      tackleBody({ location: 'Austin, TX', location_coordinates: null }),
      owner,
    );
    const coordinates = moved.json().location_coordinates as { lat: number; lng: number };
    expect(coordinates.lat).toBeCloseTo(30.27, 0);
    expect(coordinates.lng).toBeCloseTo(-97.74, 0);
  });

  it('a non-owner learns nothing from the body: 403 comes before validation', async () => {
    const listing = await buildListing(t.database.db, owner.id);
    const response = await put(t.app, `/api/listings/${listing.id}`, {}, other);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(M.notYourListing);
  });

  it('a banned owner can neither edit nor delete', async () => {
    const banned = await signedInMember(t.app, t.database.db, { profile: { status: 'banned' } });
    const listing = await buildListing(t.database.db, banned.id);
    for (const response of [
      await put(t.app, `/api/listings/${listing.id}`, editBody, banned),
      await del(t.app, `/api/listings/${listing.id}`, banned),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(LISTING_POLICY_MESSAGES.banned);
    }
  });

  it('a deleted, unknown or malformed listing answers 404 Product not found', async () => {
    const listing = await buildListing(t.database.db, owner.id, { deleted: true });
    for (const id of [listing.id, UNKNOWN_ID, 'not-a-uuid']) {
      for (const response of [
        await put(t.app, `/api/listings/${id}`, editBody, owner),
        await del(t.app, `/api/listings/${id}`, owner),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: M.productNotFound });
      }
    }
  });

  it('a second delete answers 404 and counts nothing twice', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const { id } = await buildListing(t.database.db, seller.id);
    expect(await listingsCount(seller.id)).toBe(1);
    expect((await del(t.app, `/api/listings/${id}`, seller)).statusCode).toBe(204);
    expect((await del(t.app, `/api/listings/${id}`, seller)).statusCode).toBe(404);
    expect(await listingsCount(seller.id)).toBe(0);
  });
});

describe('GET /api/listings/:id visibility', () => {
  it.each([
    ['active', { guest: 200, other: 200, owner: 200, moderator: 200, support: 200 }],
    ['pending', { guest: 200, other: 200, owner: 200, moderator: 200, support: 200 }],
    ['hidden', { guest: 404, other: 404, owner: 200, moderator: 200, support: 404 }],
    ['flagged', { guest: 404, other: 404, owner: 200, moderator: 200, support: 404 }],
  ] as const)('a %s listing', async (moderation_status, expected) => {
    const listing = await buildListing(t.database.db, owner.id, {
      moderation_status,
      moderation_reason: 'Check',
    });
    const callers = { guest: guest(), other, owner, moderator, support };
    for (const [name, caller] of Object.entries(callers)) {
      const response = await get(t.app, `/api/listings/${listing.id}`, caller);
      expect({ name, status: response.statusCode }).toEqual({
        name,
        status: expected[name as keyof typeof expected],
      });
      if (response.statusCode === 404) expect(errorOf(response).message).toBe(M.productNotFound);
    }
  });

  it('a deleted, unknown or malformed id answers 404 Product not found, even to staff', async () => {
    const listing = await buildListing(t.database.db, owner.id, { deleted: true });
    for (const id of [listing.id, UNKNOWN_ID, 'not-a-uuid']) {
      for (const caller of [guest(), owner, moderator]) {
        const response = await get(t.app, `/api/listings/${id}`, caller);
        expect(response.statusCode).toBe(404);
        expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: M.productNotFound });
      }
    }
  });

  it('a sold listing still has its page', async () => {
    const listing = await buildListing(t.database.db, owner.id, {
      sold: true,
      sold_at: new Date(),
      visible_in_marketplace: false,
    });
    const response = await get(t.app, `/api/listings/${listing.id}`, guest());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sold: true, visible_in_marketplace: false });
  });

  it('answers the price as a number with two decimals and times in ISO UTC', async () => {
    const listing = await buildListing(t.database.db, owner.id, { price: 0.35 });
    const body = (await get(t.app, `/api/listings/${listing.id}`, guest())).json();
    expect(body.price).toBe(0.35);
    expect(body.created_at).toBe(listing.created_at.toISOString());
    expect(body.seller.created_at).toMatch(/Z$/);
  });
});
