import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ModerationPriority } from '@castline/shared';
import type { Database, Transaction } from '../../db/client.js';
import {
  messages,
  moderationQueue,
  orderReviews,
  orders,
  postComments,
  posts,
  products,
  profiles,
} from '../../db/schema/index.js';
import { person, personOrNull, type PersonRow } from './moderation-people.js';

export type QueueRow = typeof moderationQueue.$inferSelect;

export interface QueueListRow extends QueueRow {
  reporter: PersonRow | null;
  reviewer: PersonRow | null;
}

/** A short view of a moderated item. */
export interface EntitySummaryRow {
  title: string | null;
  excerpt: string | null;
  status: string | null;
  author: PersonRow | null;
  /** The post a comment belongs to, for its link. */
  post_id?: string | null;
  /** The member an order review speaks of, for its link (their profile). */
  reviewee_id?: string | null;
}

const reporter = alias(profiles, 'reporter');
const reviewer = alias(profiles, 'reviewer');

const EXCERPT_CHARS = 200;

function excerpt(text: string | null): string | null {
  if (text === null) return null;
  const chars = Array.from(text);
  return chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS).join('')}…` : text;
}

/** The moderation queue: its pages with a summary of each item, and closing items after a review. */
export function createModerationQueueRepository(db: Database) {
  return {
    async queuePage(
      status: 'pending' | 'all',
      priority: 'all' | ModerationPriority,
      page: number,
      pageSize: number,
    ): Promise<{ rows: QueueListRow[]; total: number }> {
      const filters: SQL[] = [];
      if (status === 'pending') filters.push(eq(moderationQueue.status, 'pending'));
      if (priority !== 'all') filters.push(eq(moderationQueue.priority, priority));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const rank = sql`case ${moderationQueue.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            item: moderationQueue,
            reporter: {
              id: reporter.id,
              username: reporter.username,
              full_name: reporter.full_name,
              avatar_url: reporter.avatar_url,
            },
            reviewer: {
              id: reviewer.id,
              username: reviewer.username,
              full_name: reviewer.full_name,
              avatar_url: reviewer.avatar_url,
            },
          })
          .from(moderationQueue)
          .leftJoin(reporter, eq(reporter.id, moderationQueue.reporter_id))
          .leftJoin(reviewer, eq(reviewer.id, moderationQueue.reviewed_by))
          .where(where)
          .orderBy(
            sql`case when ${moderationQueue.status} = 'pending' then 0 else 1 end`,
            rank,
            desc(moderationQueue.created_at),
            desc(moderationQueue.id),
          )
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(moderationQueue).where(where),
      ]);
      return {
        rows: rows.map((row) => ({
          ...row.item,
          reporter: personOrNull(row.reporter),
          reviewer: personOrNull(row.reviewer),
        })),
        total: total?.n ?? 0,
      };
    },

    /** Summaries of the items on a page, keyed `type:id` (missing when the item is gone). */
    async summaries(
      refs: { entity_type: string; entity_id: string }[],
    ): Promise<Map<string, EntitySummaryRow>> {
      const ids = (type: string) => [
        ...new Set(refs.filter((r) => r.entity_type === type).map((r) => r.entity_id)),
      ];
      const out = new Map<string, EntitySummaryRow>();
      const author = person(profiles);
      const listingIds = ids('product');
      if (listingIds.length > 0) {
        const rows = await db
          .select({
            id: products.id,
            title: products.title,
            text: products.description,
            status: products.moderation_status,
            deleted: products.deleted,
            author,
          })
          .from(products)
          .innerJoin(profiles, eq(profiles.id, products.seller_id))
          .where(inArray(products.id, listingIds));
        for (const row of rows) {
          out.set(`product:${row.id}`, {
            title: row.title,
            excerpt: excerpt(row.text),
            status: row.deleted ? 'deleted' : row.status,
            author: row.author,
          });
        }
      }
      const postIds = ids('forum_post');
      if (postIds.length > 0) {
        const rows = await db
          .select({ id: posts.id, title: posts.title, text: posts.content, status: posts.status, author })
          .from(posts)
          .innerJoin(profiles, eq(profiles.id, posts.author_id))
          .where(inArray(posts.id, postIds));
        for (const row of rows) {
          out.set(`forum_post:${row.id}`, {
            title: row.title,
            excerpt: excerpt(row.text),
            status: row.status,
            author: row.author,
          });
        }
      }
      const commentIds = ids('forum_comment');
      if (commentIds.length > 0) {
        const rows = await db
          .select({
            id: postComments.id,
            post_id: postComments.post_id,
            title: posts.title,
            text: postComments.content,
            status: postComments.status,
            author,
          })
          .from(postComments)
          .innerJoin(posts, eq(posts.id, postComments.post_id))
          .innerJoin(profiles, eq(profiles.id, postComments.author_id))
          .where(inArray(postComments.id, commentIds));
        for (const row of rows) {
          out.set(`forum_comment:${row.id}`, {
            title: row.title,
            excerpt: excerpt(row.text),
            status: row.status,
            author: row.author,
            post_id: row.post_id,
          });
        }
      }
      const reviewIds = ids('review');
      if (reviewIds.length > 0) {
        const rows = await db
          .select({
            id: orderReviews.id,
            reviewee_id: orderReviews.reviewee_id,
            title: products.title,
            body: orderReviews.body,
            reply: orderReviews.reply,
            status: orderReviews.moderation_status,
            author,
          })
          .from(orderReviews)
          .innerJoin(orders, eq(orders.id, orderReviews.order_id))
          .innerJoin(products, eq(products.id, orders.product_id))
          .innerJoin(profiles, eq(profiles.id, orderReviews.reviewer_id))
          .where(inArray(orderReviews.id, reviewIds));
        for (const row of rows) {
          // The review and its reply are one item: staff read both.
          const text = [row.body, row.reply ? `Reply: ${row.reply}` : null].filter(Boolean).join('\n');
          out.set(`review:${row.id}`, {
            title: row.title,
            excerpt: excerpt(text.length > 0 ? text : null),
            status: row.status,
            author: row.author,
            reviewee_id: row.reviewee_id,
          });
        }
      }
      const messageIds = ids('message');
      if (messageIds.length > 0) {
        const rows = await db
          .select({ id: messages.id, text: messages.content, status: messages.moderation_status, author })
          .from(messages)
          .innerJoin(profiles, eq(profiles.id, messages.sender_id))
          .where(inArray(messages.id, messageIds));
        for (const row of rows) {
          out.set(`message:${row.id}`, {
            title: null,
            excerpt: excerpt(row.text),
            status: row.status,
            author: row.author,
          });
        }
      }
      const userIds = ids('user');
      if (userIds.length > 0) {
        const rows = await db
          .select({ ...author, bio: profiles.bio, status: profiles.status })
          .from(profiles)
          .where(inArray(profiles.id, userIds));
        for (const row of rows) {
          out.set(`user:${row.id}`, {
            title: row.username,
            excerpt: excerpt(row.bio),
            status: row.status,
            author: {
              id: row.id,
              username: row.username,
              full_name: row.full_name,
              avatar_url: row.avatar_url,
            },
          });
        }
      }
      return out;
    },

    async lockQueueItem(tx: Transaction, id: string): Promise<QueueRow | null> {
      const [row] = await tx.select().from(moderationQueue).where(eq(moderationQueue.id, id)).for('update');
      return row ?? null;
    },

    /** Records the review on the item and closes the other open items on the same content. */
    async closeItems(
      tx: Transaction,
      item: QueueRow,
      values: { status: string; notes: string | null; reviewerId: string },
    ): Promise<void> {
      const review = { status: values.status, reviewed_by: values.reviewerId, reviewed_at: sql`now()` };
      await tx
        .update(moderationQueue)
        .set({ ...review, notes: values.notes })
        .where(eq(moderationQueue.id, item.id));
      await tx
        .update(moderationQueue)
        .set(review)
        .where(
          and(
            eq(moderationQueue.entity_type, item.entity_type),
            eq(moderationQueue.entity_id, item.entity_id),
            eq(moderationQueue.status, 'pending'),
            ne(moderationQueue.id, item.id),
          ),
        );
    },
  };
}
