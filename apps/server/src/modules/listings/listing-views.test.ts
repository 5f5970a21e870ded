import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LISTING_VIEW_RATE_LIMIT, ListingDto, ListingListDto } from '@castline/shared';
import { listingViews, products } from '../../db/schema/index.js';
import type { Actor } from '../../http/access-policy.js';
import { useTestApp, TEST_AUTH_SECRET } from '../../../test/test-app.js';
import {
  buildListing,
  errorOf,
  get,
  signedInMember,
  uniqueIp,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { createListingViews, listingViewKey, listingViewRateKey, viewKeySecret } from './listing-views.js';
import { createListingsRepository } from './listings.repository.js';

/*
 * Listing views (docs/decisions/0015-listing-views.md): the dashboard promises
 * the seller their listings' views, so they are counted for real: a member or a guest once per
 * listing a day, the seller's own visits never, and only the seller reads the number.
 */

const t = useTestApp();

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

interface Beacon extends Caller {
  userAgent?: string;
}

function view(listingId: string, caller: Beacon = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/views`,
    remoteAddress: caller.ip ?? uniqueIp(),
    headers: {
      'user-agent': caller.userAgent ?? LAPTOP,
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
    },
  });
}

async function viewsCount(listingId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ views_count: products.views_count })
    .from(products)
    .where(eq(products.id, listingId));
  return row!.views_count;
}

async function viewRows(listingId: string) {
  return t.database.db.select().from(listingViews).where(eq(listingViews.product_id, listingId));
}

async function listingAs(listingId: string, caller: Caller): Promise<ListingDto> {
  const response = await get(t.app, `/api/listings/${listingId}`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return ListingDto.parse(response.json());
}

async function sellerWithListing(): Promise<{ seller: Member; listingId: string }> {
  const seller = await signedInMember(t.app, t.database.db);
  const listing = await buildListing(t.database.db, seller.id, { title: 'Viewed spinning reel' });
  return { seller, listingId: listing.id };
}

describe('listing views', () => {
  it('counts a member once a day however often they look, and never the seller', async () => {
    const { seller, listingId } = await sellerWithListing();
    const reader = await signedInMember(t.app, t.database.db);

    for (let i = 0; i < 3; i += 1) expect((await view(listingId, reader)).statusCode).toBe(204);
    // The same member from another address or browser is still one reader.
    expect((await view(listingId, { ...reader, ip: uniqueIp(), userAgent: PHONE })).statusCode).toBe(204);
    for (let i = 0; i < 3; i += 1) expect((await view(listingId, seller)).statusCode).toBe(204);

    expect(await viewsCount(listingId)).toBe(1);
    expect(await viewRows(listingId)).toHaveLength(1);
  });

  it('counts a guest once a day by address and browser, and a crawler never', async () => {
    const { listingId } = await sellerWithListing();
    const ip = uniqueIp();
    for (let i = 0; i < 3; i += 1)
      expect((await view(listingId, { ip, userAgent: PHONE })).statusCode).toBe(204);
    // Another browser on the same address, and another address, are other readers.
    await view(listingId, { ip, userAgent: LAPTOP });
    await view(listingId, { ip: uniqueIp(), userAgent: PHONE });
    for (const crawler of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
    ]) {
      expect((await view(listingId, { userAgent: crawler })).statusCode).toBe(204);
    }
    expect(await viewsCount(listingId)).toBe(3);
  });

  it('keeps neither member ids nor addresses: a daily HMAC of the reader', async () => {
    const { listingId } = await sellerWithListing();
    const reader = await signedInMember(t.app, t.database.db);
    const ip = uniqueIp();
    await view(listingId, reader);
    await view(listingId, { ip, userAgent: PHONE });

    const rows = await viewRows(listingId);
    const today = new Date().toISOString().slice(0, 10);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.day).toBe(today);
      expect(row.viewer_key).toMatch(/^[\w-]{22}$/);
      expect(row.viewer_key).not.toContain(reader.id);
      expect(row.viewer_key).not.toContain(ip);
    }
    const secret = viewKeySecret(TEST_AUTH_SECRET);
    expect(rows.map((row) => row.viewer_key).sort()).toEqual(
      [
        listingViewKey(secret, { memberId: reader.id }, today),
        listingViewKey(secret, { ip, userAgent: PHONE }, today),
      ].sort(),
    );
    // Tomorrow's key for the same reader is another: a reader cannot be followed across days.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(listingViewKey(secret, { memberId: reader.id }, tomorrow)).not.toBe(
      listingViewKey(secret, { memberId: reader.id }, today),
    );
  });

  it('counts the same reader again the next day', async () => {
    const { listingId } = await sellerWithListing();
    const reader = await signedInMember(t.app, t.database.db);
    const views = createListingViews({
      repository: createListingsRepository(t.database.db),
      rateLimiter: t.rateLimiter,
      secret: viewKeySecret(TEST_AUTH_SECRET),
    });
    // The parts of an Actor that counting a public listing reads.
    const actor = { id: reader.id, status: 'active', is_admin: false, hasAdminRole: false } as Actor;
    const beacon = { actor, ip: uniqueIp(), userAgent: LAPTOP };
    const monday = new Date('2026-11-23T23:59:00Z');
    const tuesday = new Date('2026-11-24T00:01:00Z');
    expect(await views.record(listingId, { ...beacon, now: monday })).toBe(true);
    expect(await views.record(listingId, { ...beacon, now: monday })).toBe(false);
    expect(await views.record(listingId, { ...beacon, now: tuesday })).toBe(true);
    expect(await viewsCount(listingId)).toBe(2);
  });

  it('keeps the count exact under concurrent beacons', async () => {
    const { listingId } = await sellerWithListing();
    const readers = await Promise.all(Array.from({ length: 6 }, () => signedInMember(t.app, t.database.db)));
    // Every reader sends four beacons at once (open tabs, a reload): six views.
    const answers = await Promise.all(
      readers.flatMap((reader) => [0, 1, 2, 3].map(() => view(listingId, reader))),
    );
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    expect(await viewsCount(listingId)).toBe(6);
    expect(await viewRows(listingId)).toHaveLength(6);
  });

  it('shows the count to the seller alone, on the listing and in their own list', async () => {
    const { seller, listingId } = await sellerWithListing();
    const other = await signedInMember(t.app, t.database.db);
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    await view(listingId, other);
    await view(listingId, { userAgent: PHONE });

    expect((await listingAs(listingId, seller)).views_count).toBe(2);
    for (const caller of [other, moderator, { ip: uniqueIp() }]) {
      expect((await listingAs(listingId, caller)).views_count).toBeNull();
    }
    const own = ListingListDto.parse(
      (await get(t.app, `/api/listings?seller_id=${seller.id}`, seller)).json(),
    );
    expect(own.items.map((item) => [item.id, item.views_count, item.favorites_count])).toEqual([
      [listingId, 2, 0],
    ]);
    const publicList = ListingListDto.parse(
      (await get(t.app, `/api/listings?seller_id=${seller.id}`, { ip: uniqueIp() })).json(),
    );
    expect(publicList.items.map((item) => item.views_count)).toEqual([null]);
  });

  it('answers 404 for a listing the caller may not see, and does not count staff on a withheld one', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const hidden = await buildListing(t.database.db, seller.id, { moderation_status: 'hidden' });
    const awaiting = await buildListing(t.database.db, seller.id, {
      moderation_status: 'pending',
      visible_in_marketplace: false,
    });
    const deleted = await buildListing(t.database.db, seller.id, { deleted: true });

    for (const listing of [hidden, awaiting, deleted]) {
      const answer = await view(listing.id, { userAgent: PHONE });
      expect(answer.statusCode).toBe(404);
      expect(errorOf(answer).message).toBe('Product not found');
    }
    expect((await view('not-a-listing')).statusCode).toBe(404);
    expect((await view('6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f')).statusCode).toBe(404);
    // Moderators may open them, but a moderator's review is not a reader's view.
    expect((await view(hidden.id, moderator)).statusCode).toBe(204);
    expect((await view(awaiting.id, moderator)).statusCode).toBe(204);
    expect(await viewsCount(hidden.id)).toBe(0);
    expect(await viewsCount(awaiting.id)).toBe(0);
  });

  it('counts views of a sold listing, whose page stays public', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const sold = await buildListing(t.database.db, seller.id, {
      sold: true,
      sold_at: new Date(),
      visible_in_marketplace: false,
    });
    expect((await view(sold.id)).statusCode).toBe(204);
    expect(await viewsCount(sold.id)).toBe(1);
  });

  it('limits the beacons of one address', async () => {
    const { listingId } = await sellerWithListing();
    const ip = uniqueIp();
    await t.rateLimiter.reset(listingViewRateKey(ip));
    for (let i = 0; i < LISTING_VIEW_RATE_LIMIT.limit; i += 1) {
      expect((await view(listingId, { ip, userAgent: PHONE })).statusCode).toBe(204);
    }
    const refused = await view(listingId, { ip, userAgent: LAPTOP });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The refused beacon counted nothing: one view, from the first browser.
    expect(await viewsCount(listingId)).toBe(1);
  });

  it('counts nothing for a GET or HEAD of the listing (prefetches, previews)', async () => {
    const { listingId } = await sellerWithListing();
    await get(t.app, `/api/listings/${listingId}`, { ip: uniqueIp() });
    await t.app.inject({ method: 'HEAD', url: `/api/listings/${listingId}`, remoteAddress: uniqueIp() });
    expect((await t.app.inject({ method: 'HEAD', url: `/api/listings/${listingId}/views` })).statusCode).toBe(
      404,
    );
    expect(await viewsCount(listingId)).toBe(0);
  });

  it('is in the OpenAPI document, with views_count on the listing and the setting on the site notice', async () => {
    const doc = (await get(t.app, '/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; summary?: string }>>;
    };
    const beacon = doc.paths['/api/listings/{id}/views']?.post;
    expect(Object.keys(beacon?.responses ?? {}).sort()).toEqual(['204', '404', '429']);
    expect(beacon?.summary).toMatch(/once per listing a day/);
    const text = JSON.stringify(doc);
    const detail = JSON.stringify(doc.paths['/api/listings/{id}']?.get?.responses['200']);
    expect(detail).toContain('views_count');
    const notice = JSON.stringify(doc.paths['/api/site-notice']?.get?.responses['200']);
    expect(notice).toContain('listings_require_approval');
    expect(text).toContain('/api/listings/{id}/views');
  });
});
