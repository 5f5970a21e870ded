import { eq, sql } from 'drizzle-orm';
import type { RuleTarget } from '@castline/shared';
import type { Executor, Transaction } from '../../db/client.js';
import { messages, orderReviews, postComments, posts, products, profiles } from '../../db/schema/index.js';
import { deleteCommentCounted } from '../forum/index.js';
import { setContentModerationStatus } from './rules-engine.js';

/** What a review does to the content itself: hide or flag it, or remove it. */
export function createModerationContentRepository() {
  return {
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
        case 'review':
          await tx
            .update(orderReviews)
            .set({ moderation_status: 'hidden', moderation_reason: reason, updated_at: sql`now()` })
            .where(eq(orderReviews.id, id));
          return null;
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
  };
}
