import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LISTING_MESSAGES,
  HomeListingsDto,
  ListingDto,
  ListingListDto,
  PublicProfileDto,
  SimilarListingsDto,
  SiteNoticeDto,
} from '@castline/shared';
import { adminSettings } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  errorOf,
  get,
  guest,
  post,
  put,
  signedInMember,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { tackleBody } from './listings.test-helpers.js';

/*
 * What the pages say about a new listing must be what happens. The listing
 * form and the dashboard read the "Listings need approval" setting from GET /api/site-notice and
 * say either that a new listing is public at once (moderators may hide it later) or that it
 * stays out of public view until a moderator approves it. These tests hold the server to both.
 */

const t = useTestApp();

afterEach(async () => {
  await t.database.db
    .update(adminSettings)
    .set({ listings_require_approval: false })
    .where(eq(adminSettings.id, 1));
});

async function setApproval(admin: Member, on: boolean): Promise<void> {
  const saved = await put(t.app, '/api/admin/settings', { listings_require_approval: on }, admin);
  expect(saved.statusCode, saved.body).toBe(200);
}

async function siteSettings(): Promise<SiteNoticeDto> {
  const response = await get(t.app, '/api/site-notice', guest());
  expect(response.statusCode).toBe(200);
  return SiteNoticeDto.parse(response.json());
}

async function create(seller: Member, title: string): Promise<ListingDto> {
  const created = await post(t.app, '/api/listings', tackleBody({ title }), seller);
  expect(created.statusCode, created.body).toBe(201);
  return ListingDto.parse(created.json());
}

/**
 * Where the public meets listings, as `caller` sees them: ids on each surface. Profiles are for
 * members, so `member` reads the seller's profile count.
 */
async function publicSurfaces(caller: Caller, member: Member, seller: Member, anchorId: string) {
  const ids = async (url: string) => {
    const response = await get(t.app, url, caller);
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    return ListingListDto.parse(response.json()).items.map((item) => item.id);
  };
  const home = HomeListingsDto.parse((await get(t.app, '/api/listings/home', caller)).json());
  const similar = SimilarListingsDto.parse(
    (await get(t.app, `/api/listings/${anchorId}/similar`, caller)).json(),
  );
  const profile = PublicProfileDto.parse((await get(t.app, `/api/profiles/${seller.id}`, member)).json());
  return {
    search: await ids('/api/listings?pageSize=50'),
    category: await ids('/api/listings?category=tackle&pageSize=50'),
    sellerList: await ids(`/api/listings?seller_id=${seller.id}&pageSize=50`),
    homeRows: [...home.featured, ...home.newest, ...home.recentlySold].map((item) => item.id),
    similar: similar.items.map((item) => item.id),
    profileListings: profile.active_listings_count,
  };
}

describe('a new listing and the "Listings need approval" setting', () => {
  it('while the setting is on, the pages are told so and a pending listing is public nowhere until approved', async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const seller = await signedInMember(t.app, t.database.db);
    const reader = await signedInMember(t.app, t.database.db);
    // A live listing of another seller, in the same category and gear type (for "similar").
    const anchor = await buildListing(t.database.db, reader.id, { title: 'Anchor tackle bag' });

    await setApproval(admin, true);
    expect(await siteSettings()).toEqual({ notice: null, listings_require_approval: true });

    const listing = await create(seller, 'Approvalgate crankbait box');
    expect(listing.moderation_status).toBe('pending');
    expect(listing.visible_in_marketplace).toBe(false);

    for (const caller of [guest(), reader]) {
      const seen = await publicSurfaces(caller, reader, seller, anchor.id);
      expect(seen.search).not.toContain(listing.id);
      expect(seen.category).not.toContain(listing.id);
      expect(seen.sellerList).not.toContain(listing.id);
      expect(seen.homeRows).not.toContain(listing.id);
      expect(seen.similar).not.toContain(listing.id);
      expect(seen.profileListings).toBe(0);
      expect((await get(t.app, `/api/listings/${listing.id}`, caller)).statusCode).toBe(404);
      expect((await get(t.app, `/api/listings/${listing.id}/similar`, caller)).statusCode).toBe(404);
    }
    // Its seller still has it, marked as waiting, among their own listings and on its page.
    const own = ListingListDto.parse(
      (await get(t.app, `/api/listings?seller_id=${seller.id}`, seller)).json(),
    ).items;
    expect(own.map((item) => [item.id, item.moderation_status])).toEqual([[listing.id, 'pending']]);
    expect((await get(t.app, `/api/listings/${listing.id}`, seller)).statusCode).toBe(200);

    // Approved: public everywhere.
    const approved = await post(t.app, `/api/admin/moderation/listings/${listing.id}/approve`, {}, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await publicSurfaces(guest(), reader, seller, anchor.id);
    expect(after.search).toContain(listing.id);
    expect(after.sellerList).toContain(listing.id);
    expect(after.homeRows).toContain(listing.id);
    expect(after.similar).toContain(listing.id);
    expect(after.profileListings).toBe(1);
    expect((await get(t.app, `/api/listings/${listing.id}`, guest())).statusCode).toBe(200);
  });

  it('a listing waiting for approval cannot be marked sold, so it never reaches Recently sold before a moderator saw it', async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const seller = await signedInMember(t.app, t.database.db);
    await setApproval(admin, true);
    const listing = await create(seller, 'Unreviewed spoon assortment');

    const sold = await post(t.app, `/api/listings/${listing.id}/mark-sold`, { buyer_id: null }, seller);
    expect(sold.statusCode).toBe(409);
    expect(errorOf(sold)).toEqual({ code: 'CONFLICT', message: LISTING_MESSAGES.awaitingApprovalCannotSell });
    const home = HomeListingsDto.parse((await get(t.app, '/api/listings/home', guest())).json());
    expect(home.recentlySold.map((item) => item.id)).not.toContain(listing.id);
    const soldSearch = ListingListDto.parse(
      (await get(t.app, '/api/listings?sold=true&pageSize=50', guest())).json(),
    );
    expect(soldSearch.items.map((item) => item.id)).not.toContain(listing.id);
    expect((await get(t.app, `/api/listings/${listing.id}`, guest())).statusCode).toBe(404);
  });

  it('while the setting is off, the pages are told so and a new listing is public at once, still pending', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const reader = await signedInMember(t.app, t.database.db);
    const anchor = await buildListing(t.database.db, reader.id, { title: 'Anchor spinner wallet' });

    expect(await siteSettings()).toEqual({ notice: null, listings_require_approval: false });
    const listing = await create(seller, 'Opengate jig assortment');
    expect(listing.moderation_status).toBe('pending');
    expect(listing.visible_in_marketplace).toBe(true);

    const seen = await publicSurfaces(guest(), reader, seller, anchor.id);
    expect(seen.search).toContain(listing.id);
    expect(seen.category).toContain(listing.id);
    expect(seen.sellerList).toContain(listing.id);
    expect(seen.homeRows).toContain(listing.id);
    expect(seen.similar).toContain(listing.id);
    expect(seen.profileListings).toBe(1);
    const page = await get(t.app, `/api/listings/${listing.id}`, guest());
    expect(page.statusCode).toBe(200);
    expect(ListingDto.parse(page.json()).moderation_status).toBe('pending');
  });
});
