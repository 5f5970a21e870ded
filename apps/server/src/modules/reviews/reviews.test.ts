import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ListingDto,
  ORDER_MESSAGES,
  OrderReviewsDto,
  ProfileReviewFiguresDto,
  ProfileReviewsDto,
  PublicProfileDto,
  REVIEW_MESSAGES as M,
  REVIEW_WINDOW_DAYS,
  ReviewDto,
} from '@castline/shared';
import { jobs, notifications, orderReviews, orders, products, profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildOrder,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
  type BuiltOrder,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { REVIEWS_REVEAL_JOB } from './index.js';

const t = useTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const db = () => t.database.db;
const member = () => signedInMember(t.app, t.database.db);

/** A completed order on a listing of `seller` bought by `buyer`, received `receivedAgo` ms ago. */
async function completedOrder(
  seller: Member,
  buyer: Member,
  receivedAgo = DAY_MS,
  title = 'Shimano Stradic',
) {
  const listing = await buildListing(db(), seller.id, { title, price: 180 });
  const received = new Date(Date.now() - receivedAgo);
  return buildOrder(db(), listing, buyer.id, {
    state: 'completed',
    received_at: received,
    completed_at: received,
  });
}

function review(orderId: string, caller: Caller, body: Record<string, unknown> = {}) {
  return post(
    t.app,
    `/api/orders/${orderId}/review`,
    { rating: 5, body: 'Great to deal with.', ...body },
    caller,
  );
}

async function reviewed(orderId: string, caller: Member, body: Record<string, unknown> = {}) {
  const response = await review(orderId, caller, body);
  expect(response.statusCode, response.body).toBe(201);
  return OrderReviewsDto.parse(response.json());
}

async function reviewsSeenBy(orderId: string, caller: Member) {
  const response = await get(t.app, `/api/orders/${orderId}/reviews`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return OrderReviewsDto.parse(response.json());
}

async function profileReviews(userId: string, query = '', caller: Caller = guest()) {
  const response = await get(t.app, `/api/profiles/${userId}/reviews${query}`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return ProfileReviewsDto.parse(response.json());
}

async function notificationsOf(userId: string) {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'REVIEW')))
    .orderBy(desc(notifications.created_at));
}

async function profileRow(id: string) {
  const [row] = await db().select().from(profiles).where(eq(profiles.id, id));
  return row!;
}

async function listingRating(order: BuiltOrder) {
  const [row] = await db().select().from(products).where(eq(products.id, order.product_id));
  return row!.transaction_rating;
}

async function revealJob(orderId: string) {
  const [row] = await db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, REVIEWS_REVEAL_JOB), eq(jobs.key, orderId)));
  return row;
}

