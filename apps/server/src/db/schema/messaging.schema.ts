import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './listings.schema.js';
import { profiles } from './profiles.schema.js';

/**
 * A direct message (spec 001 §3). `client_id` is the sender's own id for a send, so that a
 * retried send finds the message it already made instead of writing a second one.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sender_id: uuid('sender_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    recipient_id: uuid('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The text; empty for a message of photos only. */
    content: text('content').notNull(),
    /** Photos the sender uploaded to the message-images bucket (/files/message-images/…). */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    type: text('type').notNull().default('chat'),
    read: boolean('read').notNull().default(false),
    read_at: timestamp('read_at', { withTimezone: true }),
    client_id: uuid('client_id'),
    /** The listing the message was sent from (Message seller / Make an offer), if any. */
    product_id: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Moderation (spec 001 §3): active, or hidden / flagged with a reason. */
    moderation_status: text('moderation_status').notNull().default('active'),
    moderation_reason: text('moderation_reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('messages_not_to_self_check', sql`${table.sender_id} <> ${table.recipient_id}`),
    check('messages_type_check', sql`${table.type} in ('chat', 'offer', 'system')`),
    check(
      'messages_moderation_status_check',
      sql`${table.moderation_status} in ('active', 'hidden', 'flagged')`,
    ),
    uniqueIndex('messages_sender_client_id_idx')
      .on(table.sender_id, table.client_id)
      .where(sql`client_id is not null`),
    // A thread in either direction, newest first (the pair filter of spec 001 §7).
    index('messages_sender_recipient_created_at_idx').on(
      table.sender_id,
      table.recipient_id,
      table.created_at.desc(),
      table.id,
    ),
    index('messages_recipient_sender_created_at_idx').on(
      table.recipient_id,
      table.sender_id,
      table.created_at.desc(),
      table.id,
    ),
    // Unread counts per sender.
    index('messages_unread_idx')
      .on(table.recipient_id, table.sender_id)
      .where(sql`read = false`),
    // A message has text, photos or both.
    check(
      'messages_content_or_images_check',
      sql`${table.content} <> '' or cardinality(${table.images}) > 0`,
    ),
    // Search within one's messages (ILIKE '%q%').
    index('messages_content_trgm_idx').using('gin', sql`${table.content} gin_trgm_ops`),
  ],
);

/**
 * One member's settings of one conversation (the pair of them and `partner_id`): archived (it left
 * their inbox until a new message in it) and muted (its new messages notify and email them no
 * more). No row: in the inbox, not muted.
 */
export const conversationPreferences = pgTable(
  'conversation_preferences',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    partner_id: uuid('partner_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    archived_at: timestamp('archived_at', { withTimezone: true }),
    muted_at: timestamp('muted_at', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.partner_id] }),
    check('conversation_preferences_not_self_check', sql`${table.user_id} <> ${table.partner_id}`),
  ],
);

/**
 * One open realtime connection of a member. Presence (online, away, offline with last_seen_at)
 * is read from these rows, so every server instance over the same database sees the same
 * presence; a row whose `seen_at` is older than the stale limit counts as gone.
 */
export const presenceConnections = pgTable(
  'presence_connections',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    instance_id: text('instance_id').notNull(),
    status: text('status').notNull().default('online'),
    online_at: timestamp('online_at', { withTimezone: true }).notNull().defaultNow(),
    seen_at: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('presence_connections_status_check', sql`${table.status} in ('online', 'away')`),
    index('presence_connections_user_idx').on(table.user_id),
    index('presence_connections_instance_idx').on(table.instance_id),
  ],
);
