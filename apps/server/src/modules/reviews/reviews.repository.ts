import { and, count, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REVIEW_LIMITS, type OrderState, type ReviewerRole } from '@castline/shared';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { orderReviews, orders, products, profiles } from '../../db/schema/index.js';

const buyer = alias(profiles, 'buyer');
const seller = alias(profiles, 'seller');
const reviewer = alias(profiles, 'reviewer');

/** What the review rules and texts read of an order, with both sides' names. */
const orderColumns = {
  id: orders.id,
  state: orders.state,
  source: orders.source,
  product_id: orders.product_id,
  buyer_id: orders.buyer_id,
  seller_id: orders.seller_id,
  received_at: orders.received_at,
  completed_at: orders.completed_at,
  title: products.title,
  buyer_username: buyer.username,
  buyer_full_name: buyer.full_name,
  buyer_avatar_url: buyer.avatar_url,
  seller_username: seller.username,
  seller_full_name: seller.full_name,
  seller_avatar_url: seller.avatar_url,
};

function selectOrder(executor: Executor) {
  return executor
    .select(orderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.product_id))
    .leftJoin(buyer, eq(buyer.id, orders.buyer_id))
    .innerJoin(seller, eq(seller.id, orders.seller_id));
}

type RawOrderRow = Awaited<ReturnType<typeof selectOrder>>[number];
export type ReviewOrderRow = Omit<RawOrderRow, 'state'> & { state: OrderState };

const asOrder = (row: RawOrderRow | undefined): ReviewOrderRow | undefined =>
  row ? { ...row, state: row.state as OrderState } : undefined;

/** A review with its writer and the listing its order was for. */
const reviewColumns = {
  id: orderReviews.id,
  order_id: orderReviews.order_id,
  reviewer_id: orderReviews.reviewer_id,
  reviewee_id: orderReviews.reviewee_id,
  reviewer_role: orderReviews.reviewer_role,
  rating: orderReviews.rating,
  body: orderReviews.body,
  revealed_at: orderReviews.revealed_at,
  reply: orderReviews.reply,
  replied_at: orderReviews.replied_at,
  moderation_status: orderReviews.moderation_status,
  created_at: orderReviews.created_at,
  listing_id: orders.product_id,
  listing_title: products.title,
  reviewer_username: reviewer.username,
  reviewer_full_name: reviewer.full_name,
  reviewer_avatar_url: reviewer.avatar_url,
};

function selectReviews(executor: Executor) {
  return executor
    .select(reviewColumns)
    .from(orderReviews)
    .innerJoin(orders, eq(orders.id, orderReviews.order_id))
    .innerJoin(products, eq(products.id, orders.product_id))
    .innerJoin(reviewer, eq(reviewer.id, orderReviews.reviewer_id));
}

export type ReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];

/** What a reveal returns of each review it showed. */
export interface RevealedReview {
  id: string;
  reviewer_id: string;
  reviewee_id: string;
  reviewer_role: string;
  rating: number;
}

export interface NewReview {
  order_id: string;
  reviewer_id: string;
  reviewee_id: string;
  reviewer_role: ReviewerRole;
  rating: number;
  body: string;
}

/** Figures per reviewer role for one member (visible reviews only), computed by the database. */
export interface RoleFigures {
  count: number;
  /** round(avg(rating), 2), as seller_rating is; null without reviews. */
  average: number | null;
  /** The share rated 4 or 5, to four decimals; null without reviews. */
  positive_share: number | null;
}

/** The seller's rating, the average of the visible reviews buyers gave them (0 without any). */
const sellerAverage = (sellerId: string | SQL) =>
  sql`coalesce((
    select round(avg(r.rating)::numeric, 2) from ${orderReviews} r
    where r.reviewee_id = ${sellerId} and r.reviewer_role = 'buyer' and r.revealed_at is not null
  ), 0)`;

