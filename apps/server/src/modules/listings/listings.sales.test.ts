import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  HomeListingsDto,
  LISTING_MESSAGES as M,
  ListingDto,
  ListingListDto,
  REVIEW_MESSAGES,
  REVIEW_WINDOW_DAYS,
} from '@castline/shared';
import { notifications, orderReviews, orders, products, profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildListingFavorite,
  buildListingLike,
  buildOrder,
  buildSale,
  buildUser,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
  type Member,
} from '../../../test/factories.js';

const t = useTestApp();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 24 * 60 * 60 * 1000;

let moderator: Member;
beforeAll(async () => {
  moderator = await signedInMember(t.app, t.database.db, 'moderator');
});

async function profile(id: string) {
  const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, id));
  return row!;
}

async function listIds(query: string) {
  const response = await get(t.app, `/api/listings?${query}`, guest());
  return ListingListDto.parse(response.json()).items.map((item) => item.id);
}

describe('POST /api/listings/:id/mark-sold (mark_product_as_sold)', () => {
  it('sells to the buyer: hidden from the marketplace, one more sale, a PRODUCT_SOLD notification', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const buyer = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, seller.id, { title: 'Penn Slammer IV' });
    expect(await listIds(`seller_id=${seller.id}`)).toEqual([listing.id]);

    const response = await post(
      t.app,
      `/api/listings/${listing.id}/mark-sold`,
      { buyer_id: buyer.id },
      seller,
    );
    expect(response.statusCode).toBe(200);
    const sold = ListingDto.parse(response.json());
    expect(sold).toMatchObject({ sold: true, buyer_id: buyer.id, visible_in_marketplace: false });
    expect(Date.now() - new Date(sold.sold_at!).getTime()).toBeLessThan(60_000);

    expect((await profile(seller.id)).sales_count).toBe(1);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.user_id, buyer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'PRODUCT_SOLD',
      title: 'Product Sold',
      message: '"Penn Slammer IV" was marked as sold to you',
      read: false,
      data: {
        productId: listing.id,
        product_id: listing.id,
        productName: 'Penn Slammer IV',
        is_seller: false,
      },
    });

    expect(await listIds(`seller_id=${seller.id}`)).toEqual([]);
    expect(await listIds(`seller_id=${seller.id}&sold=true`)).toEqual([listing.id]);
  });

  it('may be sold outside Castline (buyer null): no notification', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, seller.id);
    const response = await post(t.app, `/api/listings/${listing.id}/mark-sold`, { buyer_id: null }, seller);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sold: true, buyer_id: null });
    expect((await profile(seller.id)).sales_count).toBe(1);
  });

  it('only once: a second mark answers 409 and counts nothing twice', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const buyer = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, seller.id);
    const url = `/api/listings/${listing.id}/mark-sold`;
    expect((await post(t.app, url, { buyer_id: buyer.id }, seller)).statusCode).toBe(200);
    const again = await post(t.app, url, { buyer_id: buyer.id }, seller);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ code: 'CONFLICT', message: M.alreadySold });
    expect((await profile(seller.id)).sales_count).toBe(1);
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.user_id, buyer.id)),
    ).toHaveLength(1);
  });

  it('the buyer must exist and cannot be the seller', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, seller.id);
    const url = `/api/listings/${listing.id}/mark-sold`;
    for (const [buyer_id, message] of [
      [seller.id, M.cannotBuyOwn],
      [UNKNOWN_ID, M.buyerNotFound],
      ['not-a-uuid', M.buyerNotFound],
    ] as const) {
      const response = await post(t.app, url, { buyer_id }, seller);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        issues: [{ path: 'buyer_id', message }],
      });
    }
    const [row] = await t.database.db.select().from(products).where(eq(products.id, listing.id));
    expect(row).toMatchObject({ sold: false, visible_in_marketplace: true });
    expect((await profile(seller.id)).sales_count).toBe(0);
  });

  it('is for the seller only: other members and moderators get 403, guests 401', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const other = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, seller.id);
    const url = `/api/listings/${listing.id}/mark-sold`;
    for (const caller of [other, moderator]) {
      const response = await post(t.app, url, { buyer_id: null }, caller);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(M.notYourListing);
    }
    const anonymous = await post(t.app, url, { buyer_id: null }, guest());
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe(AUTH_MESSAGES.notAuthenticated);
    const missing = await post(t.app, `/api/listings/${UNKNOWN_ID}/mark-sold`, { buyer_id: null }, seller);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(M.productNotFound);
  });
});

