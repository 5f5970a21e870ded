import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ForumWatchLevel } from '@castline/shared';
import type { Database, Transaction } from '../../db/client.js';
import { forumReads, postComments, posts } from '../../db/schema/index.js';
import { writeAudit, type AuditEntry } from '../audit/index.js';

/** Moves a member's read position in a topic forward to `upTo` (never back). */
export async function advanceReadPosition(
  tx: Database | Transaction,
  userId: string,
  postId: string,
  upTo: Date | SQL,
): Promise<void> {
  await tx
    .insert(forumReads)
    .values({ user_id: userId, post_id: postId, read_up_to: upTo })
    .onConflictDoUpdate({
      target: [forumReads.user_id, forumReads.post_id],
      set: {
        read_up_to: sql`greatest(${forumReads.read_up_to}, excluded.read_up_to)`,
        updated_at: sql`now()`,
      },
    });
}

/** What a topic's page shows of the member's own: where they stopped reading, what they kept, how they follow it. */
export interface TopicViewerState {
  /** The first comment by someone else, visible to all, that they have not read (null: none, or never opened). */
  firstUnreadCommentId: string | null;
  bookmarked: boolean;
  bookmarkedComments: Set<string>;
  watchLevel: ForumWatchLevel;
}

/** Reading state (how far each member has read each topic), pins and locks. */
export function createForumReadingRepository(db: Database) {
  return {
    /** The member's reading state, bookmarks and watch level in a topic, in one statement. */
    async topicViewerState(postId: string, userId: string): Promise<TopicViewerState> {
      const result = await db.execute(sql`select
        (select c.id::text from post_comments c
          join forum_reads fr on fr.post_id = c.post_id and fr.user_id = ${userId}
          where c.post_id = ${postId} and c.status = 'published' and c.author_id <> ${userId}
            and c.created_at > fr.read_up_to
          order by c.created_at, c.id limit 1) as first_unread,
        (select w.level from forum_watches w
          where w.user_id = ${userId} and w.target_type = 'post' and w.target = ${postId}) as watch_level,
        (select coalesce(bool_or(b.comment_id is null), false) from forum_bookmarks b
          where b.user_id = ${userId} and b.post_id = ${postId}) as bookmarked,
        (select coalesce(array_agg(b.comment_id::text), '{}') from forum_bookmarks b
          where b.user_id = ${userId} and b.post_id = ${postId} and b.comment_id is not null) as bookmarked_comments`);
      const [row] = (
        result as unknown as {
          rows: {
            first_unread: string | null;
            watch_level: string | null;
            bookmarked: boolean;
            bookmarked_comments: string[];
          }[];
        }
      ).rows;
      return {
        firstUnreadCommentId: row?.first_unread ?? null,
        bookmarked: row?.bookmarked ?? false,
        bookmarkedComments: new Set(row?.bookmarked_comments ?? []),
        watchLevel: (row?.watch_level as ForumWatchLevel | null) ?? 'normal',
      };
    },

    /**
     * The member has read the topic up to this comment of it (or its post): their position moves
     * forward to that time. False when the comment is not the post's.
     */
    async markRead(postId: string, userId: string, commentId: string | null): Promise<boolean> {
      // The time is read and written in SQL: a JavaScript Date would cut its microseconds, and
      // the comment itself would stay unread.
      const upTo = commentId
        ? sql`(select c.created_at from post_comments c where c.id = ${commentId} and c.post_id = ${postId})`
        : sql`(select p.created_at from posts p where p.id = ${postId})`;
      const [target] = commentId
        ? await db
            .select({ id: postComments.id })
            .from(postComments)
            .where(and(eq(postComments.id, commentId), eq(postComments.post_id, postId)))
        : await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
      if (!target) return false;
      await advanceReadPosition(db, userId, postId, upTo);
      return true;
    },

    /** Pins or unpins a topic, with its audit row; false when it is gone. */
    async setPinned(postId: string, pinned: boolean, audit: AuditEntry): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(posts)
          .set({ pinned_at: pinned ? sql`coalesce(${posts.pinned_at}, now())` : null })
          .where(eq(posts.id, postId))
          .returning({ id: posts.id });
        if (changed.length === 0) return false;
        await writeAudit(tx, audit);
        return true;
      });
    },

    /** Locks or unlocks a topic, with its audit row; false when it is gone. */
    async setLocked(postId: string, locked: boolean, audit: AuditEntry): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(posts)
          .set({ locked_at: locked ? sql`coalesce(${posts.locked_at}, now())` : null })
          .where(eq(posts.id, postId))
          .returning({ id: posts.id });
        if (changed.length === 0) return false;
        await writeAudit(tx, audit);
        return true;
      });
    },
  };
}
