import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { FORUM_LIMITS } from '@castline/shared';
import { timestampText } from '../../db/client.js';
import { postComments, posts, profiles } from '../../db/schema/index.js';

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
  tags: string[];
  likes_count: number;
  comments_count: number;
  created_at: Date;
  updated_at: Date;
  last_activity_at: Date;
  pinned_at: Date | null;
  locked_at: Date | null;
  /** Published comments by others after the viewer's read position; null when never opened. */
  unread_count: number | null;
  is_new: boolean;
  author_username: string;
  author_full_name: string | null;
  author_avatar_url: string | null;
  author_deleted: boolean;
  blocked_by_viewer: boolean;
  liked: boolean;
}

export interface PostDetailRow extends PostSummaryRow {
  full_content: string;
  moderation_reason: string | null;
  /** The first comment by someone else, visible to all, the viewer has not read (null: none, never opened, or a guest). */
  first_unread_comment_id: string | null;
  /** How the viewer follows the topic itself (null: as its category says, or a guest). */
  watch_level: string | null;
  /** The viewer keeps the topic itself among their bookmarks. */
  bookmarked: boolean;
}

export interface CommentRow {
  id: string;
  post_id: string;
  author_id: string;
  content: string;
  status: string;
  reply_to_id: string | null;
  reply_to_username: string | null;
  thread_id: string | null;
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

/**
 * A comment of a topic's page, read by its compiled statement (topicCommentRow): timestamps are ISO
 * text already, as they only go out as JSON.
 */
export type TopicCommentRow = Omit<CommentRow, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
  /** The viewer keeps this comment among their bookmarks. */
  bookmarked: boolean;
};

/** Who views: a member's id, a compiled statement's placeholder for it, or nobody (a guest). */
type Viewer = string | Placeholder | null;

/** True when the viewer blocked the row's author (the joined profile). */
function blockedByViewer(viewerId: Viewer): SQL<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  return sql<boolean>`(${profiles.id} = any(coalesce((select v.blocked_users from profiles v where v.id = ${viewerId}), '{}'::uuid[])))`;
}

const authorColumns = (viewerId: Viewer) => ({
  author_username: profiles.username,
  author_full_name: profiles.full_name,
  author_avatar_url: profiles.avatar_url,
  author_deleted: sql<boolean>`(${profiles.deleted_at} is not null)`,
  blocked_by_viewer: blockedByViewer(viewerId),
});

/** The viewer's read position in the post's topic (null: never opened, or a guest). */
function readUpTo(viewerId: string): SQL<Date | null> {
  return sql<Date | null>`(select fr.read_up_to from forum_reads fr where fr.post_id = ${posts.id} and fr.user_id = ${viewerId})`;
}

/** Unread comments and whether the topic is new to the viewer (never opened, recent, not theirs). */
function readingColumns(viewerId: string | null) {
  if (!viewerId) {
    return { unread_count: sql<number | null>`null::int`, is_new: sql<boolean>`false` };
  }
  const upTo = readUpTo(viewerId);
  return {
    unread_count: sql<
      number | null
    >`(select case when fr.read_up_to is null then null else (select count(*)::int from post_comments uc where uc.post_id = ${posts.id} and uc.status = 'published' and uc.author_id <> ${viewerId} and uc.created_at > fr.read_up_to) end from (select ${upTo} as read_up_to) fr)`,
    is_new: sql<boolean>`(${posts.author_id} <> ${viewerId} and ${posts.created_at} > now() - make_interval(days => ${sql.raw(String(FORUM_LIMITS.newTopicDays))}) and ${upTo} is null)`,
  };
}

/** The columns of a post summary (joined with its author's profile), as the viewer sees it. */
export function summaryColumns(viewerId: string | null) {
  return {
    id: posts.id,
    title: posts.title,
    content: sql<string>`left(${posts.content}, ${sql.raw(String(EXCERPT_SOURCE_CHARS))})`,
    category: posts.category,
    status: posts.status,
    author_id: posts.author_id,
    images: posts.images,
    tags: posts.tags,
    likes_count: posts.likes_count,
    comments_count: posts.comments_count,
    created_at: posts.created_at,
    updated_at: posts.updated_at,
    last_activity_at: posts.last_activity_at,
    pinned_at: posts.pinned_at,
    locked_at: posts.locked_at,
    ...readingColumns(viewerId),
    ...authorColumns(viewerId),
    liked: viewerId
      ? sql<boolean>`exists(select 1 from post_likes pl where pl.post_id = ${posts.id} and pl.user_id = ${viewerId})`
      : sql<boolean>`false`,
  };
}

