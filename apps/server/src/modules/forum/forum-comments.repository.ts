import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { quotedTargets } from '@castline/shared';
import { queryRows, type CompiledStatement, type Database } from '../../db/client.js';
import { postComments, posts, profiles } from '../../db/schema/index.js';
import { writeAudit, type AuditEntry } from '../audit/index.js';
import { deleteCommentCounted } from './forum.comment-counts.js';
import { discardDraft } from './forum-drafts.repository.js';
import { topicWatchers } from './forum-following.repository.js';
import { advanceReadPosition } from './forum-reading.repository.js';
import { raiseCommentNotices, type ForumNoticeHooks } from './forum-mentions.repository.js';
import {
  commentColumns,
  topicCommentColumns,
  topicCommentRow,
  type CommentRow,
  type TopicCommentRow,
} from './forum-rows.js';
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

/** A new comment: its words, the comment it answers, and who wrote it. */
export interface NewComment {
  postId: string;
  author: { id: string; username: string };
  content: string;
  replyToId?: string;
  mentions: string[];
}

/** Why a comment could not be added: its post, or the comment it answers, is gone. */
export type CommentRefusal = 'post_gone' | 'reply_gone';

/** A post's comments: reading them, adding one and deleting one. */
export function createForumCommentsRepository(db: Database, notices: ForumNoticeHooks) {
  /*
   * A topic's comments, its page's largest read (hundreds of rows), compiled once for each kind of
   * viewer: a guest, a member and forum staff. A request binds its values and maps the rows by
   * hand, timestamps as text (no query building, no row mapping by the query builder).
   */
  type CommentsViewer = 'guest' | 'member' | 'staff';
  const compiledComments = new Map<string, CompiledStatement>();
  /** The first page, or a page after a cursor: two statements, so each can use the index's range. */
  function commentsStatement(kind: CommentsViewer, paged: boolean): CompiledStatement {
    const cached = compiledComments.get(`${kind}:${paged}`);
    if (cached) return cached;
    const viewer = kind === 'guest' ? null : sql.placeholder('viewer');
    const visible =
      kind === 'staff'
        ? undefined
        : or(eq(postComments.status, 'published'), viewer ? eq(postComments.author_id, viewer) : undefined);
    const { sql: text, params } = db
      .select(topicCommentColumns(viewer, sql.placeholder('postId')))
      .from(postComments)
      .innerJoin(profiles, eq(profiles.id, postComments.author_id))
      .where(
        and(
          eq(postComments.post_id, sql.placeholder('postId')),
          visible,
          // After the comment named by the cursor; a cursor that names no comment of the post
          // finds nothing.
          paged
            ? sql`(${postComments.created_at}, ${postComments.id}) > (select a.created_at, a.id from post_comments a where a.id = ${sql.placeholder('after')}::uuid and a.post_id = ${sql.placeholder('postId')})`
            : undefined,
        ),
      )
      .orderBy(asc(postComments.created_at), asc(postComments.id))
      .limit(sql.placeholder('limit'))
      .toSQL();
    const compiled = { text, params };
    compiledComments.set(`${kind}:${paged}`, compiled);
    return compiled;
  }

  return {
    /**
     * A page of a post's comments, oldest first, after the comment `after` (null: from the first):
     * published ones, plus the viewer's own, or all for staff. Asks for one more than `limit`, so
     * the caller knows whether more follow.
     */
    async comments(
      postId: string,
      viewerId: string | null,
      all: boolean,
      page: { after: string | null; limit: number },
    ): Promise<TopicCommentRow[]> {
      const kind: CommentsViewer = all ? 'staff' : viewerId ? 'member' : 'guest';
      const rows = await queryRows(
        db,
        commentsStatement(kind, page.after !== null),
        { postId, viewer: viewerId, after: page.after, limit: page.limit + 1 },
        { timestampsAsText: true },
      );
      return rows.map(topicCommentRow);
    },

    /**
     * What a later page of a topic's comments checks first, in one statement: who may see the
     * topic (its status and author), and whether the cursor `after` is still one of its comments.
     * Null when the topic is gone.
     */
    async commentPageState(
      postId: string,
      after: string,
    ): Promise<{ status: string; author_id: string; cursor_holds: boolean } | null> {
      const [row] = await db
        .select({
          status: posts.status,
          author_id: posts.author_id,
          cursor_holds: sql<boolean>`exists(select 1 from post_comments a where a.id = ${after} and a.post_id = ${postId})`,
        })
        .from(posts)
        .where(eq(posts.id, postId));
      return row ?? null;
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

    /**
     * Adds a comment (a reply hangs under its thread's top-level comment), counts it on the post and
     * its author, and tells whom it answers, quotes and mentions. A reply answers a comment of the
     * same post that the writer can see; that comment is held until the commit.
     */
    async addComment(comment: NewComment): Promise<({ id: string } & WriteEffects) | CommentRefusal> {
      const { postId, author, content } = comment;
      const added = await unlessParentGone(() =>
        db.transaction(async (tx): Promise<({ id: string } & WriteEffects) | CommentRefusal> => {
          let parent: { id: string; author_id: string; thread_id: string | null } | undefined;
          if (comment.replyToId) {
            [parent] = await tx
              .select({
                id: postComments.id,
                author_id: postComments.author_id,
                thread_id: postComments.thread_id,
              })
              .from(postComments)
              .where(
                and(
                  eq(postComments.id, comment.replyToId),
                  eq(postComments.post_id, postId),
                  or(eq(postComments.status, 'published'), eq(postComments.author_id, author.id)),
                ),
              )
              .for('share');
            if (!parent) return 'reply_gone';
          }
          const [row] = await tx
            .insert(postComments)
            .values({
              post_id: postId,
              author_id: author.id,
              content,
              reply_to_id: parent?.id ?? null,
              thread_id: parent ? (parent.thread_id ?? parent.id) : null,
            })
            .returning({ id: postComments.id });
          if (!row) throw new Error('inserting a comment returned nothing');
          const [post] = await tx
            .update(posts)
            .set({ comments_count: sql`${posts.comments_count} + 1`, last_activity_at: sql`now()` })
            .where(eq(posts.id, postId))
            .returning({ title: posts.title, author_id: posts.author_id, category: posts.category });
          if (!post) return 'post_gone';
          await bumpProfile(tx, author.id, { comments: 1 });
          // Writers have read what they answer: the topic is read for them up to their comment.
          await advanceReadPosition(tx, author.id, postId, sql`now()`);
          await discardDraft(tx, author.id, postId);
          const quoted = quotedTargets(content);
          const quotedCommentIds = quoted.flatMap((target) =>
            target.kind === 'comment' && target.commentId !== parent?.id ? [target.commentId] : [],
          );
          const quotedComments =
            quotedCommentIds.length === 0
              ? []
              : await tx
                  .select({ author_id: postComments.author_id })
                  .from(postComments)
                  .where(
                    and(
                      inArray(postComments.id, quotedCommentIds),
                      eq(postComments.post_id, postId),
                      eq(postComments.status, 'published'),
                    ),
                  );
          const quotedAuthorIds = [
            ...(quoted.some((target) => target.kind === 'post') ? [post.author_id] : []),
            ...quotedComments.map((quotedComment) => quotedComment.author_id),
          ];
          const published = await raiseCommentNotices(
            tx,
            notices,
            {
              repliedTo: parent
                ? { authorId: parent.author_id, kind: 'reply' }
                : { authorId: post.author_id, kind: 'reply_to_post' },
              quotedAuthorIds,
              watcherIds: await topicWatchers(tx, postId, post.category),
            },
            comment.mentions,
            { postId, postTitle: post.title, commentId: row.id, sender: author },
          );
          return { id: row.id, published };
        }),
      );
      return added ?? 'post_gone';
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