export function createReviewsRepository(db: Database) {
  return {
    db,

    /** The order with both sides, locked for the rest of the transaction (one review at a time per order). */
    async lockOrder(tx: Transaction, orderId: string): Promise<ReviewOrderRow | undefined> {
      const [row] = await selectOrder(tx).where(eq(orders.id, orderId)).for('update', { of: orders });
      return asOrder(row);
    },

    async findOrder(executor: Executor, orderId: string): Promise<ReviewOrderRow | undefined> {
      const [row] = await selectOrder(executor).where(eq(orders.id, orderId));
      return asOrder(row);
    },

    /** The listing's live (not cancelled) order, if any. */
    async liveOrderId(executor: Executor, listingId: string): Promise<string | undefined> {
      const [row] = await executor
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.product_id, listingId), ne(orders.state, 'cancelled')));
      return row?.id;
    },

    /** Both sides' reviews of an order (hidden ones too: the service decides who sees what). */
    async ofOrder(executor: Executor, orderId: string): Promise<ReviewRow[]> {
      return selectReviews(executor)
        .where(eq(orderReviews.order_id, orderId))
        .orderBy(orderReviews.created_at, orderReviews.id);
    },

    async findReview(executor: Executor, id: string): Promise<ReviewRow | undefined> {
      const [row] = await selectReviews(executor).where(eq(orderReviews.id, id));
      return row;
    },

    /** The review, locked for a reply. */
    async lockReview(tx: Transaction, id: string) {
      const [row] = await tx
        .select({
          id: orderReviews.id,
          order_id: orderReviews.order_id,
          reviewer_id: orderReviews.reviewer_id,
          reviewee_id: orderReviews.reviewee_id,
          revealed_at: orderReviews.revealed_at,
          reply: orderReviews.reply,
          moderation_status: orderReviews.moderation_status,
        })
        .from(orderReviews)
        .where(eq(orderReviews.id, id))
        .for('update');
      return row;
    },

    async insert(tx: Transaction, review: NewReview): Promise<string> {
      const [row] = await tx
        .insert(orderReviews)
        .values({ ...review, created_at: sql`clock_timestamp()`, updated_at: sql`clock_timestamp()` })
        .returning({ id: orderReviews.id });
      return row!.id;
    },

    /** Shows the order's hidden reviews now; returns those it showed (none: nothing was hidden). */
    async reveal(tx: Transaction, orderId: string): Promise<RevealedReview[]> {
      return tx
        .update(orderReviews)
        .set({ revealed_at: sql`now()`, updated_at: sql`now()` })
        .where(and(eq(orderReviews.order_id, orderId), isNull(orderReviews.revealed_at)))
        .returning({
          id: orderReviews.id,
          reviewer_id: orderReviews.reviewer_id,
          reviewee_id: orderReviews.reviewee_id,
          reviewer_role: orderReviews.reviewer_role,
          rating: orderReviews.rating,
        });
    },

    /**
     * One truth for the spec's figures: the buyer's visible review of a sale is the listing's
     * transaction_rating, and the seller's seller_rating (and its cached copy) is the average of
     * the visible reviews buyers gave them.
     */
    async applyBuyerRating(tx: Transaction, listingId: string, sellerId: string, rating: number) {
      await tx.update(products).set({ transaction_rating: rating }).where(eq(products.id, listingId));
      const average = sellerAverage(sellerId);
      await tx
        .update(profiles)
        .set({ seller_rating: average, cached_seller_rating: average })
        .where(eq(profiles.id, sellerId));
    },

    /** The member's reply, once, to a visible review; false when it was no longer possible. */
    async reply(tx: Transaction, id: string, text: string): Promise<boolean> {
      const rows = await tx
        .update(orderReviews)
        .set({ reply: text, replied_at: sql`now()`, updated_at: sql`now()` })
        .where(and(eq(orderReviews.id, id), isNull(orderReviews.reply), isNotNull(orderReviews.revealed_at)))
        .returning({ id: orderReviews.id });
      return rows.length === 1;
    },

    /** A member who has not left Castline. */
    async memberExists(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.id, userId), isNull(profiles.deleted_at)));
      return Boolean(row);
    },

    /**
     * The member's visible reviews counted per reviewer role: count, average, share positive. A
     * review moderation hid still counts: moderation hides words, not a rating.
     */
    async figures(executor: Executor, userId: string): Promise<Record<ReviewerRole, RoleFigures>> {
      const rows = await executor
        .select({
          role: orderReviews.reviewer_role,
          count: count(),
          average: sql<string>`round(avg(${orderReviews.rating})::numeric, 2)`,
          positive_share: sql<string>`round((count(*) filter (where ${orderReviews.rating} >= ${REVIEW_LIMITS.positiveMin}))::numeric / count(*), 4)`,
        })
        .from(orderReviews)
        .where(and(eq(orderReviews.reviewee_id, userId), isNotNull(orderReviews.revealed_at)))
        .groupBy(orderReviews.reviewer_role);
      const of = (role: ReviewerRole): RoleFigures => {
        const row = rows.find((r) => r.role === role);
        if (!row || Number(row.count) === 0) return { count: 0, average: null, positive_share: null };
        return {
          count: Number(row.count),
          average: Number(row.average),
          positive_share: Number(row.positive_share),
        };
      };
      return { buyer: of('buyer'), seller: of('seller') };
    },

    /**
     * A page of the member's visible reviews written by `reviewerRole`, newest first, and their
     * total; those moderation hid are left out.
     */
    async visibleReviewsOf(userId: string, reviewerRole: ReviewerRole, limit: number, offset: number) {
      const where = and(
        eq(orderReviews.reviewee_id, userId),
        isNotNull(orderReviews.revealed_at),
        eq(orderReviews.reviewer_role, reviewerRole),
        ne(orderReviews.moderation_status, 'hidden'),
      );
      const [rows, [totals]] = await Promise.all([
        selectReviews(db)
          .where(where)
          .orderBy(desc(orderReviews.created_at), desc(orderReviews.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(orderReviews).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /** The rating the buyer gave the listing's sale, visible or not yet (what they see as theirs). */
    async buyerRatingOf(listingId: string, buyerId: string): Promise<number | null> {
      const [row] = await db
        .select({ rating: orderReviews.rating })
        .from(orderReviews)
        .innerJoin(orders, eq(orders.id, orderReviews.order_id))
        .where(
          and(
            eq(orders.product_id, listingId),
            ne(orders.state, 'cancelled'),
            eq(orderReviews.reviewer_id, buyerId),
            eq(orderReviews.reviewer_role, 'buyer'),
          ),
        );
      return row?.rating ?? null;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;

/**
 * Brings every listing's transaction_rating and every seller's rating in line with the visible
 * reviews (the demo seed, after writing its reviews as rows).
 */
export async function syncRatingsFromReviews(executor: Executor): Promise<void> {
  await executor.execute(sql`
    update products p set transaction_rating = r.rating
    from ${orderReviews} r join ${orders} o on o.id = r.order_id
    where o.product_id = p.id and o.state <> 'cancelled' and r.reviewer_role = 'buyer'
      and r.revealed_at is not null and p.transaction_rating is distinct from r.rating`);
  await executor.execute(sql`
    update products p set transaction_rating = null
    where p.transaction_rating is not null and not exists (
      select 1 from ${orderReviews} r join ${orders} o on o.id = r.order_id
      where o.product_id = p.id and o.state <> 'cancelled' and r.reviewer_role = 'buyer'
        and r.revealed_at is not null)`);
  await executor.execute(sql`
    update profiles pr set seller_rating = s.average, cached_seller_rating = s.average
    from (select p.id, ${sellerAverage(sql`p.id`)} as average from ${profiles} p) s
    where pr.id = s.id and (pr.seller_rating <> s.average
      or (pr.cached_seller_rating is not null and pr.cached_seller_rating <> s.average))`);
}
