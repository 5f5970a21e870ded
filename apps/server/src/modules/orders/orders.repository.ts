import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPEN_ORDER_STATES, type OrderListFilter, type OrderState } from '@castline/shared';
import { violatesUniqueIndex } from '../../db/unique-violation.js';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { offers, orderEvents, orders, products, profiles } from '../../db/schema/index.js';

const buyer = alias(profiles, 'buyer');
const seller = alias(profiles, 'seller');
const actor = alias(profiles, 'actor');

/** The partial unique index that keeps one live order per listing. */
export const LIVE_ORDER_INDEX = 'orders_one_live_per_listing_idx';

/** True when `error` (or its cause) is the one-live-order index refusing a second order. */
export function isLiveOrderConflict(error: unknown): boolean {
  return violatesUniqueIndex(error, LIVE_ORDER_INDEX);
}

/** An order with its listing card and both members, as every answer shows it. */
const orderColumns = {
  id: orders.id,
  product_id: orders.product_id,
  buyer_id: orders.buyer_id,
  seller_id: orders.seller_id,
  offer_id: orders.offer_id,
  source: orders.source,
  state: orders.state,
  price: orders.price,
  shipping_price: orders.shipping_price,
  handover: orders.handover,
  return_window_days: orders.return_window_days,
  carrier: orders.carrier,
  tracking_number: orders.tracking_number,
  pickup_note: orders.pickup_note,
  cancel_reason: orders.cancel_reason,
  cancelled_by: orders.cancelled_by,
  completes_at: orders.completes_at,
  created_at: orders.created_at,
  updated_at: orders.updated_at,
  listing_title: products.title,
  listing_price: products.price,
  listing_images: products.images,
  listing_handover: products.handover,
  listing_shipping_price: products.shipping_price,
  listing_sold: products.sold,
  listing_deleted: products.deleted,
  listing_visible: products.visible_in_marketplace,
  listing_moderation_status: products.moderation_status,
  buyer_username: buyer.username,
  buyer_full_name: buyer.full_name,
  buyer_avatar_url: buyer.avatar_url,
  seller_username: seller.username,
  seller_full_name: seller.full_name,
  seller_avatar_url: seller.avatar_url,
};

function selectOrders(executor: Executor) {
  return executor
    .select(orderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.product_id))
    .leftJoin(buyer, eq(buyer.id, orders.buyer_id))
    .innerJoin(seller, eq(seller.id, orders.seller_id));
}

export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

/** What buying reads of a listing (locked while the order is placed). */
export interface OrderListingState {
  id: string;
  title: string;
  seller_id: string;
  price: number;
  sold: boolean;
  deleted: boolean;
  visible_in_marketplace: boolean;
  moderation_status: string;
  buyer_id: string | null;
  transaction_rating: number | null;
  handover: 'pickup' | 'shipping' | 'both';
  shipping_price: number | null;
  returns_accepted: boolean;
  return_window_days: number | null;
}

export interface NewOrder {
  product_id: string;
  buyer_id: string | null;
  seller_id: string;
  offer_id: string | null;
  source: 'buy_now' | 'offer' | 'marked_sold';
  state: OrderState;
  price: number;
  shipping_price: number;
  handover: 'shipping' | 'pickup' | null;
  return_window_days: number | null;
}

/** The columns a transition sets besides its state. */
export interface OrderChange {
  state: OrderState;
  carrier?: string;
  tracking_number?: string;
  pickup_note?: string;
  cancel_reason?: string;
  cancelled_by?: 'buyer' | 'seller';
  completes_at?: Date | null;
}

const STAMP: Partial<Record<OrderState, keyof typeof orders.$inferSelect>> = {
  paid: 'paid_at',
  shipped: 'shipped_at',
  received: 'received_at',
  completed: 'completed_at',
  cancelled: 'cancelled_at',
};

function filterCondition(filter: OrderListFilter): SQL | undefined {
  if (filter === 'all') return undefined;
  if (filter === 'open') return inArray(orders.state, [...OPEN_ORDER_STATES]);
  return eq(orders.state, filter);
}

