import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ModerationEntityType, ModerationPriority, RuleTarget } from '@castline/shared';
import { setContentModerationStatus } from './rules-engine.js';
import type { Database, Executor, Transaction } from '../../db/client.js';
import {
  messages,
  moderationLogs,
  moderationQueue,
  moderationRules,
  postComments,
  posts,
  products,
  profiles,
} from '../../db/schema/index.js';
import { deleteCommentCounted } from '../forum/index.js';
import { AWAITING_APPROVAL_REASON, BANNED_CONTENT_REASON } from '../../db/moderation-reasons.js';

export type QueueRow = typeof moderationQueue.$inferSelect;
export type RuleRow = typeof moderationRules.$inferSelect;

export interface PersonRow {
  id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
}

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
}

export interface RuleListRow extends RuleRow {
  creator: PersonRow | null;
}

export interface LogListRow {
  id: string;
  entity_type: string;
  entity_id: string;
  action: string;
  reason: string | null;
  created_at: Date;
  rule_id: string | null;
  rule_name: string | null;
  moderator: PersonRow | null;
}

export interface PendingListingRow {
  id: string;
  title: string;
  description: string | null;
  price: number;
  category: string;
  images: string[];
  created_at: Date;
  seller: PersonRow;
}

const reporter = alias(profiles, 'reporter');
const reviewer = alias(profiles, 'reviewer');

function person(table: typeof profiles) {
  return {
    id: table.id,
    username: table.username,
    full_name: table.full_name,
    avatar_url: table.avatar_url,
  };
}

/** A left-joined person (drizzle answers null when the join found nobody). */
function personOrNull(row: PersonRow | null): PersonRow | null {
  return row ?? null;
}

const EXCERPT_CHARS = 200;

