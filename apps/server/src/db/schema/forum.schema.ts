import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from './profiles.schema.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A forum post (spec 001 §3 Post). `status` is published, or hidden / flagged by moderation
 * (with `moderation_reason`); only published posts are public. Counts are kept in the row and
 * changed with atomic updates in the same transaction as the like or comment.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull().default('published'),
    moderation_reason: text('moderation_reason'),
    author_id: uuid('author_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Species and technique tags, as on listings (a text[] with a GIN index: see products.tags). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    likes_count: integer('likes_count').notNull().default(0),
    comments_count: integer('comments_count').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The post's or its newest comment's time: the "Latest" order. */
    last_activity_at: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff pinned it to the top of its category's lists. */
    pinned_at: timestamp('pinned_at', { withTimezone: true }),
    /** Staff locked it: no new comments. */
    locked_at: timestamp('locked_at', { withTimezone: true }),
    search_vector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'B')`,
      ),
  },
  (table) => [
    check('posts_status_check', sql`${table.status} in ('published', 'hidden', 'flagged')`),
    check('posts_counts_check', sql`${table.likes_count} >= 0 and ${table.comments_count} >= 0`),
    index('posts_published_created_at_idx')
      .on(table.created_at.desc(), table.id)
      .where(sql`status = 'published'`),
    index('posts_published_category_created_at_idx')
      .on(table.category, table.created_at.desc(), table.id)
      .where(sql`status = 'published'`),
    // Trending's order, and Top's ranking read from the index alone (id, likes, time).
    index('posts_published_likes_idx')
      .on(table.likes_count.desc(), table.created_at.desc(), table.id.desc())
      .where(sql`status = 'published'`),
    index('posts_author_created_at_idx').on(table.author_id, table.created_at.desc()),
    // The lists' orders, pinned topics first: newest, newest in a category, latest activity.
    index('posts_published_pinned_created_idx')
      .on(sql`(${table.pinned_at} is not null) desc`, table.created_at.desc(), table.id.desc())
      .where(sql`status = 'published'`),
    index('posts_published_category_pinned_created_idx')
      .on(
        table.category,
        sql`(${table.pinned_at} is not null) desc`,
        table.created_at.desc(),
        table.id.desc(),
      )
      .where(sql`status = 'published'`),
    index('posts_published_pinned_activity_idx')
      .on(sql`(${table.pinned_at} is not null) desc`, table.last_activity_at.desc(), table.id.desc())
      .where(sql`status = 'published'`),
    index('posts_search_vector_idx').using('gin', table.search_vector),
    index('posts_tags_idx').using('gin', table.tags),
  ],
);

/** A comment on a post (spec 001 §3 Post comment). */
export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    post_id: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    author_id: uuid('author_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The comment this one answers (null for a comment on the topic, or when that comment is gone). */
    reply_to_id: uuid('reply_to_id').references((): AnyPgColumn => postComments.id, {
      onDelete: 'set null',
    }),
    /** The top-level comment its thread hangs from: replies show one level deep under it. */
    thread_id: uuid('thread_id').references((): AnyPgColumn => postComments.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('published'),
    moderation_reason: text('moderation_reason'),
    likes_count: integer('likes_count').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('post_comments_status_check', sql`${table.status} in ('published', 'hidden', 'flagged')`),
    check('post_comments_likes_check', sql`${table.likes_count} >= 0`),
    index('post_comments_post_created_at_idx').on(table.post_id, table.created_at, table.id),
    index('post_comments_author_idx').on(table.author_id, table.created_at.desc()),
    index('post_comments_reply_to_idx').on(table.reply_to_id),
    index('post_comments_thread_idx').on(table.thread_id),
  ],
);

/** post_likes (post_id, user_id): one row per member and post. */
export const postLikes = pgTable(
  'post_likes',
  {
    post_id: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.post_id, table.user_id] }),
    index('post_likes_user_idx').on(table.user_id),
    // Top over a period counts the period's likes once, grouped by post.
    index('post_likes_created_post_idx').on(table.created_at, table.post_id),
  ],
);

/** comment_likes (comment_id, user_id): one row per member and comment. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    comment_id: uuid('comment_id')
      .notNull()
      .references(() => postComments.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.comment_id, table.user_id] }),
    index('comment_likes_user_idx').on(table.user_id),
  ],
);

/**
 * How far a member has read a topic: the time of the newest comment (or of the post) they have
 * seen. Comments after it are unread; a topic without a row has never been opened.
 */
export const forumReads = pgTable(
  'forum_reads',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    post_id: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    read_up_to: timestamp('read_up_to', { withTimezone: true }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.post_id] }),
    index('forum_reads_post_idx').on(table.post_id),
  ],
);

/** A member's bookmark of a topic (comment_id null) or of one of its comments. */
export const forumBookmarks = pgTable(
  'forum_bookmarks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    post_id: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    comment_id: uuid('comment_id').references(() => postComments.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('forum_bookmarks_topic_unique')
      .on(table.user_id, table.post_id)
      .where(sql`comment_id is null`),
    uniqueIndex('forum_bookmarks_comment_unique')
      .on(table.user_id, table.comment_id)
      .where(sql`comment_id is not null`),
    index('forum_bookmarks_user_created_idx').on(table.user_id, table.created_at.desc()),
  ],
);

/**
 * How closely a member follows a topic or a whole category: watching (told of every new comment)
 * or muted (left out of the lists). Normal is no row.
 */
export const forumWatches = pgTable(
  'forum_watches',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** A topic's post id, or a category's name. */
    target_type: text('target_type').notNull(),
    target: text('target').notNull(),
    level: text('level').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.target_type, table.target] }),
    check('forum_watches_target_type_check', sql`${table.target_type} in ('post', 'category')`),
    check('forum_watches_level_check', sql`${table.level} in ('watching', 'muted')`),
    index('forum_watches_target_idx').on(table.target_type, table.target, table.level),
  ],
);

/**
 * What a member is writing and has not published, kept on the server so it survives a reload and
 * follows them to another device: one draft of a new topic (post_id null) and one reply per topic.
 * `data` holds the composer's fields (checked by ForumDraftDto in packages/shared).
 */
export const forumDrafts = pgTable(
  'forum_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    post_id: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('forum_drafts_new_topic_unique')
      .on(table.user_id)
      .where(sql`post_id is null`),
    uniqueIndex('forum_drafts_topic_unique')
      .on(table.user_id, table.post_id)
      .where(sql`post_id is not null`),
  ],
);