/**
 * What a topic's page shows of the viewer's own, read with the topic: where they stopped reading,
 * how they follow it and whether they keep it (the comments they keep come with the comments).
 */
export function topicViewerColumns(viewerId: string | null) {
  if (!viewerId) {
    return {
      first_unread_comment_id: sql<string | null>`null::text`,
      watch_level: sql<string | null>`null::text`,
      bookmarked: sql<boolean>`false`,
    };
  }
  return {
    first_unread_comment_id: sql<string | null>`(select c.id::text from post_comments c
      join forum_reads fr on fr.post_id = c.post_id and fr.user_id = ${viewerId}
      where c.post_id = ${posts.id} and c.status = 'published' and c.author_id <> ${viewerId}
        and c.created_at > fr.read_up_to
      order by c.created_at, c.id limit 1)`,
    watch_level: sql<
      string | null
    >`(select w.level from forum_watches w where w.user_id = ${viewerId} and w.target_type = 'post' and w.target = ${posts.id}::text)`,
    bookmarked: sql<boolean>`exists(select 1 from forum_bookmarks b where b.user_id = ${viewerId} and b.post_id = ${posts.id} and b.comment_id is null)`,
  };
}

/** The columns of a comment (joined with its author's profile), as the viewer sees it. */
export function commentColumns(viewerId: Viewer) {
  return {
    id: postComments.id,
    post_id: postComments.post_id,
    author_id: postComments.author_id,
    content: postComments.content,
    status: postComments.status,
    reply_to_id: postComments.reply_to_id,
    reply_to_username: sql<
      string | null
    >`(select rp.username from post_comments rc join profiles rp on rp.id = rc.author_id where rc.id = ${postComments.reply_to_id})`,
    thread_id: postComments.thread_id,
    likes_count: postComments.likes_count,
    created_at: postComments.created_at,
    updated_at: postComments.updated_at,
    ...authorColumns(viewerId),
    liked: viewerId
      ? sql<boolean>`exists(select 1 from comment_likes cl where cl.comment_id = ${postComments.id} and cl.user_id = ${viewerId})`
      : sql<boolean>`false`,
  };
}

/**
 * The columns of a topic page's comment: commentColumns, and whether the viewer bookmarked it. The
 * viewer's bookmarks in the topic are read once for the page (`postId`), not once a row.
 */
export function topicCommentColumns(viewerId: Viewer, postId: Placeholder | string) {
  return {
    ...commentColumns(viewerId),
    bookmarked: viewerId
      ? sql<boolean>`(${postComments.id} = any(array(select b.comment_id from forum_bookmarks b where b.user_id = ${viewerId} and b.post_id = ${postId} and b.comment_id is not null)))`
      : sql<boolean>`false`,
  };
}

/** The index of each topic comment column in a compiled statement's rows (arrays in select order). */
const commentAt = Object.fromEntries(
  Object.keys(topicCommentColumns(null, '')).map((name, index) => [name, index]),
) as Record<keyof ReturnType<typeof topicCommentColumns>, number>;

/** A row of topicCommentColumns read as an array, timestamps as the database's text (queryRows). */
export function topicCommentRow(v: unknown[]): TopicCommentRow {
  return {
    id: v[commentAt.id] as string,
    post_id: v[commentAt.post_id] as string,
    author_id: v[commentAt.author_id] as string,
    content: v[commentAt.content] as string,
    status: v[commentAt.status] as string,
    reply_to_id: v[commentAt.reply_to_id] as string | null,
    reply_to_username: v[commentAt.reply_to_username] as string | null,
    thread_id: v[commentAt.thread_id] as string | null,
    likes_count: v[commentAt.likes_count] as number,
    created_at: timestampText(v[commentAt.created_at]),
    updated_at: timestampText(v[commentAt.updated_at]),
    author_username: v[commentAt.author_username] as string,
    author_full_name: v[commentAt.author_full_name] as string | null,
    author_avatar_url: v[commentAt.author_avatar_url] as string | null,
    author_deleted: Boolean(v[commentAt.author_deleted]),
    blocked_by_viewer: Boolean(v[commentAt.blocked_by_viewer]),
    liked: Boolean(v[commentAt.liked]),
    bookmarked: Boolean(v[commentAt.bookmarked]),
  };
}

export const published = eq(posts.status, 'published');
