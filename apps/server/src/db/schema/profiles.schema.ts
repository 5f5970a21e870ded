import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.schema.js';

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    full_name: text('full_name'),
    avatar_url: text('avatar_url'),
    bio: text('bio'),
    title: text('title'),
    role: text('role').notNull().default('user'),
    status: text('status').notNull().default('active'),
    is_online: boolean('is_online').notNull().default(false),
    is_admin: boolean('is_admin').notNull().default(false),
    is_captain: boolean('is_captain').notNull().default(true),
    banned: boolean('banned').notNull().default(false),
    banned_reason: text('banned_reason'),
    ban_end_date: timestamp('ban_end_date', { withTimezone: true }),
    location: text('location'),
    location_lat: doublePrecision('location_lat'),
    location_lng: doublePrecision('location_lng'),
    blocked_users: uuid('blocked_users')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }),
    products_count: integer('products_count').notNull().default(0),
    posts_count: integer('posts_count').notNull().default(0),
    comments_count: integer('comments_count').notNull().default(0),
    likes_count: integer('likes_count').notNull().default(0),
    sales_count: integer('sales_count').notNull().default(0),
    seller_rating: numeric('seller_rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    cached_seller_rating: numeric('cached_seller_rating', { precision: 3, scale: 2, mode: 'number' }),
    /**
     * Settings: notification emails one at a time ('each') or in one daily digest ('daily'). Which
     * categories are emailed at all is in notification_preferences (migration 0021 moved the
     * email_on_message / email_on_offer / email_on_order columns there).
     */
    email_delivery: text('email_delivery').notNull().default('each'),
    /** Set when the member deleted their account; the profile stays as "deleted member". */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('profiles_username_lower_idx').on(sql`lower(${table.username})`),
    check('profiles_role_check', sql`${table.role} in ('user', 'admin', 'moderator', 'support')`),
    check('profiles_status_check', sql`${table.status} in ('active', 'banned', 'pending', 'inactive')`),
    check('profiles_email_delivery_check', sql`${table.email_delivery} in ('each', 'daily')`),
  ],
);

export const adminRoles = pgTable('admin_roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  user_id: uuid('user_id')
    .notNull()
    .unique()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  permissions: jsonb('permissions')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