function excerpt(text: string | null): string | null {
  if (text === null) return null;
  const chars = Array.from(text);
  return chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS).join('')}…` : text;
}

export function createModerationRepository(db: Database) {
  return {
    db,

    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    // ---- Reports ----

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

    // ---- Queue ----

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
      const productIds = ids('product');
      if (productIds.length > 0) {
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
          .where(inArray(products.id, productIds));
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

    /** Hides or flags an item with a reason. */
    async setContentStatus(
      tx: Transaction,
      type: string,
      id: string,
      status: 'hidden' | 'flagged',
      reason: string | null,
    ): Promise<void> {
      // A reported member has no content status; bans are handled by the admin module.
      if (type === 'user') return;
      await setContentModerationStatus(tx, type as RuleTarget, id, status, reason);
    },

    /**
     * Removes an item: a listing is marked deleted, a post or comment is deleted with its counts
     * taken back (a comment's only when readers could see it), a message is hidden. Returns the
     * post id a forum change touched.
     */
    async removeContent(
      tx: Transaction,
      type: string,
      id: string,
      reason: string | null,
    ): Promise<string | null> {
      switch (type) {
        case 'product':
          await tx
            .update(products)
            .set({ deleted: true, deleted_at: sql`now()`, moderation_reason: reason, updated_at: sql`now()` })
            .where(eq(products.id, id));
          return null;
        case 'message':
          await tx
            .update(messages)
            .set({ moderation_status: 'hidden', moderation_reason: reason })
            .where(eq(messages.id, id));
          return null;
        case 'forum_post': {
          const [post] = await tx
            .select({ author_id: posts.author_id, likes_count: posts.likes_count })
            .from(posts)
            .where(eq(posts.id, id))
            .for('update');
          if (!post) return null;
          await tx.execute(sql`
            update profiles p set
              comments_count = greatest(p.comments_count - d.comments, 0),
              likes_count = greatest(p.likes_count - d.likes, 0)
            from (
              select author_id,
                count(*) filter (where status = 'published')::int as comments,
                coalesce(sum(likes_count), 0)::int as likes
              from post_comments where post_id = ${id} group by author_id
            ) d
            where p.id = d.author_id`);
          await tx
            .update(profiles)
            .set({
              posts_count: sql`greatest(${profiles.posts_count} - 1, 0)`,
              likes_count: sql`greatest(${profiles.likes_count} - ${post.likes_count}, 0)`,
            })
            .where(eq(profiles.id, post.author_id));
          await tx.delete(posts).where(eq(posts.id, id));
          return id;
        }
        case 'forum_comment':
          return (await deleteCommentCounted(tx, id))?.post_id ?? null;
        default:
          return null;
      }
    },

    /** The post a comment belongs to (for the change event). */
    async commentPostId(executor: Executor, id: string): Promise<string | null> {
      const [row] = await executor
        .select({ post_id: postComments.post_id })
        .from(postComments)
        .where(eq(postComments.id, id));
      return row?.post_id ?? null;
    },

    async insertLog(
      tx: Executor,
      values: {
        moderatorId: string | null;
        ruleId?: string | null;
        type: string;
        id: string;
        action: string;
        reason: string | null;
      },
    ): Promise<void> {
      await tx.insert(moderationLogs).values({
        moderator_id: values.moderatorId,
        rule_id: values.ruleId ?? null,
        entity_type: values.type,
        entity_id: values.id,
        action: values.action,
        reason: values.reason,
      });
    },

    // ---- Listing approval ----

    async pendingListings(
      page: number,
      pageSize: number,
    ): Promise<{ rows: PendingListingRow[]; total: number }> {
      const where = and(eq(products.moderation_status, 'pending'), eq(products.deleted, false));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: products.id,
            title: products.title,
            description: products.description,
            price: products.price,
            category: products.category,
            images: products.images,
            created_at: products.created_at,
            seller: person(profiles),
          })
          .from(products)
          .innerJoin(profiles, eq(profiles.id, products.seller_id))
          .where(where)
          .orderBy(asc(products.created_at), asc(products.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async lockListing(
      tx: Transaction,
      id: string,
    ): Promise<{
      id: string;
      title: string;
      seller_id: string;
      moderation_status: string;
      deleted: boolean;
    } | null> {
      const [row] = await tx
        .select({
          id: products.id,
          title: products.title,
          seller_id: products.seller_id,
          moderation_status: products.moderation_status,
          deleted: products.deleted,
        })
        .from(products)
        .where(eq(products.id, id))
        .for('update');
      return row ?? null;
    },

    async setListingStatus(
      tx: Transaction,
      id: string,
      status: 'active' | 'hidden',
      reason: string | null,
    ): Promise<void> {
      // Approval brings a listing that waited for it into public view, unless its seller has been
      // banned meanwhile: then it stays out, marked so that lifting the ban restores it.
      const awaiting = sql`${products.moderation_reason} = ${AWAITING_APPROVAL_REASON}`;
      const sellerBanned = sql`exists (select 1 from profiles p where p.id = ${products.seller_id} and p.status = 'banned')`;
      await tx
        .update(products)
        .set({
          moderation_status: status,
          moderation_reason:
            status === 'active'
              ? sql`case when ${awaiting} and ${sellerBanned} then ${BANNED_CONTENT_REASON} else null end`
              : reason,
          visible_in_marketplace:
            status === 'active'
              ? sql`case when ${awaiting} then not ${sellerBanned} else ${products.visible_in_marketplace} end`
              : products.visible_in_marketplace,
          updated_at: sql`now()`,
        })
        .where(eq(products.id, id));
    },

    // ---- Rules ----

    async rules(): Promise<RuleListRow[]> {
      const rows = await db
        .select({ rule: moderationRules, creator: person(profiles) })
        .from(moderationRules)
        .leftJoin(profiles, eq(profiles.id, moderationRules.created_by))
        .orderBy(desc(moderationRules.created_at), desc(moderationRules.id));
      return rows.map((row) => ({ ...row.rule, creator: personOrNull(row.creator) }));
    },

    async rule(executor: Executor, id: string): Promise<RuleListRow | null> {
      const [row] = await executor
        .select({ rule: moderationRules, creator: person(profiles) })
        .from(moderationRules)
        .leftJoin(profiles, eq(profiles.id, moderationRules.created_by))
        .where(eq(moderationRules.id, id));
      return row ? { ...row.rule, creator: personOrNull(row.creator) } : null;
    },

    async insertRule(
      tx: Transaction,
      values: Pick<
        RuleRow,
        'name' | 'kind' | 'pattern' | 'action' | 'applies_to' | 'is_active' | 'created_by'
      >,
    ): Promise<RuleRow> {
      const [row] = await tx.insert(moderationRules).values(values).returning();
      if (!row) throw new Error('inserting a moderation rule returned nothing');
      return row;
    },

    async lockRule(tx: Transaction, id: string): Promise<RuleRow | null> {
      const [row] = await tx.select().from(moderationRules).where(eq(moderationRules.id, id)).for('update');
      return row ?? null;
    },

    async updateRule(
      tx: Transaction,
      id: string,
      values: Partial<Pick<RuleRow, 'name' | 'kind' | 'pattern' | 'action' | 'applies_to' | 'is_active'>>,
    ): Promise<void> {
      await tx
        .update(moderationRules)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(moderationRules.id, id));
    },

    async deleteRule(tx: Transaction, id: string): Promise<void> {
      await tx.delete(moderationRules).where(eq(moderationRules.id, id));
    },

    // ---- Logs ----

    async logs(page: number, pageSize: number): Promise<{ rows: LogListRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: moderationLogs.id,
            entity_type: moderationLogs.entity_type,
            entity_id: moderationLogs.entity_id,
            action: moderationLogs.action,
            reason: moderationLogs.reason,
            created_at: moderationLogs.created_at,
            rule_id: moderationLogs.rule_id,
            rule_name: moderationRules.name,
            moderator: person(profiles),
          })
          .from(moderationLogs)
          .leftJoin(moderationRules, eq(moderationRules.id, moderationLogs.rule_id))
          .leftJoin(profiles, eq(profiles.id, moderationLogs.moderator_id))
          .orderBy(desc(moderationLogs.created_at), desc(moderationLogs.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(moderationLogs),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, moderator: personOrNull(row.moderator) })),
        total: total?.n ?? 0,
      };
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
