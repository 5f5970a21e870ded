import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  LISTING_MESSAGES as M,
  LISTING_POLICY_MESSAGES,
  ListingListDto,
} from '@castline/shared';
import { productFavorites, productLikes, products } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildListingFavorite,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
} from '../../../test/factories.js';

const t = useTestApp();

async function counts(id: string) {
  const [row] = await t.database.db
    .select({ likes: products.likes_count, favorites: products.favorites_count })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

describe.each([
  ['like', productLikes, 'likes'],
  ['favorite', productFavorites, 'favorites'],
] as const)('POST /api/listings/:id/%s', (kind, table, counter) => {
  it('toggles on and off, answering the new state and count', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const first = await signedInMember(t.app, t.database.db);
    const second = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, seller.id);
    const url = `/api/listings/${listing.id}/${kind}`;

    expect((await post(t.app, url, undefined, first)).json()).toEqual({ active: true, count: 1 });
    expect((await post(t.app, url, undefined, second)).json()).toEqual({ active: true, count: 2 });
    expect((await post(t.app, url, undefined, first)).json()).toEqual({ active: false, count: 1 });
    expect((await counts(listing.id))[counter]).toBe(1);
    const rows = await t.database.db.select().from(table).where(eq(table.product_id, listing.id));
    expect(rows.map((row) => row.user_id)).toEqual([second.id]);

    // The caller's own state shows on the listing, in the detail and in lists.
    const field = kind === 'like' ? 'liked' : 'favorited';
    expect((await get(t.app, `/api/listings/${listing.id}`, second)).json()[field]).toBe(true);
    expect((await get(t.app, `/api/listings/${listing.id}`, first)).json()[field]).toBe(false);
    expect((await get(t.app, `/api/listings/${listing.id}`, guest())).json()[field]).toBe(false);
    const listed = ListingListDto.parse(
      (await get(t.app, `/api/listings?seller_id=${seller.id}`, second)).json(),
    );
    expect(listed.items[0]).toMatchObject({ [field]: true, [`${counter}_count`]: 1 });
  });

  it('keeps the count true under concurrent toggles', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const members = await Promise.all(Array.from({ length: 6 }, () => signedInMember(t.app, t.database.db)));
    const listing = await buildListing(t.database.db, seller.id);
    const url = `/api/listings/${listing.id}/${kind}`;
    // Everyone toggles three times at once. However the toggles interleave, the count is the
    // number of rows (one per member at most).
    const responses = await Promise.all(
      members.flatMap((member) => [1, 2, 3].map(() => post(t.app, url, undefined, member))),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const rows = await t.database.db.select().from(table).where(eq(table.product_id, listing.id));
    expect(rows.length).toBeLessThanOrEqual(6);
    expect((await counts(listing.id))[counter]).toBe(rows.length);
    const latest = (await post(t.app, url, undefined, members[0]!)).json() as { count: number };
    const after = await t.database.db.select().from(table).where(eq(table.product_id, listing.id));
    expect(latest.count).toBe(after.length);
  });

  it('needs a session (401 Not authenticated) and a listing the caller may see (404)', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const member = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, seller.id);
    const anonymous = await post(t.app, `/api/listings/${listing.id}/${kind}`, undefined, guest());
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous)).toEqual({ code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.notAuthenticated });

    const hidden = await buildListing(t.database.db, seller.id, { moderation_status: 'hidden' });
    const deleted = await buildListing(t.database.db, seller.id, { deleted: true });
    for (const id of [hidden.id, deleted.id, 'nope']) {
      const response = await post(t.app, `/api/listings/${id}/${kind}`, undefined, member);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(M.productNotFound);
    }
    const rows = await t.database.db
      .select()
      .from(table)
      .where(and(eq(table.user_id, member.id)));
    expect(rows).toEqual([]);
  });

  it('is closed to banned members', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const banned = await signedInMember(t.app, t.database.db, { profile: { status: 'banned' } });
    const listing = await buildListing(t.database.db, seller.id);
    const response = await post(t.app, `/api/listings/${listing.id}/${kind}`, undefined, banned);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(LISTING_POLICY_MESSAGES.banned);
  });
});

describe('GET /api/me/favorites', () => {
  it("lists the caller's favourites, newest favourite first, sold ones included, deleted and hidden ones left out", async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const fan = await signedInMember(t.app, t.database.db);
    const first = await buildListing(t.database.db, seller.id, { title: 'first favourite' });
    const second = await buildListing(t.database.db, seller.id, { title: 'second favourite' });
    const sold = await buildListing(t.database.db, seller.id, {
      title: 'sold favourite',
      sold: true,
      sold_at: new Date(),
      visible_in_marketplace: false,
    });
    const hidden = await buildListing(t.database.db, seller.id, {
      title: 'hidden favourite',
      moderation_status: 'hidden',
    });
    const gone = await buildListing(t.database.db, seller.id, { title: 'deleted favourite', deleted: true });
    await buildListing(t.database.db, seller.id, { title: 'not a favourite' });
    // Oldest favourite first: the hidden and deleted ones are the newest.
    for (const listing of [first, second, sold, hidden, gone]) {
      await buildListingFavorite(t.database.db, listing.id, fan.id);
    }

    const response = await get(t.app, '/api/me/favorites', fan);
    expect(response.statusCode).toBe(200);
    const page = ListingListDto.parse(response.json());
    expect(page.items.map((item) => item.title)).toEqual([
      'sold favourite',
      'second favourite',
      'first favourite',
    ]);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(page.items.every((item) => item.favorited)).toBe(true);
    expect(page.items[0]!.sold).toBe(true);

    const paged = ListingListDto.parse((await get(t.app, '/api/me/favorites?pageSize=2&page=2', fan)).json());
    expect(paged.items.map((item) => item.title)).toEqual(['first favourite']);

    const anonymous = await get(t.app, '/api/me/favorites', guest());
    expect(anonymous.statusCode).toBe(401);
  });
});
