import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './listings.schema.js';
import { offers } from './offers.schema.js';
import { profiles } from './profiles.schema.js';

/**
 * A deal between a buyer and a seller over one listing: from buy now, an accepted offer, or a
 * sale the seller marked (then already completed). awaiting_payment → paid → shipped → received
 * → completed; cancelled from the first two. One live (not cancelled) order per listing.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null for a sale marked sold to someone outside Castline (or a buyer who left). */
    buyer_id: uuid('buyer_id').references(() => profiles.id, { onDelete: 'set null' }),
    seller_id: uuid('seller_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    offer_id: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    state: text('state').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    shipping_price: numeric('shipping_price', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /** Null for a sale marked sold outside Castline. */
    handover: text('handover'),
    /** The listing's return window when the order was placed (null: no returns). */
    return_window_days: integer('return_window_days'),
    carrier: text('carrier'),
    tracking_number: text('tracking_number'),
    pickup_note: text('pickup_note'),
    cancel_reason: text('cancel_reason'),
    cancelled_by: text('cancelled_by'),
    /** When the order completes by itself if nobody moves it first (its job's run time). */
    completes_at: timestamp('completes_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    shipped_at: timestamp('shipped_at', { withTimezone: true }),
    received_at: timestamp('received_at', { withTimezone: true }),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'orders_state_check',
      sql`${table.state} in ('awaiting_payment', 'paid', 'shipped', 'received', 'completed', 'cancelled')`,
    ),
    check('orders_source_check', sql`${table.source} in ('buy_now', 'offer', 'marked_sold')`),
    check(
      'orders_handover_check',
      sql`${table.handover} is null or ${table.handover} in ('shipping', 'pickup')`,
    ),
    check(
      'orders_cancelled_by_check',
      sql`${table.cancelled_by} is null or ${table.cancelled_by} in ('buyer', 'seller')`,
    ),
    check('orders_price_check', sql`${table.price} >= 0 and ${table.shipping_price} >= 0`),
    check('orders_not_own_check', sql`${table.buyer_id} is null or ${table.buyer_id} <> ${table.seller_id}`),
    uniqueIndex('orders_one_live_per_listing_idx')
      .on(table.product_id)
      .where(sql`state <> 'cancelled'`),
    index('orders_buyer_created_at_idx').on(table.buyer_id, table.created_at.desc()),
    index('orders_seller_created_at_idx').on(table.seller_id, table.created_at.desc()),
  ],
);

/** An order's timeline: each state it reached, who moved it (null: Castline itself) and a note. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    actor_id: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    note: text('note'),
    details: jsonb('details'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.order_id, table.created_at)],
);

/**
 * What each side of an order says of the other once it is received or completed: a rating and a
 * review, hidden from the other side until both are in or the 30-day window closes (revealed_at),
 * and one public reply of the member reviewed.
 */
export const orderReviews = pgTable(
  'order_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reviewer_id: uuid('reviewer_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reviewee_id: uuid('reviewee_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The reviewer's side of the order: a buyer reviews the seller, a seller the buyer. */
    reviewer_role: text('reviewer_role').notNull(),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    revealed_at: timestamp('revealed_at', { withTimezone: true }),
    reply: text('reply'),
    replied_at: timestamp('replied_at', { withTimezone: true }),
    /** active, flagged (still shown) or hidden by moderation (its words then show to its writer alone). */
    moderation_status: text('moderation_status').notNull().default('active'),
    moderation_reason: text('moderation_reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('order_reviews_rating_check', sql`${table.rating} between 1 and 5`),
    check('order_reviews_role_check', sql`${table.reviewer_role} in ('buyer', 'seller')`),
    check('order_reviews_not_self_check', sql`${table.reviewer_id} <> ${table.reviewee_id}`),
    check(
      'order_reviews_moderation_status_check',
      sql`${table.moderation_status} in ('active', 'flagged', 'hidden')`,
    ),
    uniqueIndex('order_reviews_one_per_side_idx').on(table.order_id, table.reviewer_id),
    index('order_reviews_reviewee_idx')
      .on(table.reviewee_id, table.created_at.desc())
      .where(sql`revealed_at is not null`),
  ],
);
