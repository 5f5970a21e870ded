import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ForumCategory, NotificationDto, PostStatus } from '@castline/shared';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { likePattern } from '../../db/like-pattern.js';
import { commentLikes, postComments, postLikes, posts, profiles } from '../../db/schema/index.js';
import { writeAudit, type AuditEntry } from '../audit/index.js';
import { insertNotifications } from '../notifications/index.js';
import { deleteCommentCounted, isVisibleComment } from './forum.comment-counts.js';
import { mentionNotification, type MentionSource } from './forum.mentions.js';

/** Lists read this much of a post's content for the excerpt (the excerpt is far shorter). */
const EXCERPT_SOURCE_CHARS = 1200;

export interface PostSummaryRow {
  id: string;
  title: string;
  /** The start of the content (enough for the excerpt). */
  content: string;
  category: string;
  status: string;
  author_id: string;
  images: string[];
  likes_count: number;
  comments_count: number;
  created_at: Date;
  updated_at: Date;
  author_username: string;
  author_full_name: string | null;
  author_avatar_url: string | null;
  author_deleted: boolean;
  blocked_by_viewer: boolean;
  liked: boolean;
}

export interface AdminPostRow extends PostSummaryRow {
  moderation_reason: string | null;
}

export interface AdminCommentRow extends CommentRow {
  post_title: string;
}

export interface AdminPostSearch {
  viewerId: string;
  status: PostStatus | null;
  q: string | null;
  limit: number;
  offset: number;
}

export interface AdminCommentSearch {
  postId: string | null;
  q: string | null;
  limit: number;
  offset: number;
}

export interface PostDetailRow extends PostSummaryRow {
  full_content: string;
  moderation_reason: string | null;
}

export interface CommentRow {
  id: string;
  post_id: string;
  author_id: string;
  content: string;
  status: string;
  likes_count: number;
  created_at: Date;
  updated_at: Date;
  author_username: string;
  author_full_name: string | null;
  author_avatar_url: string | null;
  author_deleted: boolean;
  blocked_by_viewer: boolean;
  liked: boolean;
}

/** What a permission decision about a post needs. */
export interface PostState {
  id: string;
  author_id: string;
  status: string;
  title: string;
  content: string;
}

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

export interface PostSearch {
  viewerId: string | null;
  category: string | null;
  q: string | null;
  authorId: string | null;
  limit: number;
  offset: number;
}

export interface PostFields {
  title: string;
  category: ForumCategory;
  content: string;
  images: string[];
}

export interface PostChanges extends Partial<PostFields> {
  status?: PostStatus;
}

/** A toggle's outcome; null from the repository means the post or comment is gone. */
export interface ToggleOutcome {
  active: boolean;
  count: number;
}

/** The new mention notifications a write made (pushed after commit). */
export interface WriteEffects {
  notifications: NotificationDto[];
}

/** A post's or comment's row was removed under a concurrent write (its parent was deleted). */
function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; cause?: unknown };
  if (candidate.code === '23503') return true;
  return candidate.cause !== undefined && candidate.cause !== error && isForeignKeyViolation(candidate.cause);
}

/** Runs `work`; a foreign-key violation (the parent row was deleted meanwhile) answers null. */
async function unlessParentGone<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
}

/** True when the viewer blocked the row's author (the joined profile). */
function blockedByViewer(viewerId: string | null): SQL<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  return sql<boolean>`(${profiles.id} = any(coalesce((select v.blocked_users from profiles v where v.id = ${viewerId}), '{}'::uuid[])))`;
}

const authorColumns = (viewerId: string | null) => ({
  author_username: profiles.username,
  author_full_name: profiles.full_name,
  author_avatar_url: profiles.avatar_url,
  author_deleted: sql<boolean>`(${profiles.deleted_at} is not null)`,
  blocked_by_viewer: blockedByViewer(viewerId),
});

function summaryColumns(viewerId: string | null) {
  return {
    id: posts.id,
    title: posts.title,
    content: sql<string>`left(${posts.content}, ${sql.raw(String(EXCERPT_SOURCE_CHARS))})`,
    category: posts.category,
    status: posts.status,
    author_id: posts.author_id,
    images: posts.images,
    likes_count: posts.likes_count,
    comments_count: posts.comments_count,
    created_at: posts.created_at,
    updated_at: posts.updated_at,
    ...authorColumns(viewerId),
    liked: viewerId
      ? sql<boolean>`exists(select 1 from post_likes pl where pl.post_id = ${posts.id} and pl.user_id = ${viewerId})`
      : sql<boolean>`false`,
  };
}

function commentColumns(viewerId: string | null) {
  return {
    id: postComments.id,
    post_id: postComments.post_id,
    author_id: postComments.author_id,
    content: postComments.content,
    status: postComments.status,
    likes_count: postComments.likes_count,
    created_at: postComments.created_at,
    updated_at: postComments.updated_at,
    ...authorColumns(viewerId),
    liked: viewerId
      ? sql<boolean>`exists(select 1 from comment_likes cl where cl.comment_id = ${postComments.id} and cl.user_id = ${viewerId})`
      : sql<boolean>`false`,
  };
}