export function createOrdersRepository(db: Database) {
  return {
    db,

    /** The listing, locked for the rest of the transaction, or undefined. */
    async lockListing(tx: Transaction, id: string): Promise<OrderListingState | undefined> {
      const [row] = await tx
        .select({
          id: products.id,
          title: products.title,
          seller_id: products.seller_id,
          price: products.price,
          sold: products.sold,
          deleted: products.deleted,
          visible_in_marketplace: products.visible_in_marketplace,
          moderation_status: products.moderation_status,
          buyer_id: products.buyer_id,
          transaction_rating: products.transaction_rating,
          handover: products.handover,
          shipping_price: products.shipping_price,
          returns_accepted: products.returns_accepted,
          return_window_days: products.return_window_days,
        })
        .from(products)
        .where(eq(products.id, id))
        .for('update');
      if (!row) return undefined;
      return {
        ...row,
        price: Number(row.price),
        shipping_price: row.shipping_price === null ? null : Number(row.shipping_price),
        handover: row.handover as OrderListingState['handover'],
      };
    },

    /** Takes the listing off the market for an order: sold to the buyer, hidden. False when it was gone. */
    async takeListing(tx: Transaction, listingId: string, buyerId: string): Promise<boolean> {
      const rows = await tx
        .update(products)
        .set({
          sold: true,
          sold_at: sql`now()`,
          buyer_id: buyerId,
          visible_in_marketplace: false,
          updated_at: sql`now()`,
        })
        .where(and(eq(products.id, listingId), eq(products.sold, false), eq(products.deleted, false)))
        .returning({ id: products.id });
      return rows.length === 1;
    },

    /** A cancelled order gives its listing back to the market. */
    async releaseListing(tx: Transaction, listingId: string): Promise<void> {
      await tx
        .update(products)
        .set({
          sold: false,
          sold_at: null,
          buyer_id: null,
          transaction_rating: null,
          visible_in_marketplace: true,
          updated_at: sql`now()`,
        })
        .where(eq(products.id, listingId));
    },

    /** One more completed sale for the seller. */
    async countSale(tx: Transaction, sellerId: string): Promise<void> {
      await tx
        .update(profiles)
        .set({ sales_count: sql`${profiles.sales_count} + 1` })
        .where(eq(profiles.id, sellerId));
    },

    async insert(tx: Transaction, order: NewOrder, at?: Date): Promise<string> {
      const stamps =
        order.state === 'completed' ? { completed_at: at ?? sql`now()` } : ({} as Record<string, never>);
      const [row] = await tx
        .insert(orders)
        .values({ ...order, ...stamps })
        .returning({ id: orders.id });
      return row!.id;
    },

    async addEvent(
      tx: Transaction,
      event: {
        orderId: string;
        state: OrderState;
        actorId: string | null;
        note?: string | null;
        details?: Record<string, unknown>;
      },
    ): Promise<void> {
      await tx.insert(orderEvents).values({
        order_id: event.orderId,
        state: event.state,
        actor_id: event.actorId,
        note: event.note ?? null,
        details: event.details ?? null,
        // Two steps in one transaction (received, then completed) keep their order.
        created_at: sql`clock_timestamp()`,
      });
    },

    /** The order locked for an action, or undefined. */
    async lockOrder(tx: Transaction, id: string) {
      const [row] = await tx
        .select({
          id: orders.id,
          state: orders.state,
          product_id: orders.product_id,
          buyer_id: orders.buyer_id,
          seller_id: orders.seller_id,
          return_window_days: orders.return_window_days,
          handover: orders.handover,
          title: products.title,
          /** What the buyer pays: price and shipping. */
          total: sql<number>`(${orders.price} + ${orders.shipping_price})::float8`.mapWith(Number),
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.product_id))
        .where(eq(orders.id, id))
        .for('update', { of: orders });
      return row ? { ...row, state: row.state as OrderState } : undefined;
    },

    /** Moves the order from `from` to the change's state; false when it was no longer in `from`. */
    async transition(
      tx: Transaction,
      id: string,
      from: readonly OrderState[],
      change: OrderChange,
    ): Promise<boolean> {
      const stamp = STAMP[change.state];
      const rows = await tx
        .update(orders)
        .set({
          ...change,
          ...(stamp ? { [stamp]: sql`now()` } : {}),
          updated_at: sql`now()`,
        })
        .where(and(eq(orders.id, id), inArray(orders.state, [...from])))
        .returning({ id: orders.id });
      return rows.length === 1;
    },

    async findById(executor: Executor, id: string): Promise<OrderRow | undefined> {
      const [row] = await selectOrders(executor).where(eq(orders.id, id));
      return row;
    },

    async timeline(executor: Executor, orderId: string) {
      return executor
        .select({
          state: orderEvents.state,
          note: orderEvents.note,
          details: orderEvents.details,
          created_at: orderEvents.created_at,
          actor_id: actor.id,
          actor_username: actor.username,
          actor_full_name: actor.full_name,
          actor_avatar_url: actor.avatar_url,
        })
        .from(orderEvents)
        .leftJoin(actor, eq(actor.id, orderEvents.actor_id))
        .where(eq(orderEvents.order_id, orderId))
        .orderBy(asc(orderEvents.created_at), asc(orderEvents.id));
    },

    /** The member's orders as buyer or seller, newest first. */
    async list(params: {
      userId: string;
      role: 'buying' | 'selling';
      filter: OrderListFilter;
      limit: number;
      offset: number;
    }) {
      const where = and(
        params.role === 'buying' ? eq(orders.buyer_id, params.userId) : eq(orders.seller_id, params.userId),
        filterCondition(params.filter),
      );
      const [rows, [totals]] = await Promise.all([
        selectOrders(db)
          .where(where)
          .orderBy(desc(orders.created_at), desc(orders.id))
          .limit(params.limit)
          .offset(params.offset),
        db.select({ total: count() }).from(orders).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /** The delivery the buyer chose in an offer (null: the listing's one way). */
    async offerHandover(executor: Executor, offerId: string): Promise<string | null> {
      const [row] = await executor
        .select({ handover: offers.handover })
        .from(offers)
        .where(eq(offers.id, offerId));
      return row?.handover ?? null;
    },

    /** The live order of a listing (not cancelled), if any: its id and state. */
    async liveForListing(executor: Executor, listingId: string) {
      const [row] = await executor
        .select({
          id: orders.id,
          state: orders.state,
          buyer_id: orders.buyer_id,
          seller_id: orders.seller_id,
        })
        .from(orders)
        .where(and(eq(orders.product_id, listingId), sql`${orders.state} <> 'cancelled'`));
      return row;
    },

    /** Orders of a member still in progress, for an account deletion. */
    async openOf(tx: Transaction, memberId: string) {
      return tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            or(eq(orders.buyer_id, memberId), eq(orders.seller_id, memberId)),
            inArray(orders.state, ['awaiting_payment', 'paid']),
          ),
        );
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
