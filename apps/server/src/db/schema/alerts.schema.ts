import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
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
import { profiles } from './profiles.schema.js';

/**
 * A saved marketplace search (spec 001 §3 product_alerts). `filters` keeps the search as the
 * member saved it (to show it and to reopen it in the marketplace); the typed columns beside it
 * are the same filters in the shape the matching SQL reads.
 */
export const productAlerts = pgTable(
  'product_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    is_active: boolean('is_active').notNull().default(true),
    q: text('q'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    conditions: text('conditions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    gear_types: text('gear_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    price_min: numeric('price_min', { precision: 12, scale: 2, mode: 'number' }),
    price_max: numeric('price_max', { precision: 12, scale: 2, mode: 'number' }),
    brand: text('brand'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    radius_miles: doublePrecision('radius_miles'),
    /** 'pickup' or 'shipping'; null for either. */
    handover: text('handover'),
    free_shipping: boolean('free_shipping').notNull().default(false),
    /** Rod and reel details, as the marketplace filters them (empty: any). */
    rod_powers: text('rod_powers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rod_compositions: text('rod_compositions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    reel_types: text('reel_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Rod length bounds in inches; null for no bound. */
    rod_length_min: integer('rod_length_min'),
    rod_length_max: integer('rod_length_max'),
    /** Only featured listings. */
    featured: boolean('featured').notNull().default(false),
    /** Only listings tagged with all of these species and techniques (empty: any). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'product_alerts_radius_check',
      sql`${table.radius_miles} is null or (${table.lat} is not null and ${table.lng} is not null)`,
    ),
    check(
      'product_alerts_handover_check',
      sql`${table.handover} is null or ${table.handover} in ('pickup', 'shipping')`,
    ),
    index('product_alerts_user_idx').on(table.user_id, table.created_at.desc()),
    index('product_alerts_active_idx')
      .on(table.id)
      .where(sql`is_active = true`),
  ],
);

/** A listing that matched a member's alert (spec 001 §3 alert_notifications): once per alert and listing. */
export const alertNotifications = pgTable(
  'alert_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    alert_id: uuid('alert_id')
      .notNull()
      .references(() => productAlerts.id, { onDelete: 'cascade' }),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    is_read: boolean('is_read').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('alert_notifications_alert_product_idx').on(table.alert_id, table.product_id),
    index('alert_notifications_user_created_at_idx').on(table.user_id, table.created_at.desc()),
  ],
);
