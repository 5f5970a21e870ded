import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './listings.schema.js';
import { profiles } from './profiles.schema.js';

/**
 * A buyer's offer on a listing. pending → accepted | rejected | countered | cancelled | expired;
 * countered → accepted | rejected | cancelled | expired. One open (pending or countered) offer
 * per buyer and listing.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    buyer_id: uuid('buyer_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    seller_id: uuid('seller_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    note: text('note'),
    counter_amount: numeric('counter_amount', { precision: 12, scale: 2, mode: 'number' }),
    counter_note: text('counter_note'),
    /** On a listing offering both: shipping or pickup, as the buyer chose (null: the listing's one way). */
    handover: text('handover'),
    status: text('status').notNull().default('pending'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    responded_at: timestamp('responded_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('offers_amount_check', sql`${table.amount} > 0`),
    check('offers_counter_amount_check', sql`${table.counter_amount} is null or ${table.counter_amount} > 0`),
    check(
      'offers_status_check',
      sql`${table.status} in ('pending', 'countered', 'accepted', 'rejected', 'cancelled', 'expired')`,
    ),
    check(
      'offers_handover_check',
      sql`${table.handover} is null or ${table.handover} in ('shipping', 'pickup')`,
    ),
    check('offers_not_own_check', sql`${table.buyer_id} <> ${table.seller_id}`),
    uniqueIndex('offers_one_open_per_buyer_idx')
      .on(table.product_id, table.buyer_id)
      .where(sql`status in ('pending', 'countered')`),
    index('offers_seller_created_at_idx').on(table.seller_id, table.created_at.desc()),
    index('offers_buyer_created_at_idx').on(table.buyer_id, table.created_at.desc()),
    index('offers_open_expires_at_idx')
      .on(table.expires_at)
      .where(sql`status in ('pending', 'countered')`),
  ],
);
