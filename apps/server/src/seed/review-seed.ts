import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REVIEW_WINDOW_DAYS } from '@castline/shared';
import type { Database, Transaction } from '../db/client.js';
import { jobs, notifications, orderReviews, orders, products, profiles } from '../db/schema/index.js';
import {
  REVIEWS_REVEAL_JOB,
  reviewEventNotifications,
  syncRatingsFromReviews,
} from '../modules/reviews/index.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** What buyers wrote of sellers, by the rating they gave. */
const OF_SELLERS: Record<number, string[]> = {
  5: [
    'Exactly as described and packed like it was going overseas. Would buy from again in a heartbeat.',
    'Fast answers, fair price, and the reel spins like new. A pleasure to deal with.',
    'Met at the ramp as agreed, gear was spotless. Top seller.',
    'Shipped the day I paid, tracking worked, rod arrived without a scratch.',
  ],
  4: [
    'Good deal and honest description. Shipping took a couple of days longer than I hoped.',
    'Gear as pictured; a little more wear on the grip than the photos showed, but fair for the price.',
  ],
  3: [
    'The reel works, but the drag is rougher than "excellent" suggests. Seller was polite about it.',
    'Took a week to ship and needed two reminders. The rod itself is fine.',
  ],
};

/** What sellers wrote of buyers. */
const OF_BUYERS: Record<number, string[]> = {
  5: [
    'Paid right away and picked up on time. Easy deal.',
    'Clear questions before buying, quick payment. Welcome back any time.',
    'Smooth from start to finish, thanks!',
  ],
  4: ['Paid promptly; took a few days to confirm receipt, otherwise great.'],
};

const REPLIES = {
  thanks: [
    'Thanks! Tight lines with it.',
    'Glad it found a good home. Enjoy the season!',
    'Appreciate it, good luck on the water.',
  ],
  sorry: [
    'Sorry about the wait: the post office closed early that week. Happy to help if anything comes up.',
    'Fair point on the drag. I cleaned it before shipping, but message me and I will send a spare washer.',
  ],
};

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length]!;
}

function bodyOf(pool: Record<number, string[]>, rating: number, index: number): string {
  return pick(pool[rating] ?? pool[Math.max(3, Math.min(5, rating))] ?? pool[5]!, index);
}

const buyer = alias(profiles, 'buyer');
const seller = alias(profiles, 'seller');

/**
 * Two-way reviews of the demo orders (after the order seed): on received and completed orders
 * with a buyer, buyers' ratings come from the listing seed's transaction_rating and sellers mostly
 * review their buyers too. Both in, or a window closed: visible (some with the member's reply);
 * one side only in an open window: hidden, the other side told, its reveal queued. Captain Ahab's
 * received order has the seller's review waiting for his. Every listing's transaction_rating and
 * every seller's rating are then read from the visible reviews, as the app keeps them.
 */