const published = eq(posts.status, 'published');

/** The members a text mentions who may be told: existing, not the sender, not deleted, not blocking the sender. */
async function mentionRecipients(tx: Executor, usernames: string[], senderId: string): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        inArray(sql`lower(${profiles.username})`, usernames),
        ne(profiles.id, senderId),
        sql`${profiles.deleted_at} is null`,
        sql`not (${senderId}::uuid = any(${profiles.blocked_users}))`,
      ),
    );
  return rows.map((row) => row.id);
}

async function notifyMentions(
  tx: Transaction,
  usernames: string[],
  source: MentionSource,
): Promise<NotificationDto[]> {
  const recipients = await mentionRecipients(tx, usernames, source.sender.id);
  return insertNotifications(
    tx,
    recipients.map((id) => mentionNotification(id, source)),
  );
}

/** Moves a member's forum counters by the given amounts (never below zero). */
async function bumpProfile(
  tx: Transaction,
  profileId: string,
  delta: { posts?: number; comments?: number; likes?: number },
): Promise<void> {
  const set: Partial<Record<'posts_count' | 'comments_count' | 'likes_count', SQL>> = {};
  if (delta.posts) set.posts_count = sql`greatest(${profiles.posts_count} + ${delta.posts}, 0)`;
  if (delta.comments) set.comments_count = sql`greatest(${profiles.comments_count} + ${delta.comments}, 0)`;
  if (delta.likes) set.likes_count = sql`greatest(${profiles.likes_count} + ${delta.likes}, 0)`;
  if (Object.keys(set).length === 0) return;
  await tx.update(profiles).set(set).where(eq(profiles.id, profileId));
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

export function createForumRepository(db: Database) {
  return {
    db,

    /** Public posts, newest first, with the exact total. */
    async list(search: PostSearch): Promise<{ rows: PostSummaryRow[]; total: number }> {
      const where = and(
        published,
        search.category ? eq(posts.category, search.category) : undefined,
        search.authorId ? eq(posts.author_id, search.authorId) : undefined,
        search.q ? sql`${posts.search_vector} @@ websearch_to_tsquery('english', ${search.q})` : undefined,
      );
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(posts)
        .where(where);
      const rows = await db
        .select(summaryColumns(search.viewerId))
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.author_id))
        .where(where)
        .orderBy(desc(posts.created_at), desc(posts.id))
        .limit(search.limit)
        .offset(search.offset);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Every post whatever its status (forum administration), newest first, with the exact total. */
    async adminPosts(search: AdminPostSearch): Promise<{ rows: AdminPostRow[]; total: number }> {
      const where = and(
        search.status ? eq(posts.status, search.status) : undefined,
        search.q ? sql`${posts.search_vector} @@ websearch_to_tsquery('english', ${search.q})` : undefined,
      );
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(posts)
        .where(where);
      const rows = await db
        .select({ ...summaryColumns(search.viewerId), moderation_reason: posts.moderation_reason })
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.author_id))
        .where(where)
        .orderBy(desc(posts.created_at), desc(posts.id))
        .limit(search.limit)
        .offset(search.offset);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Comments on any post whatever their status (forum administration), newest first. */
    async adminComments(search: AdminCommentSearch): Promise<{ rows: AdminCommentRow[]; total: number }> {
      const where = and(
        search.postId ? eq(postComments.post_id, search.postId) : undefined,
        search.q ? sql`${postComments.content} ilike ${likePattern(search.q)} escape '\\'` : undefined,
      );
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(postComments)
        .where(where);
      const rows = await db
        .select({ ...commentColumns(null), post_title: posts.title })
        .from(postComments)
        .innerJoin(posts, eq(posts.id, postComments.post_id))
        .innerJoin(profiles, eq(profiles.id, postComments.author_id))
        .where(where)
        .orderBy(desc(postComments.created_at), desc(postComments.id))
        .limit(search.limit)
        .offset(search.offset);
      return { rows, total: counted?.total ?? 0 };
    },

    /** The most liked public posts (spec: trending, top 10 by likes_count). */
    async trending(viewerId: string | null, limit: number): Promise<PostSummaryRow[]> {
      return db
        .select(summaryColumns(viewerId))
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.author_id))
        .where(published)
        .orderBy(desc(posts.likes_count), desc(posts.created_at), desc(posts.id))
        .limit(limit);
    },

    /** get_distinct_categories: the categories public posts use, with how many use each. */
    async categories(): Promise<{ category: string; count: number }[]> {
      const count = sql<number>`count(*)`.mapWith(Number);
      return db
        .select({ category: posts.category, count })
        .from(posts)
        .where(published)
        .groupBy(posts.category)
        .orderBy(desc(count), asc(posts.category));
    },

    /** Members with the most posts (then likes received, then comments); deleted and banned ones left out. */
    async topContributors(limit: number) {
      return db
        .select({
          id: profiles.id,
          username: profiles.username,
          avatar_url: profiles.avatar_url,
          posts_count: profiles.posts_count,
          comments_count: profiles.comments_count,
          total_likes: profiles.likes_count,
        })
        .from(profiles)
        .where(
          and(
            sql`${profiles.deleted_at} is null`,
            ne(profiles.status, 'banned'),
            or(sql`${profiles.posts_count} > 0`, sql`${profiles.comments_count} > 0`),
          ),
        )
        .orderBy(
          desc(profiles.posts_count),
          desc(profiles.likes_count),
          desc(profiles.comments_count),
          asc(profiles.username),
        )
        .limit(limit);
    },

    async postState(id: string): Promise<PostState | null> {
      const [row] = await db
        .select({
          id: posts.id,
          author_id: posts.author_id,
          status: posts.status,
          title: posts.title,
          content: posts.content,
        })
        .from(posts)
        .where(eq(posts.id, id));
      return row ?? null;
    },

    async findPost(id: string, viewerId: string | null): Promise<PostDetailRow | null> {
      const [row] = await db
        .select({
          ...summaryColumns(viewerId),
          full_content: posts.content,
          moderation_reason: posts.moderation_reason,
        })
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.author_id))
        .where(eq(posts.id, id));
      return row ?? null;
    },

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

    /** Inserts a post, counts it on its author and notifies the members it mentions, in one transaction. */
    async createPost(
      author: { id: string; username: string },
      fields: PostFields,
      mentions: string[],
    ): Promise<{ id: string } & WriteEffects> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(posts)
          .values({ ...fields, author_id: author.id })
          .returning({ id: posts.id });
        if (!row) throw new Error('inserting a post returned nothing');
        await bumpProfile(tx, author.id, { posts: 1 });
        const notifications = await notifyMentions(tx, mentions, {
          postId: row.id,
          postTitle: fields.title,
          sender: author,
        });
        return { id: row.id, notifications };
      });
    },

    /** Changes a post (and notifies newly mentioned members); null when the post is gone. */
    async updatePost(
      id: string,
      changes: PostChanges,
      sender: { id: string; username: string },
      mentions: string[],
      audit?: AuditEntry,
    ): Promise<WriteEffects | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(posts)
          .set({ ...changes, updated_at: sql`now()` })
          .where(eq(posts.id, id))
          .returning({ id: posts.id, title: posts.title });
        if (!row) return null;
        if (audit) await writeAudit(tx, audit);
        const notifications = await notifyMentions(tx, mentions, {
          postId: row.id,
          postTitle: row.title,
          sender,
        });
        return { notifications };
      });
    },

    /**
     * Deletes a post with its comments and likes, taking back what they added to members'
     * counters. The post and its comments are locked first, so a like or comment that arrives
     * meanwhile either counts before the delete or finds the post gone.
     */
    async deletePost(id: string, audit?: AuditEntry): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [post] = await tx
          .select({ author_id: posts.author_id, likes_count: posts.likes_count })
          .from(posts)
          .where(eq(posts.id, id))
          .for('update');
        if (!post) return false;
        const comments = await tx
          .select({
            author_id: postComments.author_id,
            status: postComments.status,
            likes_count: postComments.likes_count,
          })
          .from(postComments)
          .where(eq(postComments.post_id, id))
          .orderBy(asc(postComments.id))
          .for('update');

        const deltas = new Map<string, { posts: number; comments: number; likes: number }>();
        const deltaOf = (profileId: string) => {
          let delta = deltas.get(profileId);
          if (!delta) {
            delta = { posts: 0, comments: 0, likes: 0 };
            deltas.set(profileId, delta);
          }
          return delta;
        };
        deltaOf(post.author_id).posts += 1;
        deltaOf(post.author_id).likes += post.likes_count;
        for (const comment of comments) {
          // Authors count only the comments readers see (hidden and flagged ones were taken off).
          if (isVisibleComment(comment.status)) deltaOf(comment.author_id).comments += 1;
          deltaOf(comment.author_id).likes += comment.likes_count;
        }
        // Profiles are locked in id order so that two deletions never wait on each other.
        const ids = [...deltas.keys()].sort();
        await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(inArray(profiles.id, ids))
          .orderBy(asc(profiles.id))
          .for('update');
        const values = sql.join(
          ids.map((profileId) => {
            const delta = deltas.get(profileId)!;
            return sql`(${profileId}::uuid, ${delta.posts}::int, ${delta.comments}::int, ${delta.likes}::int)`;
          }),
          sql`, `,
        );
        await tx.execute(sql`
          update profiles p set
            posts_count = greatest(p.posts_count - d.posts, 0),
            comments_count = greatest(p.comments_count - d.comments, 0),
            likes_count = greatest(p.likes_count - d.likes, 0)
          from (values ${values}) as d(id, posts, comments, likes)
          where p.id = d.id`);
        await tx.delete(posts).where(eq(posts.id, id));
        if (audit) await writeAudit(tx, audit);
        return true;
      });
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
          const notifications = await notifyMentions(tx, mentions, {
            postId,
            postTitle: post?.title ?? '',
            commentId: row.id,
            sender: author,
          });
          return { id: row.id, notifications };
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

export type ForumRepository = ReturnType<typeof createForumRepository>;