describe('who bought a listing', () => {
  it('only the buyer, the seller and moderating staff see buyer_id: detail, lists, home rows, favourites', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const buyer = await signedInMember(t.app, t.database.db);
    const other = await signedInMember(t.app, t.database.db);
    const support = await signedInMember(t.app, t.database.db, 'support');
    const listing = await buildListing(t.database.db, seller.id, { title: 'Abu Garcia Revo SX' });
    for (const fan of [buyer, other]) await buildListingFavorite(t.database.db, listing.id, fan.id);
    const sold = await post(t.app, `/api/listings/${listing.id}/mark-sold`, { buyer_id: buyer.id }, seller);
    expect(sold.statusCode).toBe(200);
    expect(sold.json()).toMatchObject({ sold: true, buyer_id: buyer.id });

    const viewers = { seller, buyer, moderator, guest: guest(), other, support };
    const seesBuyer: Record<keyof typeof viewers, boolean> = {
      seller: true,
      buyer: true,
      moderator: true,
      guest: false,
      other: false,
      support: false,
    };
    /** The listing as `url` shows it to the viewer (the body must not carry the buyer's id elsewhere). */
    async function shown(
      url: string,
      name: keyof typeof viewers,
      pick: (body: unknown) => ListingDto | undefined,
    ) {
      const response = await get(t.app, url, viewers[name]);
      expect(response.statusCode, `${name} ${url}: ${response.body}`).toBe(200);
      const item = pick(response.json());
      expect(item, `${name} ${url}`).toBeDefined();
      if (!seesBuyer[name]) expect(response.body, `${name} ${url}`).not.toContain(buyer.id);
      return item!;
    }
    for (const name of Object.keys(viewers) as (keyof typeof viewers)[]) {
      const expected = seesBuyer[name] ? buyer.id : null;
      const detail = await shown(`/api/listings/${listing.id}`, name, (body) => ListingDto.parse(body));
      expect(detail.buyer_id, `${name} detail`).toBe(expected);
      const soldList = await shown(`/api/listings?sold=true&seller_id=${seller.id}`, name, (body) =>
        ListingListDto.parse(body).items.find((item) => item.id === listing.id),
      );
      expect(soldList.buyer_id, `${name} sold list`).toBe(expected);
      const home = await shown('/api/listings/home', name, (body) =>
        HomeListingsDto.parse(body).recentlySold.find((item) => item.id === listing.id),
      );
      expect(home.buyer_id, `${name} recently sold`).toBe(expected);
    }
    // The seller's own listings (their profile) and the favourites of the buyer and of a fan.
    const own = await shown(`/api/listings?seller_id=${seller.id}&sold=true`, 'seller', (body) =>
      ListingListDto.parse(body).items.find((item) => item.id === listing.id),
    );
    expect(own.buyer_id).toBe(buyer.id);
    const favorite = (name: 'buyer' | 'other') =>
      shown('/api/me/favorites', name, (body) =>
        ListingListDto.parse(body).items.find((item) => item.id === listing.id),
      );
    expect((await favorite('buyer')).buyer_id).toBe(buyer.id);
    expect((await favorite('other')).buyer_id).toBeNull();
  });
});

describe('GET /api/listings/:id/buyer-candidates', () => {
  it('lists members who liked or favourited the listing, latest interest first, for the seller only', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const liker = await buildUser(t.database.db);
    const fan = await buildUser(t.database.db);
    const bystander = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, seller.id);
    await buildListingLike(t.database.db, listing.id, liker.id);
    await buildListingFavorite(t.database.db, listing.id, fan.id);
    await buildListingLike(t.database.db, listing.id, fan.id);
    await buildListingLike(t.database.db, listing.id, seller.id);

    const url = `/api/listings/${listing.id}/buyer-candidates`;
    const response = await get(t.app, url, seller);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { id: fan.id, username: fan.username, avatar_url: null },
        { id: liker.id, username: liker.username, avatar_url: null },
      ],
    });
    const denied = await get(t.app, url, bystander);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).message).toBe(M.notYourListing);
  });
});

