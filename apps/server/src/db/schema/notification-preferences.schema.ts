import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from './profiles.schema.js';

/**
 * A member's choice for one notification category (packages/shared NOTIFICATION_CATEGORY_OF): in
 * the app, by email. A category without a row takes its default (NOTIFICATION_PREFERENCE_DEFAULTS),
 * so a category added later needs no migration. The notification writer reads `in_app`, the email
 * notifier `email`.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    in_app: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.category] })],
);

/**
 * The emails a member on the daily digest would have had, kept until the day's digest job
 * (`notifications.digest`, keyed by the member) sends them in one mail and deletes them.
 */
export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notification_digest_items_user_idx').on(table.user_id, table.created_at),
    check('notification_digest_items_title_check', sql`char_length(${table.title}) > 0`),
  ],
);
