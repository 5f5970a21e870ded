import { eq, sql, type SQL } from 'drizzle-orm';
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

/** The columns of a comment (joined with its author's profile), as the viewer sees it. */
export function commentColumns(viewerId: string | null) {
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

export const published = eq(posts.status, 'published');
