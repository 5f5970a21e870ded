import type { CommentDto, ForumAuthorDto, PostDto, PostListDto, PostSummaryDto } from '@castline/shared';
import {
  CommentDto as CommentSchema,
  ForumAuthorDto as ForumAuthorSchema,
  PostDto as PostSchema,
  PostSummaryDto as PostSummarySchema,
} from '@castline/shared';
import { parseMarkdown } from '@castline/shared/markdown';
import { member } from '../../../test/fixtures';

/*
 * Test data for the forum (tests only), parsed with the shared schemas so it stays in step with them.
 * A post's or comment's `content_tree` is its content parsed, as the server sends it.
 */

let counter = 0;

function nextId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

export function buildAuthor(overrides: Partial<ForumAuthorDto> = {}): ForumAuthorDto {
  return ForumAuthorSchema.parse({
    id: 'u_2',
    username: 'pike_hunter',
    full_name: 'Pia Hunter',
    avatar_url: null,
    deleted: false,
    blocked_by_viewer: false,
    ...overrides,
  });
}

/** The signed-in member of the default test session as an author. */
export const memberAuthor: ForumAuthorDto = buildAuthor({
  id: member.id,
  username: member.username,
  full_name: member.full_name,
});

export function buildPostSummary(overrides: Partial<PostSummaryDto> = {}): PostSummaryDto {
  const author = overrides.author ?? buildAuthor();
  return PostSummarySchema.parse({
    id: nextId('p'),
    title: 'Best leader for clear water?',
    excerpt: 'Fluorocarbon or mono for spooky trout in gin-clear streams?',
    category: 'Gear Talk',
    status: 'published',
    author_id: author.id,
    author,
    images: [],
    tags: [],
    likes_count: 3,
    comments_count: 2,
    liked: false,
    created_at: '2025-05-01T10:00:00.000Z',
    updated_at: '2025-05-01T10:00:00.000Z',
    last_activity_at: '2025-05-01T10:00:00.000Z',
    pinned: false,
    locked: false,
    unread_count: null,
    is_new: false,
    ...overrides,
  });
}

export function buildComment(overrides: Partial<CommentDto> = {}): CommentDto {
  const author = overrides.author ?? buildAuthor({ id: 'u_3', username: 'trout_tess', full_name: null });
  const content = overrides.content ?? 'Fluoro, 6 lb, every time.';
  return CommentSchema.parse({
    id: nextId('c'),
    post_id: 'p_1',
    author_id: author.id,
    author,
    content,
    content_tree: parseMarkdown(content),
    reply_to: null,
    thread_id: null,
    likes_count: 0,
    liked: false,
    created_at: '2025-05-01T11:00:00.000Z',
    updated_at: '2025-05-01T11:00:00.000Z',
    can_delete: false,
    bookmarked: false,
    ...overrides,
  });
}

export function buildPost(overrides: Partial<PostDto> = {}): PostDto {
  const summary = buildPostSummary(overrides);
  const content = overrides.content ?? 'Fluoro or **mono**?';
  return PostSchema.parse({
    ...summary,
    content,
    content_tree: parseMarkdown(content),
    moderation_reason: null,
    mentioned_members: [],
    comments: [],
    comments_next: null,
    first_unread_comment_id: null,
    can_edit: false,
    can_delete: false,
    can_moderate: false,
    bookmarked: false,
    watch_level: 'normal',
    ...overrides,
  });
}

export function postList(items: PostSummaryDto[], overrides: Partial<PostListDto> = {}): PostListDto {
  return { items, total: items.length, page: 1, pageSize: 20, ...overrides };
}

/** The sidebar's answers when a test does not care about them. */
export const quietSidebar = {
  'GET /api/forum/categories': { body: { items: [] } },
  'GET /api/forum/trending': { body: { items: [] } },
  'GET /api/forum/top-contributors': { body: { items: [] } },
};
