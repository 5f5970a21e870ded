import { and, eq, sql, type SQL } from 'drizzle-orm';
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

/** Reading state (how far each member has read each topic), pins and locks. */
export function createForumReadingRepository(db: Database) {
  return {
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