describe('POST /api/orders/:id/review: the rules', () => {
  it('refuses a guest (401), strangers and unknown orders (404), a banned side (403) and bad input (400)', async () => {
    const [seller, buyer] = [await member(), await member()];
    const order = await completedOrder(seller, buyer);

    expect((await review(order.id, guest())).statusCode).toBe(401);
    for (const [id, caller] of [
      [order.id, await member()],
      [UNKNOWN_ID, buyer],
      ['not-an-id', buyer],
    ] as const) {
      const response = await review(id, caller);
      expect([response.statusCode, errorOf(response).message]).toEqual([404, ORDER_MESSAGES.notFound]);
    }
    const outsider = await get(t.app, `/api/orders/${order.id}/reviews`, await member());
    expect(outsider.statusCode).toBe(404);

    await db().update(profiles).set({ status: 'banned', banned: true }).where(eq(profiles.id, buyer.id));
    const banned = await review(order.id, buyer);
    expect([banned.statusCode, errorOf(banned).message]).toEqual([403, M.banned]);
    await db().update(profiles).set({ status: 'active', banned: false }).where(eq(profiles.id, buyer.id));

    for (const [body, message] of [
      [{ rating: 0 }, M.ratingRequired],
      [{ rating: 6 }, M.ratingRequired],
      [{ rating: 3.5 }, M.ratingRequired],
      [{ rating: '4' }, M.ratingRequired],
      [{ rating: null }, M.ratingRequired],
      [{ body: '' }, M.bodyRequired],
      [{ body: '   ' }, M.bodyRequired],
      [{ body: 'x'.repeat(2001) }, M.bodyTooLong],
    ] as const) {
      const response = await review(order.id, buyer, body);
      expect([response.statusCode, errorOf(response).message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect(await db().select().from(orderReviews).where(eq(orderReviews.order_id, order.id))).toEqual([]);
  });

  it('only once the order is received or completed, never for a cancelled one, within 30 days, once each', async () => {
    const [seller, buyer] = [await member(), await member()];
    for (const state of ['awaiting_payment', 'paid', 'shipped'] as const) {
      const listing = await buildListing(db(), seller.id);
      const early = await buildOrder(db(), listing, buyer.id, { state });
      const response = await review(early.id, buyer);
      expect([response.statusCode, errorOf(response).message], state).toEqual([409, M.notYet]);
    }
    const cancelled = await buildOrder(db(), await buildListing(db(), seller.id), buyer.id, {
      state: 'cancelled',
      cancelled_at: new Date(),
    });
    const refused = await review(cancelled.id, seller);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([409, M.cancelled]);

    // Received 30 days and a minute ago: the window has closed.
    const late = await completedOrder(seller, buyer, REVIEW_WINDOW_DAYS * DAY_MS + 60_000);
    const closed = await review(late.id, buyer);
    expect([closed.statusCode, errorOf(closed).message]).toEqual([409, M.windowClosed]);
    // Received (not yet completed, a return window open): the window is open.
    const listing = await buildListing(db(), seller.id);
    const received = await buildOrder(db(), listing, buyer.id, {
      state: 'received',
      received_at: new Date(),
    });
    await reviewed(received.id, buyer);
    const twice = await review(received.id, buyer, { rating: 1 });
    expect([twice.statusCode, errorOf(twice).message]).toEqual([409, M.alreadyReviewed]);
    const [twiceRace] = await Promise.all([review(received.id, seller), review(received.id, seller)]).then(
      (answers) => [answers.map((answer) => answer.statusCode).sort()],
    );
    expect(twiceRace).toEqual([201, 409]);
  });

  it('a sale marked sold to nobody on Castline has no reviews; one marked sold to a member has', async () => {
    const [seller, buyer] = [await member(), await member()];
    const nobody = await buildListing(db(), seller.id);
    expect(
      (await post(t.app, `/api/listings/${nobody.id}/mark-sold`, { buyer_id: null }, seller)).statusCode,
    ).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.product_id, nobody.id));
    const refused = await review(order!.id, seller);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([409, M.noBuyer]);
    expect(await reviewsSeenBy(order!.id, seller)).toMatchObject({
      other: null,
      can_review: false,
      window_closes_at: null,
    });

    const sold = await buildListing(db(), seller.id);
    await post(t.app, `/api/listings/${sold.id}/mark-sold`, { buyer_id: buyer.id }, seller);
    const [marked] = await db().select().from(orders).where(eq(orders.product_id, sold.id));
    const view = await reviewed(marked!.id, buyer);
    expect(view.mine).toMatchObject({ rating: 5, reviewer_role: 'buyer', revealed_at: null });
    // No order.received / order.completed was raised for a marked sale: the first review queued the reveal.
    expect((await revealJob(marked!.id))?.run_at).toEqual(new Date(view.window_closes_at!));
  });
});

describe('two reviews show together', () => {
  it('the first stays hidden from the other side and from profiles; the second shows both, and the spec’s figures follow', async () => {
    const [seller, buyer] = [await member(), await member()];
    const order = await completedOrder(seller, buyer, DAY_MS, 'Penn Battle III');

    const first = await reviewed(order.id, buyer, { rating: 4, body: '  Well packed, quick to ship.  ' });
    const closes = new Date(order.received_at!.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
    expect(first).toMatchObject({
      role: 'buyer',
      other: { id: seller.id, username: seller.username },
      mine: { rating: 4, body: 'Well packed, quick to ship.', revealed_at: null, reviewee_id: seller.id },
      theirs: null,
      theirs_hidden: false,
      can_review: false,
      can_reply: false,
      window_closes_at: closes.toISOString(),
    });
    // The seller knows a review is in, not what it says.
    const sellerView = await reviewsSeenBy(order.id, seller);
    expect(sellerView).toMatchObject({ mine: null, theirs: null, theirs_hidden: true, can_review: true });
    expect(JSON.stringify(sellerView)).not.toContain('Well packed');
    const [told] = await notificationsOf(seller.id);
    expect(told).toMatchObject({
      title: 'New review',
      message: `@${buyer.username} reviewed your order for "Penn Battle III"; leave yours to see it (visible to both on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(closes)} otherwise)`,
      data: { orderId: order.id },
    });
    // Nowhere public yet: not on the profile, not in the figures, not in the listing's rating.
    const hidden = await profileReviews(seller.id);
    expect(hidden.items).toEqual([]);
    expect(hidden.figures.as_seller).toEqual({ count: 0, average: null, positive_share: null });
    expect(await listingRating(order)).toBeNull();
    expect((await profileRow(seller.id)).seller_rating).toBe(0);
    // Only the buyer sees the rating they gave on the listing page.
    const asBuyer = ListingDto.parse((await get(t.app, `/api/listings/${order.product_id}`, buyer)).json());
    const asSeller = ListingDto.parse((await get(t.app, `/api/listings/${order.product_id}`, seller)).json());
    const asGuest = ListingDto.parse((await get(t.app, `/api/listings/${order.product_id}`, guest())).json());
    expect([asBuyer, asSeller, asGuest].map((l) => l.transaction_rating)).toEqual([4, null, null]);
    expect((await revealJob(order.id))?.run_at).toEqual(closes);

    const second = await reviewed(order.id, seller, { rating: 5, body: 'Paid at once, friendly.' });
    expect(second.mine?.revealed_at).not.toBeNull();
    expect(second.theirs).toMatchObject({
      rating: 4,
      body: 'Well packed, quick to ship.',
      reviewer_role: 'buyer',
    });
    expect(second.theirs?.revealed_at).toBe(second.mine?.revealed_at);
    expect(second).toMatchObject({ theirs_hidden: false, can_review: false, can_reply: true });
    expect((await reviewsSeenBy(order.id, buyer)).theirs).toMatchObject({
      rating: 5,
      reviewer_role: 'seller',
    });
    const [toBuyer] = await notificationsOf(buyer.id);
    expect(toBuyer).toMatchObject({
      title: 'Reviews visible',
      message: `@${seller.username} left a review: it is visible now that you both have`,
    });
    // Nothing left for the window's end to do.
    expect(await revealJob(order.id)).toBeUndefined();

    // One truth: the listing's transaction_rating and the seller's rating come from the review.
    expect(await listingRating(order)).toBe(4);
    expect(await profileRow(seller.id)).toMatchObject({ seller_rating: 4, cached_seller_rating: 4 });
    const asSeller2 = await profileReviews(seller.id);
    expect(asSeller2.items.map((r) => [r.reviewer.id, r.rating])).toEqual([[buyer.id, 4]]);
    expect(asSeller2.figures.as_seller).toEqual({ count: 1, average: 4, positive_share: 1 });
    const asBuyer2 = await profileReviews(buyer.id, '?role=buyer');
    expect(asBuyer2.items.map((r) => [r.reviewer.id, r.rating, r.listing.title])).toEqual([
      [seller.id, 5, 'Penn Battle III'],
    ]);
    expect(asBuyer2.figures.as_buyer).toEqual({ count: 1, average: 5, positive_share: 1 });
  });
});

describe('the window’s end', () => {
  it('receiving an order queues the reveal; at the window’s end the job shows what is in, once however often it runs', async () => {
    const [seller, buyer] = [await member(), await member()];
    const listing = await buildListing(db(), seller.id, { title: 'Daiwa BG 3000', price: 120 });
    const order = await buildOrder(db(), listing, buyer.id, { state: 'shipped', shipped_at: new Date() });
    expect((await post(t.app, `/api/orders/${order.id}/receive`, undefined, buyer)).statusCode).toBe(200);
    const [receivedRow] = await db().select().from(orders).where(eq(orders.id, order.id));
    const closes = new Date(receivedRow!.received_at!.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
    expect((await revealJob(order.id))?.run_at).toEqual(closes);

    await reviewed(order.id, buyer, { rating: 2, body: 'Reel grinds, not as described.' });
    expect(await t.app.jobs.runDue(new Date(closes.getTime() - DAY_MS))).toBe(0);
    expect((await reviewsSeenBy(order.id, seller)).theirs_hidden).toBe(true);

    // Two instances polling at once, then a third run after: one reveal, one notification.
    await Promise.all([t.app.jobs.runDue(closes), t.app.jobs.runDue(closes)]);
    await t.app.jobs.runDue(new Date(closes.getTime() + DAY_MS));
    const sellerView = await reviewsSeenBy(order.id, seller);
    expect(sellerView.theirs).toMatchObject({ rating: 2, body: 'Reel grinds, not as described.' });
    expect(sellerView.theirs?.revealed_at).not.toBeNull();
    const told = await notificationsOf(seller.id);
    expect(told.map((n) => n.message)).toEqual([
      `The review @${buyer.username} left for "Daiwa BG 3000" is visible now that the review window has closed`,
      `@${buyer.username} reviewed your order for "Daiwa BG 3000"; leave yours to see it (visible to both on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(closes)} otherwise)`,
    ]);
    expect(await listingRating(order)).toBe(2);
    expect((await profileRow(seller.id)).seller_rating).toBe(2);
    const revealedAt = sellerView.theirs?.revealed_at;

    // The job queued again (say, by a retry) finds nothing hidden and changes nothing.
    await t.app.jobs.enqueue(db(), {
      name: REVIEWS_REVEAL_JOB,
      key: order.id,
      runAt: new Date(),
      payload: { orderId: order.id },
    });
    expect(await t.app.jobs.runDue(new Date())).toBeGreaterThanOrEqual(1);
    expect((await reviewsSeenBy(order.id, seller)).theirs?.revealed_at).toBe(revealedAt);
    expect(await notificationsOf(seller.id)).toHaveLength(2);
    expect(await revealJob(order.id)).toBeUndefined();
  });
});

describe('POST /api/reviews/:id/reply', () => {
  it('the member reviewed replies once, in public, only after the reveal', async () => {
    const [seller, buyer, stranger] = [await member(), await member(), await member()];
    const order = await completedOrder(seller, buyer, DAY_MS, 'Abu Garcia Revo');
    const reviewId = (await reviewed(order.id, buyer, { rating: 3, body: 'Slow to ship.' })).mine!.id;
    const reply = (caller: Caller, text: unknown = 'Sorry, the carrier lost a day.') =>
      post(t.app, `/api/reviews/${reviewId}/reply`, { reply: text }, caller);

    // Hidden: the member reviewed must wait; for anyone else but its writer it does not exist.
    const early = await reply(seller);
    expect([early.statusCode, errorOf(early).message]).toEqual([409, M.replyNotYet]);
    expect((await reply(stranger)).statusCode).toBe(404);
    expect((await reply(guest())).statusCode).toBe(401);
    const unknown = await post(t.app, `/api/reviews/${UNKNOWN_ID}/reply`, { reply: 'Hi' }, seller);
    expect([unknown.statusCode, errorOf(unknown).message]).toEqual([404, M.notFound]);

    await reviewed(order.id, seller, { rating: 5, body: 'Paid at once.' });
    for (const caller of [buyer, stranger]) {
      const response = await reply(caller);
      expect([response.statusCode, errorOf(response).message]).toEqual([403, M.replyNotAllowed]);
    }
    for (const [text, message] of [
      ['', M.replyRequired],
      ['  ', M.replyRequired],
      ['x'.repeat(1001), M.replyTooLong],
      [42, M.replyRequired],
    ] as const) {
      const response = await reply(seller, text);
      expect([response.statusCode, errorOf(response).message]).toEqual([400, message]);
    }
    const answered = await reply(seller, '  Sorry, the carrier lost a day.  ');
    expect(answered.statusCode, answered.body).toBe(200);
    expect(ReviewDto.parse(answered.json())).toMatchObject({
      id: reviewId,
      reply: 'Sorry, the carrier lost a day.',
    });
    const again = await reply(seller, 'And another thing');
    expect([again.statusCode, errorOf(again).message]).toEqual([409, M.alreadyReplied]);
    const [told] = await notificationsOf(buyer.id);
    expect(told?.message).toBe(`@${seller.username} replied to your review of "Abu Garcia Revo"`);
    const shown = await profileReviews(seller.id);
    expect(shown.items[0]).toMatchObject({ reply: 'Sorry, the carrier lost a day.' });
    expect(shown.items[0]?.replied_at).not.toBeNull();
    expect((await reviewsSeenBy(order.id, seller)).can_reply).toBe(false);
  });

  it('a banned member reviewed may not reply', async () => {
    const [seller, buyer] = [await member(), await member()];
    const order = await completedOrder(seller, buyer);
    const reviewId = (await reviewed(order.id, buyer)).mine!.id;
    await reviewed(order.id, seller);
    await db().update(profiles).set({ status: 'banned', banned: true }).where(eq(profiles.id, seller.id));
    const response = await post(t.app, `/api/reviews/${reviewId}/reply`, { reply: 'Thanks' }, seller);
    expect([response.statusCode, errorOf(response).message]).toEqual([403, M.banned]);
  });
});

describe('GET /api/profiles/:userId/reviews and review-figures', () => {
  it('counts visible reviews only: average, count and share rated 4 or 5, in agreement with seller_rating and each listing’s rating', async () => {
    const seller = await member();
    const ratings = [5, 4, 2];
    const orders_: BuiltOrder[] = [];
    for (const [index, rating] of ratings.entries()) {
      const buyer = await member();
      const order = await completedOrder(seller, buyer, DAY_MS, `Rod ${index + 1}`);
      await reviewed(order.id, buyer, { rating, body: `Rated ${rating}` });
      await reviewed(order.id, seller, { rating: 5, body: 'Good buyer' });
      orders_.push(order);
    }
    // One more buyer's review still hidden: it counts nowhere yet.
    const hiddenOrder = await completedOrder(seller, await member());
    const hiddenBuyer = (await db().select().from(orders).where(eq(orders.id, hiddenOrder.id)))[0]!.buyer_id!;
    await db().insert(orderReviews).values({
      order_id: hiddenOrder.id,
      reviewer_id: hiddenBuyer,
      reviewee_id: seller.id,
      reviewer_role: 'buyer',
      rating: 1,
      body: 'Hidden',
    });

    const page = await profileReviews(seller.id);
    expect(page.figures).toEqual({
      user_id: seller.id,
      as_seller: { count: 3, average: 3.67, positive_share: 0.6667 },
      as_buyer: { count: 0, average: null, positive_share: null },
    });
    expect(page.items.map((r) => r.body)).toEqual(['Rated 2', 'Rated 4', 'Rated 5']);
    expect(page.total).toBe(3);
    const figures = ProfileReviewFiguresDto.parse(
      (await get(t.app, `/api/profiles/${seller.id}/review-figures`, guest())).json(),
    );
    expect(figures).toEqual(page.figures);

    // The spec's figures agree: seller_rating is the average, ratings_count the count, each
    // listing's transaction_rating its buyer's rating.
    const profile = PublicProfileDto.parse(
      (await get(t.app, `/api/profiles/${seller.id}`, await member())).json(),
    );
    expect([profile.seller_rating, profile.ratings_count]).toEqual([3.67, 3]);
    expect(await Promise.all(orders_.map(listingRating))).toEqual(ratings);
    expect(await listingRating(hiddenOrder)).toBeNull();
    const card = ListingDto.parse(
      (await get(t.app, `/api/listings/${orders_[0]!.product_id}`, guest())).json(),
    );
    expect(card.seller.seller_rating).toBe(3.67);

    // 10 a page by default; pageSize and page choose.
    const second = await profileReviews(seller.id, '?role=seller&page=2&pageSize=2');
    expect([second.items.map((r) => r.body), second.total, second.page, second.pageSize]).toEqual([
      ['Rated 5'],
      3,
      2,
      2,
    ]);
    // As a buyer, each of those buyers has the seller's review.
    const someBuyer = page.items[0]!.reviewer.id;
    expect((await profileReviews(someBuyer, '?role=buyer')).items.map((r) => r.body)).toEqual(['Good buyer']);
  });

  it('answers 404 for an unknown or malformed member and 400 for an unknown role', async () => {
    for (const path of [
      `/api/profiles/${UNKNOWN_ID}/reviews`,
      '/api/profiles/nope/reviews',
      `/api/profiles/${UNKNOWN_ID}/review-figures`,
    ]) {
      const response = await get(t.app, path, guest());
      expect([response.statusCode, errorOf(response).message], path).toEqual([
        404,
        AUTH_MESSAGES.profileNotFound,
      ]);
    }
    const someone = await member();
    const response = await get(t.app, `/api/profiles/${someone.id}/reviews?role=captain`, guest());
    expect([response.statusCode, errorOf(response).message]).toEqual([400, M.roleInvalid]);
  });
});
