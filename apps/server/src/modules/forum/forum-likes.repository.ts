import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { commentLikes, postComments, postLikes, posts } from '../../db/schema/index.js';
import { bumpProfile, unlessParentGone } from './forum-writes.js';

/** A toggle's outcome; null from the repository means the post or comment is gone. */
export interface ToggleOutcome {
  active: boolean;
  count: number;
}

/** The queries one like toggle needs, on a post or on a comment. */
interface LikeTarget {
  /** Inserts the member's like; false when it was already there. */
  addLike(): Promise<boolean>;
  /** Deletes the member's like; false when there was none. */
  removeLike(): Promise<boolean>;
  /** Moves the liked item's counter; its new count and author, or nothing when it is gone. */
  moveCount(delta: 1 | -1): Promise<{ count: number; author_id: string } | undefined>;
  count(): Promise<number>;
}

/**
 * Flips a like inside `tx`: the counter and the author's likes move only when a like row was
 * really inserted or deleted.
 */
async function toggleLike(tx: Transaction, target: LikeTarget): Promise<ToggleOutcome> {
  const bump = async (delta: 1 | -1): Promise<number> => {
    const row = await target.moveCount(delta);
    if (!row) return 0;
    await bumpProfile(tx, row.author_id, { likes: delta });
    return row.count;
  };
  if (await target.addLike()) return { active: true, count: await bump(1) };
  if (await target.removeLike()) return { active: false, count: await bump(-1) };
  return { active: false, count: await target.count() };
}

/** Likes of posts and comments. */
export function createForumLikesRepository(db: Database) {
  return {
    /**
     * Flips the member's like of a post. Counters move only when a like row was really inserted
     * or deleted, with atomic `likes_count ± 1` updates in the same transaction, so concurrent
     * likes never lose an update. Null when the post is gone.
     */
    async togglePostLike(postId: string, userId: string): Promise<ToggleOutcome | null> {
      return unlessParentGone(() =>
        db.transaction((tx) =>
          toggleLike(tx, {
            async addLike() {
              const rows = await tx
                .insert(postLikes)
                .values({ post_id: postId, user_id: userId })
                .onConflictDoNothing()
                .returning({ user_id: postLikes.user_id });
              return rows.length > 0;
            },
            async removeLike() {
              const rows = await tx
                .delete(postLikes)
                .where(and(eq(postLikes.post_id, postId), eq(postLikes.user_id, userId)))
                .returning({ user_id: postLikes.user_id });
              return rows.length > 0;
            },
            async moveCount(delta) {
              const [row] = await tx
                .update(posts)
                .set({ likes_count: sql`greatest(${posts.likes_count} + ${delta}, 0)` })
                .where(eq(posts.id, postId))
                .returning({ count: posts.likes_count, author_id: posts.author_id });
              return row;
            },
            async count() {
              const [row] = await tx
                .select({ count: posts.likes_count })
                .from(posts)
                .where(eq(posts.id, postId));
              return row?.count ?? 0;
            },
          }),
        ),
      );
    },

    /** Flips the member's like of a comment, like `togglePostLike`. Null when the comment is gone. */
    async toggleCommentLike(commentId: string, userId: string): Promise<ToggleOutcome | null> {
      return unlessParentGone(() =>
        db.transaction((tx) =>
          toggleLike(tx, {
            async addLike() {
              const rows = await tx
                .insert(commentLikes)
                .values({ comment_id: commentId, user_id: userId })
                .onConflictDoNothing()
                .returning({ user_id: commentLikes.user_id });
              return rows.length > 0;
            },
            async removeLike() {
              const rows = await tx
                .delete(commentLikes)
                .where(and(eq(commentLikes.comment_id, commentId), eq(commentLikes.user_id, userId)))
                .returning({ user_id: commentLikes.user_id });
              return rows.length > 0;
            },
            async moveCount(delta) {
              const [row] = await tx
                .update(postComments)
                .set({ likes_count: sql`greatest(${postComments.likes_count} + ${delta}, 0)` })
                .where(eq(postComments.id, commentId))
                .returning({ count: postComments.likes_count, author_id: postComments.author_id });
              return row;
            },
            async count() {
              const [row] = await tx
                .select({ count: postComments.likes_count })
                .from(postComments)
                .where(eq(postComments.id, commentId));
              return row?.count ?? 0;
            },
          }),
        ),
      );
    },
  };
}
