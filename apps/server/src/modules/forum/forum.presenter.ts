import type {
  ForumWatchLevel,
  AdminForumCommentDto,
  AdminForumPostDto,
  CommentDto,
  ForumAuthorDto,
  PostDto,
  PostStatus,
  PostSummaryDto,
} from '@castline/shared';
import { FORUM_LIMITS, POST_STATUSES } from '@castline/shared';
import type { AdminCommentRow, AdminPostRow } from './forum-admin.repository.js';
import type { CommentRow, PostDetailRow, PostSummaryRow, TopicCommentRow } from './forum-rows.js';
import { contentTree } from './forum.markdown.js';

/**
 * The content as plain text for lists: Markdown syntax removed roughly (headings, emphasis,
 * links, images, code fences, quotes, list markers), whitespace collapsed, at most 200 characters.
 * It is never HTML: the web shows it as text.
 */
export function excerptOf(markdown: string, max: number = FORUM_LIMITS.excerptMax): string {
  const text = markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s{0,3}\[[^\]]+\]:\s*\S+.*$/gm, ' ')
    .replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}(?:[-*_]\s*){3,}$/gm, ' ')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/gm, '')
    .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?!\w)/g, '$1$2')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

function status(value: string): PostStatus {
  return (POST_STATUSES as readonly string[]).includes(value) ? (value as PostStatus) : 'hidden';
}

interface AuthorColumns {
  author_id: string;
  author_username: string;
  author_full_name: string | null;
  author_avatar_url: string | null;
  author_deleted: boolean;
  blocked_by_viewer: boolean;
}

/** A deleted account keeps its content but shows no name, picture or link details. */
function presentAuthor(row: AuthorColumns): ForumAuthorDto {
  const deleted = Boolean(row.author_deleted);
  return {
    id: row.author_id,
    username: row.author_username,
    full_name: deleted ? null : row.author_full_name,
    avatar_url: deleted ? null : row.author_avatar_url,
    deleted,
    blocked_by_viewer: Boolean(row.blocked_by_viewer),
  };
}

export function presentPostSummary(row: PostSummaryRow): PostSummaryDto {
  return {
    id: row.id,
    title: row.title,
    excerpt: excerptOf(row.content),
    category: row.category,
    status: status(row.status),
    author_id: row.author_id,
    author: presentAuthor(row),
    images: row.images,
    tags: row.tags,
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    liked: Boolean(row.liked),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_activity_at: row.last_activity_at.toISOString(),
    pinned: row.pinned_at !== null,
    locked: row.locked_at !== null,
    unread_count: row.unread_count === null ? null : Number(row.unread_count),
    is_new: Boolean(row.is_new),
  };
}

/** ISO text of a row's timestamp (a topic page's comments carry it as text already). */
const isoText = (value: Date | string): string => (typeof value === 'string' ? value : value.toISOString());

export function presentComment(
  row: CommentRow | TopicCommentRow,
  canDelete: boolean,
  bookmarked = false,
): CommentDto {
  return {
    id: row.id,
    post_id: row.post_id,
    author_id: row.author_id,
    author: presentAuthor(row),
    content: row.content,
    content_tree: contentTree(row.content),
    reply_to:
      row.reply_to_id && row.reply_to_username
        ? { id: row.reply_to_id, author_username: row.reply_to_username }
        : null,
    thread_id: row.thread_id,
    likes_count: row.likes_count,
    liked: Boolean(row.liked),
    created_at: isoText(row.created_at),
    updated_at: isoText(row.updated_at),
    can_delete: canDelete,
    bookmarked,
  };
}

export function presentAdminPost(row: AdminPostRow): AdminForumPostDto {
  return { ...presentPostSummary(row), moderation_reason: row.moderation_reason };
}

export function presentAdminComment(row: AdminCommentRow): AdminForumCommentDto {
  return {
    id: row.id,
    post_id: row.post_id,
    post_title: row.post_title,
    author: presentAuthor(row),
    content: row.content,
    status: status(row.status),
    likes_count: row.likes_count,
    created_at: row.created_at.toISOString(),
  };
}

export interface PostPermissions {
  canEdit: boolean;
  canDelete: boolean;
  /** Moderation details (the reason) are shown to the author and staff only. */
  seesModeration: boolean;
  canDeleteComment: (comment: { author_id: string }) => boolean;
  canModerate: boolean;
}

/** What the viewer keeps and follows of the topic. */
export interface TopicFollowing {
  bookmarked: boolean;
  watchLevel: ForumWatchLevel;
}

export function presentPost(
  row: PostDetailRow,
  comments: TopicCommentRow[],
  mentioned: { id: string; username: string }[],
  firstUnreadCommentId: string | null,
  permissions: PostPermissions,
  following: TopicFollowing,
  commentsNext: string | null = null,
): PostDto {
  return {
    ...presentPostSummary(row),
    content: row.full_content,
    content_tree: contentTree(row.full_content),
    mentioned_members: mentioned,
    first_unread_comment_id: firstUnreadCommentId,
    can_moderate: permissions.canModerate,
    moderation_reason: permissions.seesModeration ? row.moderation_reason : null,
    comments: comments.map((comment) =>
      presentComment(comment, permissions.canDeleteComment(comment), comment.bookmarked),
    ),
    comments_next: commentsNext,
    bookmarked: following.bookmarked,
    watch_level: following.watchLevel,
    can_edit: permissions.canEdit,
    can_delete: permissions.canDelete,
  };
}
