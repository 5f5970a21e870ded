import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { forumDrafts } from '../../db/schema/index.js';

export interface DraftRow {
  data: unknown;
  updated_at: Date;
}

/** Where one member's draft is kept: their new topic (postId null) or their reply in a topic. */
function draftOf(userId: string, postId: string | null) {
  return and(
    eq(forumDrafts.user_id, userId),
    postId === null ? isNull(forumDrafts.post_id) : eq(forumDrafts.post_id, postId),
  );
}

/** Publishing what a draft held discards it, in the same transaction as the post or comment. */
export async function discardDraft(tx: Executor, userId: string, postId: string | null): Promise<void> {
  await tx.delete(forumDrafts).where(draftOf(userId, postId));
}

/** Drafts: a member's unpublished new topic and replies, one of each per place. */
export function createForumDraftsRepository(db: Database) {
  return {
    async findDraft(userId: string, postId: string | null): Promise<DraftRow | null> {
      const [row] = await db
        .select({ data: forumDrafts.data, updated_at: forumDrafts.updated_at })
        .from(forumDrafts)
        .where(draftOf(userId, postId));
      return row ?? null;
    },

    /** Keeps the draft (the newest save wins); answers when it was saved. */
    async saveDraft(userId: string, postId: string | null, data: object): Promise<Date> {
      const [row] = await db
        .insert(forumDrafts)
        .values({ user_id: userId, post_id: postId, data })
        .onConflictDoUpdate({
          target: postId === null ? [forumDrafts.user_id] : [forumDrafts.user_id, forumDrafts.post_id],
          targetWhere: postId === null ? sql`post_id is null` : sql`post_id is not null`,
          set: { data, updated_at: sql`now()` },
        })
        .returning({ updated_at: forumDrafts.updated_at });
      if (!row) throw new Error('saving a draft returned nothing');
      return row.updated_at;
    },

    async deleteDraft(userId: string, postId: string | null): Promise<void> {
      await discardDraft(db, userId, postId);
    },
  };
}
