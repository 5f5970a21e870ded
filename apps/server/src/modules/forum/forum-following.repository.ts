import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ForumWatchLevel } from '@castline/shared';
import type { Database, Executor } from '../../db/client.js';
import { forumBookmarks, forumWatches, postComments, posts, profiles } from '../../db/schema/index.js';

export interface BookmarkRow {
  id: string;
  created_at: Date;
  post_id: string;
  post_title: string;
  post_category: string;
  comment_id: string | null;
  comment_content: string | null;
  comment_author: string | null;
}

/** The members told of every new comment in a topic: watching it, or its category (unless they muted the topic). */
export async function topicWatchers(tx: Executor, postId: string, category: string): Promise<string[]> {
  const rows = await tx
    .select({ user_id: forumWatches.user_id })
    .from(forumWatches)
    .where(
      and(
        eq(forumWatches.level, 'watching'),
        sql`((${forumWatches.target_type} = 'post' and ${forumWatches.target} = ${postId})
          or (${forumWatches.target_type} = 'category' and ${forumWatches.target} = ${category}
            and not exists (select 1 from forum_watches m where m.user_id = ${forumWatches.user_id}
              and m.target_type = 'post' and m.target = ${postId} and m.level = 'muted')))`,
      ),
    );
  return [...new Set(rows.map((row) => row.user_id))];
}

/** Bookmarks and watching: how members keep and follow topics. */
export function createForumFollowingRepository(db: Database) {
  const setLevel = async (
    userId: string,
    targetType: 'post' | 'category',
    target: string,
    level: ForumWatchLevel,
  ) => {
    if (level === 'normal') {
      await db
        .delete(forumWatches)
        .where(
          and(
            eq(forumWatches.user_id, userId),
            eq(forumWatches.target_type, targetType),
            eq(forumWatches.target, target),
          ),
        );
      return;
    }
    await db
      .insert(forumWatches)
      .values({ user_id: userId, target_type: targetType, target, level })
      .onConflictDoUpdate({
        target: [forumWatches.user_id, forumWatches.target_type, forumWatches.target],
        set: { level, updated_at: sql`now()` },
      });
  };

  return {
    /** Bookmarks a topic (commentId null) or one of its comments, or takes the bookmark away; the new state. */
    async toggleBookmark(userId: string, postId: string, commentId: string | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(forumBookmarks)
          .where(
            and(
              eq(forumBookmarks.user_id, userId),
              eq(forumBookmarks.post_id, postId),
              commentId ? eq(forumBookmarks.comment_id, commentId) : isNull(forumBookmarks.comment_id),
            ),
          )
          .returning({ id: forumBookmarks.id });
        if (removed.length > 0) return false;
        await tx
          .insert(forumBookmarks)
          .values({ user_id: userId, post_id: postId, comment_id: commentId })
          .onConflictDoNothing();
        return true;
      });
    },

    /** The member's bookmarks of what is still public, newest first. */
    async bookmarks(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: BookmarkRow[]; total: number }> {
      const visible = and(
        eq(forumBookmarks.user_id, userId),
        eq(posts.status, 'published'),
        sql`(${forumBookmarks.comment_id} is null or ${postComments.status} = 'published')`,
      );
      const [counted] = await db
        .select({ total: count() })
        .from(forumBookmarks)
        .innerJoin(posts, eq(posts.id, forumBookmarks.post_id))
        .leftJoin(postComments, eq(postComments.id, forumBookmarks.comment_id))
        .where(visible);
      const rows = await db
        .select({
          id: forumBookmarks.id,
          created_at: forumBookmarks.created_at,
          post_id: posts.id,
          post_title: posts.title,
          post_category: posts.category,
          comment_id: forumBookmarks.comment_id,
          comment_content: postComments.content,
          comment_author: profiles.username,
        })
        .from(forumBookmarks)
        .innerJoin(posts, eq(posts.id, forumBookmarks.post_id))
        .leftJoin(postComments, eq(postComments.id, forumBookmarks.comment_id))
        .leftJoin(profiles, eq(profiles.id, postComments.author_id))
        .where(visible)
        .orderBy(desc(forumBookmarks.created_at), desc(forumBookmarks.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: counted?.total ?? 0 };
    },

    /** The categories the member watches or muted. */
    async categoryWatches(userId: string): Promise<{ category: string; level: ForumWatchLevel }[]> {
      const rows = await db
        .select({ category: forumWatches.target, level: forumWatches.level })
        .from(forumWatches)
        .where(and(eq(forumWatches.user_id, userId), eq(forumWatches.target_type, 'category')))
        .orderBy(forumWatches.target);
      return rows.map((row) => ({ category: row.category, level: row.level as ForumWatchLevel }));
    },

    watchTopic: (userId: string, postId: string, level: ForumWatchLevel) =>
      setLevel(userId, 'post', postId, level),
    watchCategory: (userId: string, category: string, level: ForumWatchLevel) =>
      setLevel(userId, 'category', category, level),
  };
}
