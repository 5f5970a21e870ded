import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.schema.js';

/**
 * What staff did (spec 001 §3 audit_logs). Rows are never changed or removed: a trigger in the
 * migration refuses UPDATE and DELETE.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id'),
    severity: text('severity').notNull().default('low'),
    old_data: jsonb('old_data').$type<Record<string, unknown>>(),
    new_data: jsonb('new_data').$type<Record<string, unknown>>(),
    user_id: uuid('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('audit_logs_severity_check', sql`${table.severity} in ('low', 'medium', 'high', 'critical')`),
    index('audit_logs_created_at_idx').on(table.created_at.desc(), table.id),
    index('audit_logs_user_created_at_idx').on(table.user_id, table.created_at.desc()),
    index('audit_logs_severity_created_at_idx').on(table.severity, table.created_at.desc()),
  ],
);

/** The single settings row (id 1) staff change from the admin area. */
export const adminSettings = pgTable(
  'admin_settings',
  {
    id: integer('id').primaryKey().default(1),
    listings_require_approval: boolean('listings_require_approval').notNull().default(false),
    signups_open: boolean('signups_open').notNull().default(true),
    site_notice: text('site_notice'),
    updated_by: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('admin_settings_single_row_check', sql`${table.id} = 1`)],
);

/** A ban (spec 001 §3 user_bans); `ban_end` null means until lifted. */
export const userBans = pgTable(
  'user_bans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    banned_by: uuid('banned_by').references(() => profiles.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    ban_start: timestamp('ban_start', { withTimezone: true }).notNull().defaultNow(),
    ban_end: timestamp('ban_end', { withTimezone: true }),
    is_active: boolean('is_active').notNull().default(true),
    notes: text('notes'),
    lifted_by: uuid('lifted_by').references(() => profiles.id, { onDelete: 'set null' }),
    lifted_at: timestamp('lifted_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('user_bans_active_user_idx')
      .on(table.user_id)
      .where(sql`is_active = true`),
    index('user_bans_user_created_at_idx').on(table.user_id, table.created_at.desc()),
  ],
);

/** A word, phrase or pattern checked when listings, posts, comments, messages and reviews are written. */
export const moderationRules = pgTable(
  'moderation_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    pattern: text('pattern').notNull(),
    action: text('action').notNull(),
    applies_to: text('applies_to')
      .array()
      .notNull()
      .default(sql`'{product,forum_post,forum_comment,message,review}'::text[]`),
    is_active: boolean('is_active').notNull().default(true),
    created_by: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('moderation_rules_kind_check', sql`${table.kind} in ('word', 'phrase', 'pattern')`),
    check('moderation_rules_action_check', sql`${table.action} in ('flag', 'hide', 'queue')`),
  ],
);

/** Every moderation action, automatic (with its rule) or by a moderator. */
export const moderationLogs = pgTable(
  'moderation_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rule_id: uuid('rule_id').references(() => moderationRules.id, { onDelete: 'set null' }),
    moderator_id: uuid('moderator_id').references(() => profiles.id, { onDelete: 'set null' }),
    entity_type: text('entity_type').notNull(),
    entity_id: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    reason: text('reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('moderation_logs_created_at_idx').on(table.created_at.desc())],
);

/** Reports and items waiting for review (spec 001 §3 moderation_queue). */
export const moderationQueue = pgTable(
  'moderation_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entity_type: text('entity_type').notNull(),
    entity_id: uuid('entity_id').notNull(),
    status: text('status').notNull().default('pending'),
    priority: text('priority').notNull().default('medium'),
    reason: text('reason'),
    reporter_id: uuid('reporter_id').references(() => profiles.id, { onDelete: 'set null' }),
    reviewed_by: uuid('reviewed_by').references(() => profiles.id, { onDelete: 'set null' }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    notes: text('notes'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'moderation_queue_entity_type_check',
      sql`${table.entity_type} in ('product', 'message', 'forum_post', 'forum_comment', 'user', 'review')`,
    ),
    check('moderation_queue_priority_check', sql`${table.priority} in ('low', 'medium', 'high', 'urgent')`),
    index('moderation_queue_status_priority_idx').on(table.status, table.priority, table.created_at.desc()),
    index('moderation_queue_entity_idx').on(table.entity_type, table.entity_id),
  ],
);

/** Client and server errors (spec 001 §3 monitoring). */
export const monitoringErrors = pgTable(
  'monitoring_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    source: text('source').notNull().default('client'),
    message: text('message').notNull(),
    stack: text('stack'),
    fingerprint: text('fingerprint').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    request_id: text('request_id'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('monitoring_errors_fingerprint_idx').on(table.fingerprint, table.timestamp.desc()),
    index('monitoring_errors_timestamp_idx').on(table.timestamp.desc()),
  ],
);

/** Client events and timed operations (spec 001 §3 monitoring). */
export const monitoringEvents = pgTable(
  'monitoring_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_type: text('event_type').notNull(),
    user_id: uuid('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    context: jsonb('context').$type<Record<string, unknown>>(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('monitoring_events_type_timestamp_idx').on(table.event_type, table.timestamp.desc())],
);
