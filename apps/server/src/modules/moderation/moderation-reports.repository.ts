import { and, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { ModerationEntityType, ModerationPriority } from '@castline/shared';
import type { Database, Executor, Transaction } from '../../db/client.js';
import {
  messages,
  moderationQueue,
  orderReviews,
  postComments,
  posts,
  products,
  profiles,
} from '../../db/schema/index.js';

/** Members' reports: who may report what, one open report per member and item, escalation. */
export function createModerationReportsRepository(db: Database) {
  return {
    /** Whether `reporterId` may see the item (and so report it). */
    async reportable(reporterId: string, type: ModerationEntityType, id: string): Promise<boolean> {
      let rows: unknown[] = [];
      switch (type) {
        case 'product':
          rows = await db
            .select({ id: products.id })
            .from(products)
            .where(
              and(eq(products.id, id), eq(products.deleted, false), ne(products.moderation_status, 'hidden')),
            );
          break;
        case 'forum_post':
          rows = await db
            .select({ id: posts.id })
            .from(posts)
            .where(and(eq(posts.id, id), eq(posts.status, 'published')));
          break;
        case 'forum_comment':
          rows = await db
            .select({ id: postComments.id })
            .from(postComments)
            .innerJoin(posts, eq(posts.id, postComments.post_id))
            .where(
              and(
                eq(postComments.id, id),
                eq(postComments.status, 'published'),
                eq(posts.status, 'published'),
              ),
            );
          break;
        case 'message':
          rows = await db
            .select({ id: messages.id })
            .from(messages)
            .where(and(eq(messages.id, id), eq(messages.recipient_id, reporterId)));
          break;
        case 'review':
          // A review anyone can read (shown, not hidden by moderation), and not the reporter's own.
          rows = await db
            .select({ id: orderReviews.id })
            .from(orderReviews)
            .where(
              and(
                eq(orderReviews.id, id),
                isNotNull(orderReviews.revealed_at),
                ne(orderReviews.moderation_status, 'hidden'),
                ne(orderReviews.reviewer_id, reporterId),
              ),
            );
          break;
        case 'user':
          rows = await db
            .select({ id: profiles.id })
            .from(profiles)
            .where(and(eq(profiles.id, id), ne(profiles.id, reporterId)));
          break;
      }
      return rows.length > 0;
    },

    /** Serialises reports of one member on one item, so the one-open-report check holds. */
    async lockReport(tx: Transaction, reporterId: string, type: string, id: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${reporterId}:${type}:${id}`}))`);
    },

    async hasOpenReport(tx: Executor, reporterId: string, type: string, id: string): Promise<boolean> {
      const rows = await tx
        .select({ id: moderationQueue.id })
        .from(moderationQueue)
        .where(
          and(
            eq(moderationQueue.reporter_id, reporterId),
            eq(moderationQueue.entity_type, type),
            eq(moderationQueue.entity_id, id),
            eq(moderationQueue.status, 'pending'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insertReport(
      tx: Transaction,
      values: { reporterId: string; type: string; id: string; priority: ModerationPriority; reason: string },
    ): Promise<void> {
      await tx.insert(moderationQueue).values({
        entity_type: values.type,
        entity_id: values.id,
        reporter_id: values.reporterId,
        priority: values.priority,
        reason: values.reason,
      });
    },

    /** Open reports (from members) on one item. */
    async openReportCount(tx: Executor, type: string, id: string): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(moderationQueue)
        .where(
          and(
            eq(moderationQueue.entity_type, type),
            eq(moderationQueue.entity_id, id),
            eq(moderationQueue.status, 'pending'),
            sql`${moderationQueue.reporter_id} is not null`,
          ),
        );
      return row?.n ?? 0;
    },

    async escalate(tx: Executor, type: string, id: string): Promise<void> {
      await tx
        .update(moderationQueue)
        .set({ priority: 'urgent' })
        .where(
          and(
            eq(moderationQueue.entity_type, type),
            eq(moderationQueue.entity_id, id),
            eq(moderationQueue.status, 'pending'),
          ),
        );
    },
  };
}