describe('POST /api/listings/:id/rating', () => {
  async function soldListing() {
    const seller = await signedInMember(t.app, t.database.db);
    const buyer = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, seller.id);
    await buildSale(t.database.db, listing, buyer.id);
    return { seller, buyer, listing };
  }

  it("the buyer rates once: a review of the sale's order, seen by them at once and by everyone once both sides have reviewed or the window has closed; the seller's rating is the average of those shown", async () => {
    const { seller, buyer, listing } = await soldListing();
    const response = await post(t.app, `/api/listings/${listing.id}/rating`, { rating: 5 }, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: listing.id, transaction_rating: 5 });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.product_id, listing.id));
    const [review] = await t.database.db
      .select()
      .from(orderReviews)
      .where(eq(orderReviews.order_id, order!.id));
    expect(review).toMatchObject({ reviewer_id: buyer.id, reviewee_id: seller.id, rating: 5, body: '' });
    // Hidden from the seller until they have reviewed too (two-way reviews).
    expect((await get(t.app, `/api/listings/${listing.id}`, seller)).json()).toMatchObject({
      transaction_rating: null,
    });
    expect(await profile(seller.id)).toMatchObject({ seller_rating: 0 });

    const again = await post(t.app, `/api/listings/${listing.id}/rating`, { rating: 1 }, buyer);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ code: 'CONFLICT', message: M.alreadyRated });

    const sellers = await post(
      t.app,
      `/api/orders/${order!.id}/review`,
      { rating: 5, body: 'Quick payment.' },
      seller,
    );
    expect(sellers.statusCode).toBe(201);
    expect(await profile(seller.id)).toMatchObject({ seller_rating: 5, cached_seller_rating: 5 });
    expect((await get(t.app, `/api/listings/${listing.id}`, guest())).json()).toMatchObject({
      transaction_rating: 5,
    });

    // Two more sales by the same seller, rated 4 and 4, shown when their windows close: (5 + 4 + 4) / 3 = 4.33.
    for (const rating of [4, 4]) {
      const second = await buildListing(t.database.db, seller.id);
      const secondBuyer = await signedInMember(t.app, t.database.db);
      await buildSale(t.database.db, second, secondBuyer.id);
      expect(
        (await post(t.app, `/api/listings/${second.id}/rating`, { rating }, secondBuyer)).statusCode,
      ).toBe(200);
    }
    expect((await profile(seller.id)).seller_rating).toBe(5);
    await t.app.jobs.runDue(new Date(Date.now() + (REVIEW_WINDOW_DAYS + 1) * DAY_MS));
    expect(await profile(seller.id)).toMatchObject({
      seller_rating: 4.33,
      cached_seller_rating: 4.33,
      sales_count: 3,
    });
    const card = await get(t.app, `/api/listings/${listing.id}`, guest());
    expect(card.json().seller).toMatchObject({ seller_rating: 4.33, sales_count: 3 });
  });

  it('a sale still in progress cannot be rated until it is received', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const buyer = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, seller.id);
    await buildOrder(t.database.db, listing, buyer.id, { state: 'shipped' });
    const response = await post(t.app, `/api/listings/${listing.id}/rating`, { rating: 4 }, buyer);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'CONFLICT', message: REVIEW_MESSAGES.notYet });
  });

  it('only the buyer may rate; ratings are whole numbers from 1 to 5', async () => {
    const { seller, buyer, listing } = await soldListing();
    const url = `/api/listings/${listing.id}/rating`;
    for (const caller of [seller, await signedInMember(t.app, t.database.db)]) {
      const response = await post(t.app, url, { rating: 5 }, caller);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: M.ratingNotAllowed });
    }
    for (const rating of [0, 6, 3.5, '4', null]) {
      const response = await post(t.app, url, { rating }, buyer);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(M.ratingRange);
    }
    expect((await post(t.app, url, {}, buyer)).statusCode).toBe(400);
    expect((await profile(seller.id)).seller_rating).toBe(0);
    expect((await post(t.app, url, { rating: 1 }, guest())).statusCode).toBe(401);
  });

  it('an unsold listing cannot be rated', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const someone = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, seller.id);
    const response = await post(t.app, `/api/listings/${listing.id}/rating`, { rating: 4 }, someone);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'CONFLICT', message: M.notSold });
  });
});
