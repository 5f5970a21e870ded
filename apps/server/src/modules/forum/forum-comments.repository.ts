import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { postComments, posts, profiles } from '../../db/schema/index.js';
import { writeAudit, type AuditEntry } from '../audit/index.js';
import { deleteCommentCounted } from './forum.comment-counts.js';
import { raiseMentions, type MentionedHook } from './forum-mentions.repository.js';
import { commentColumns, type CommentRow } from './forum-rows.js';
import { bumpProfile, unlessParentGone, type WriteEffects } from './forum-writes.js';

/** What a permission decision about a comment needs (with its post's). */
export interface CommentState {
  id: string;
  post_id: string;
  author_id: string;
  status: string;
  post_author_id: string;
  post_status: string;
  content: string;
}

/** A post's comments: reading them, adding one and deleting one. */
export function createForumCommentsRepository(db: Database, mentioned: MentionedHook) {
  return {
    /** A post's comments, oldest first: published ones, plus the viewer's own, or all for staff. */
    async comments(postId: string, viewerId: string | null, all: boolean): Promise<CommentRow[]> {
      const visible = all
        ? undefined
        : or(
            eq(postComments.status, 'published'),
            viewerId ? eq(postComments.author_id, viewerId) : undefined,
          );
      return db
        .select(commentColumns(viewerId))
        .from(postComments)
        .innerJoin(profiles, eq(profiles.id, postComments.author_id))
        .where(and(eq(postComments.post_id, postId), visible))
        .orderBy(asc(postComments.created_at), asc(postComments.id));
    },

    async findComment(id: string, viewerId: string | null): Promise<CommentRow | null> {
      const [row] = await db
        .select(commentColumns(viewerId))
        .from(postComments)
        .innerJoin(profiles, eq(profiles.id, postComments.author_id))
        .where(eq(postComments.id, id));
      return row ?? null;
    },

    async commentState(id: string): Promise<CommentState | null> {
      const [row] = await db
        .select({
          id: postComments.id,
          post_id: postComments.post_id,
          author_id: postComments.author_id,
          status: postComments.status,
          post_author_id: posts.author_id,
          post_status: posts.status,
          content: postComments.content,
        })
        .from(postComments)
        .innerJoin(posts, eq(posts.id, postComments.post_id))
        .where(eq(postComments.id, id));
      return row ?? null;
    },

    /** Adds a comment, counts it on the post and its author, notifies mentions; null when the post is gone. */
    async addComment(
      postId: string,
      author: { id: string; username: string },
      content: string,
      mentions: string[],
    ): Promise<({ id: string } & WriteEffects) | null> {
      return unlessParentGone(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(postComments)
            .values({ post_id: postId, author_id: author.id, content })
            .returning({ id: postComments.id });
          if (!row) throw new Error('inserting a comment returned nothing');
          const [post] = await tx
            .update(posts)
            .set({ comments_count: sql`${posts.comments_count} + 1` })
            .where(eq(posts.id, postId))
            .returning({ title: posts.title });
          await bumpProfile(tx, author.id, { comments: 1 });
          const published = await raiseMentions(tx, mentioned, mentions, {
            postId,
            postTitle: post?.title ?? '',
            commentId: row.id,
            sender: author,
          });
          return { id: row.id, published };
        }),
      );
    },

    /**
     * Deletes a comment and takes back its counts (the post's and its author's comments when it was
     * visible, its author's likes received). False when it is gone.
     */
    async deleteComment(id: string, audit?: AuditEntry): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await deleteCommentCounted(tx, id))) return false;
        if (audit) await writeAudit(tx, audit);
        return true;
      });
    },
  };
}