export async function seedDemoReviews(db: Database, now = Date.now()): Promise<number> {
  const rows = await db
    .select({
      id: orders.id,
      state: orders.state,
      product_id: orders.product_id,
      buyer_id: orders.buyer_id,
      seller_id: orders.seller_id,
      received_at: orders.received_at,
      completed_at: orders.completed_at,
      title: products.title,
      rating: products.transaction_rating,
      buyer_username: buyer.username,
      seller_username: seller.username,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.product_id))
    .innerJoin(buyer, eq(buyer.id, orders.buyer_id))
    .innerJoin(seller, eq(seller.id, orders.seller_id))
    .where(and(inArray(orders.state, ['received', 'completed']), isNotNull(orders.buyer_id)))
    .orderBy(asc(orders.created_at), asc(orders.id));

  let written = 0;
  await db.transaction(async (tx) => {
    for (const [index, order] of rows.entries()) {
      const anchor = order.received_at ?? order.completed_at;
      if (!anchor || !order.buyer_id) continue;
      const closesAt = new Date(anchor.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
      const open = closesAt.getTime() > now;
      const at = (days: number) => new Date(Math.min(now - HOUR_MS, anchor.getTime() + days * DAY_MS));

      // Who has written: a received order (its return window open) has only the seller's so far;
      // in other open windows every other order is still one-sided.
      const received = order.state === 'received';
      let buyerRating: number | null = received ? null : (order.rating ?? (index % 3 === 0 ? 5 : null));
      let sellerRating: number | null = received ? 5 : index % 5 === 4 ? null : index % 7 === 3 ? 4 : 5;
      if (open && !received && index % 2 === 0) {
        if (buyerRating !== null) sellerRating = null;
      }
      if (buyerRating === null && sellerRating === null) {
        if (open) await queueReveal(tx, order.id, closesAt);
        continue;
      }
      const buyerAt = at(1 + (index % 3));
      const sellerAt = at(2 + (index % 4));
      const both = buyerRating !== null && sellerRating !== null;
      const revealedAt = both
        ? new Date(Math.max(buyerAt.getTime(), sellerAt.getTime()))
        : open
          ? null
          : closesAt;
      const replyAt = revealedAt ? new Date(Math.min(now - HOUR_MS, revealedAt.getTime() + DAY_MS)) : null;

      if (buyerRating !== null) {
        buyerRating = Math.max(1, Math.min(5, buyerRating));
        // A seller answers a lukewarm review, and thanks some buyers.
        const reply =
          revealedAt && buyerRating <= 3
            ? pick(REPLIES.sorry, index)
            : revealedAt && index % 4 === 0
              ? pick(REPLIES.thanks, index)
              : null;
        await tx.insert(orderReviews).values({
          order_id: order.id,
          reviewer_id: order.buyer_id,
          reviewee_id: order.seller_id,
          reviewer_role: 'buyer',
          rating: buyerRating,
          body: bodyOf(OF_SELLERS, buyerRating, index),
          revealed_at: revealedAt,
          reply,
          replied_at: reply ? replyAt : null,
          created_at: buyerAt,
          updated_at: reply ? replyAt! : (revealedAt ?? buyerAt),
        });
        written += 1;
      }
      if (sellerRating !== null) {
        const reply = revealedAt && index % 6 === 1 ? pick(REPLIES.thanks, index + 1) : null;
        await tx.insert(orderReviews).values({
          order_id: order.id,
          reviewer_id: order.seller_id,
          reviewee_id: order.buyer_id,
          reviewer_role: 'seller',
          rating: sellerRating,
          body: bodyOf(OF_BUYERS, sellerRating, index),
          revealed_at: revealedAt,
          reply,
          replied_at: reply ? replyAt : null,
          created_at: sellerAt,
          updated_at: reply ? replyAt! : (revealedAt ?? sellerAt),
        });
        written += 1;
      }

      if (revealedAt === null) {
        // One side in, the window open: the other side was told, and the reveal waits for the window's end.
        await queueReveal(tx, order.id, closesAt);
        const byBuyer = buyerRating !== null;
        const change = {
          order: {
            id: order.id,
            product_id: order.product_id,
            buyer_id: order.buyer_id,
            seller_id: order.seller_id,
            title: order.title,
          },
          by: byBuyer
            ? { id: order.buyer_id, username: order.buyer_username }
            : { id: order.seller_id, username: order.seller_username },
          reviews: [
            byBuyer
              ? {
                  reviewerId: order.buyer_id,
                  reviewerName: order.buyer_username,
                  revieweeId: order.seller_id,
                }
              : {
                  reviewerId: order.seller_id,
                  reviewerName: order.seller_username,
                  revieweeId: order.buyer_id,
                },
          ],
          revealed: false,
          revealsAt: closesAt.toISOString(),
        };
        const told = byBuyer ? buyerAt : sellerAt;
        const notes = reviewEventNotifications('review.submitted', change);
        if (notes.length > 0) {
          await tx.insert(notifications).values(
            notes.map((note) => ({
              ...note,
              read: now - told.getTime() > 2 * DAY_MS,
              created_at: told,
              updated_at: told,
            })),
          );
        }
      }
    }
    await syncRatingsFromReviews(tx);
  });
  return written;
}

async function queueReveal(tx: Transaction, orderId: string, at: Date): Promise<void> {
  await tx
    .insert(jobs)
    .values({ name: REVIEWS_REVEAL_JOB, key: orderId, payload: { orderId }, run_at: at })
    .onConflictDoNothing();
}
