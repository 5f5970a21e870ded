import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Mail kept in the database while no SMTP server is configured; shown at /dev/mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_at_idx').on(table.created_at)],
);

/** Fixed-window counters for the database rate-limit driver. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    reset_at: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_reset_at_idx').on(table.reset_at)],
);

/** Server-generated settings shared by every instance (for example the auth secret). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The durable job queue (platform/jobs): work due at a time, claimed by one instance with
 * `FOR UPDATE SKIP LOCKED` and deleted in the transaction that does it. `key` makes a job
 * unique per name (an order's auto-completion is enqueued once however often it is asked).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull().default({}),
    run_at: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    /** Set when the job has failed its last allowed attempt; it is then kept for staff to see. */
    failed_at: timestamp('failed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jobs_name_key_idx').on(table.name, table.key),
    index('jobs_due_idx')
      .on(table.run_at)
      .where(sql`${table.failed_at} is null`),
  ],
);
