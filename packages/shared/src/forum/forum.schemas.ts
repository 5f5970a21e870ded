import { z } from 'zod';
import { MemberSummaryDto } from '../profiles/members.schemas.js';
import {
  FORUM_CATEGORIES,
  FORUM_LIMITS,
  FORUM_MESSAGES,
  FORUM_IMAGE_URL,
  FORUM_SORTS,
  FORUM_TOP_PERIODS,
  FORUM_VIEWS,
  FORUM_WATCH_LEVELS,
  POST_STATUSES,
} from './forum-constants.js';
import { TagQueryParam, TagsField } from '../tags/tag-fields.schemas.js';

export const PostStatus = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof PostStatus>;

/** A post's or comment's author; `deleted` accounts show as "deleted member". */
export const ForumAuthorDto = MemberSummaryDto.extend({
  deleted: z.boolean(),
  /** The viewer blocked this member: the web collapses their posts and comments. */
  blocked_by_viewer: z.boolean(),
});
export type ForumAuthorDto = z.infer<typeof ForumAuthorDto>;

export const PostSummaryDto = z.object({
  id: z.string(),
  title: z.string(),
  /** The content as plain text (Markdown removed), at most 200 characters. */
  excerpt: z.string(),
  category: z.string(),
  status: PostStatus,
  author_id: z.string(),
  author: ForumAuthorDto,
  images: z.array(z.string()),
  /** Species and technique tags (slugs), in the reference order. */
  tags: z.array(z.string()),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  /** The viewer's own like (false for guests). */
  liked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The post's or its newest comment's time. */
  last_activity_at: z.string(),
  /** Staff pinned it to the top of its category. */
  pinned: z.boolean(),
  /** Staff locked it: it takes no new comments. */
  locked: z.boolean(),
  /** Comments the viewer has not read since they last opened it; null when never opened (or a guest). */
  unread_count: z.number().int().nullable(),
  /** Posted in the last FORUM_LIMITS.newTopicDays days by someone else, and never opened by the viewer. */
  is_new: z.boolean(),
});
export type PostSummaryDto = z.infer<typeof PostSummaryDto>;

/** The comment a reply answers, as the reply shows it ("in reply to @name"). */
/**
 * One node of a post's or comment's Markdown syntax tree (mdast, https://github.com/syntax-tree/mdast),
 * as `parseMarkdown` (markdown-tree.ts) makes it: the fields a page draws, without positions; a
 * field that is null or false in mdast is left out.
 */
export const MarkdownNodeDto = z
  .object({
    type: z.string(),
    value: z.string().optional(),
    depth: z.number().int().optional(),
    ordered: z.boolean().optional(),
    start: z.number().int().optional(),
    spread: z.boolean().optional(),
    checked: z.boolean().optional(),
    lang: z.string().optional(),
    url: z.string().optional(),
    title: z.string().optional(),
    alt: z.string().optional(),
    identifier: z.string().optional(),
    referenceType: z.string().optional(),
    align: z.array(z.enum(['left', 'right', 'center']).nullable()).optional(),
    get children(): z.ZodOptional<z.ZodArray<typeof MarkdownNodeDto>> {
      return z.array(MarkdownNodeDto).optional();
    },
  })
  // Named, so that OpenAPI describes the recursion once (components.schemas.MarkdownNode).
  .meta({ id: 'MarkdownNode' });
export type MarkdownNodeDto = z.infer<typeof MarkdownNodeDto>;

export const ReplyToDto = z.object({ id: z.string(), author_username: z.string() });
export type ReplyToDto = z.infer<typeof ReplyToDto>;

export const CommentDto = z.object({
  id: z.string(),
  post_id: z.string(),
  author_id: z.string(),
  author: ForumAuthorDto,
  /** The Markdown source, exactly as written (trimmed). */
  content: z.string(),
  /** `content` parsed: the tree the page draws (its root). */
  content_tree: MarkdownNodeDto,
  /** The comment this one answers; null for a comment on the topic itself. */
  reply_to: ReplyToDto.nullable(),
  /** The top-level comment whose thread this reply shows under (one level deep); null for top-level. */
  thread_id: z.string().nullable(),
  likes_count: z.number().int(),
  liked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The viewer wrote it or moderates content. */
  can_delete: z.boolean(),
  /** The viewer bookmarked it (false for guests). */
  bookmarked: z.boolean(),
});
export type CommentDto = z.infer<typeof CommentDto>;

/** A member an @mention on the page names: the web links `@username` to their profile. */
export const MentionedMemberDto = z.object({ id: z.string(), username: z.string() });
export type MentionedMemberDto = z.infer<typeof MentionedMemberDto>;

export const PostDto = PostSummaryDto.extend({
  /** The Markdown source, exactly as written (trimmed). */
  content: z.string(),
  /** `content` parsed: the tree the page draws (its root). */
  content_tree: MarkdownNodeDto,
  /** The members the post's and its comments' @mentions name (existing accounts only). */
  mentioned_members: z.array(MentionedMemberDto),
  /** Why moderation hid or flagged the post; only its author and staff see it. */
  moderation_reason: z.string().nullable(),
  /** The first FORUM_LIMITS.commentsPage comments, oldest first. */
  comments: z.array(CommentDto),
  /** Where the next comments start (GET …/comments?after=), or null when `comments` holds them all. */
  comments_next: z.string().nullable(),
  /** The first comment the viewer had not read when the page was asked for (null: none, or a guest). */
  first_unread_comment_id: z.string().nullable(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  /** The viewer may pin and lock it (forum staff). */
  can_moderate: z.boolean(),
  /** The viewer bookmarked the topic (false for guests). */
  bookmarked: z.boolean(),
  /** How the viewer follows the topic ('normal' for guests). */
  watch_level: z.enum(FORUM_WATCH_LEVELS),
});
export type PostDto = z.infer<typeof PostDto>;

/** GET /api/forum/posts/:id/comments: the topic's comments after one already shown. */
export const CommentsPageQuery = z.object({
  after: z.uuid({ error: FORUM_MESSAGES.commentsPageGone }),
});
export type CommentsPageQuery = z.infer<typeof CommentsPageQuery>;
export const CommentPageDto = z.object({
  items: z.array(CommentDto),
  /** Where the next comments start, or null after the last. */
  next: z.string().nullable(),
  /** The members these comments' @mentions name. */
  mentioned_members: z.array(MentionedMemberDto),
});
export type CommentPageDto = z.infer<typeof CommentPageDto>;

export const PostListDto = z.object({
  items: z.array(PostSummaryDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PostListDto = z.infer<typeof PostListDto>;

const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * GET /api/forum/posts: newest first by default (`sort` latest or top, top over `period`); `view`
 * new or unread for the caller's own views; `q` is a full-text search, `author_id` a profile's posts.
 */
export const ListPostsQuery = z.object({
  category: optionalFilter(FORUM_LIMITS.categoryMax),
  q: optionalFilter(FORUM_LIMITS.searchMax),
  author_id: z.uuid().optional(),
  /** Only topics with this tag. */
  tag: TagQueryParam.optional(),
  sort: z.enum(FORUM_SORTS).default('new'),
  period: z.enum(FORUM_TOP_PERIODS).default('month'),
  view: z.enum(FORUM_VIEWS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(FORUM_LIMITS.pageSizeMax).default(FORUM_LIMITS.pageSize),
});
export type ListPostsQuery = z.input<typeof ListPostsQuery>;

const TitleField = z
  .string({ error: FORUM_MESSAGES.titleRequired })
  .trim()
  .min(1, FORUM_MESSAGES.titleRequired)
  .max(FORUM_LIMITS.titleMax, FORUM_MESSAGES.titleTooLong);

/** One of the categories; a missing or empty one is "required", anything else "not one of them". */
const CategoryField = z.enum(FORUM_CATEGORIES, {
  error: (issue) =>
    issue.input === undefined ||
    issue.input === null ||
    (typeof issue.input === 'string' && !issue.input.trim())
      ? FORUM_MESSAGES.categoryRequired
      : FORUM_MESSAGES.categoryInvalid,
});

const ContentField = z
  .string({ error: FORUM_MESSAGES.contentRequired })
  .trim()
  .min(1, FORUM_MESSAGES.contentRequired)
  .max(FORUM_LIMITS.contentMax, FORUM_MESSAGES.contentTooLong);

const ImagesField = z
  .array(
    z
      .string({ error: FORUM_MESSAGES.imageUrlInvalid })
      .regex(FORUM_IMAGE_URL, FORUM_MESSAGES.imageUrlInvalid),
    {
      error: FORUM_MESSAGES.imageUrlInvalid,
    },
  )
  .max(FORUM_LIMITS.imagesMax, FORUM_MESSAGES.tooManyImages)
  .transform((images) => [...new Set(images)]);

/** POST /api/forum/posts. */
export const CreatePostBody = z.object({
  title: TitleField,
  category: CategoryField,
  content: ContentField,
  images: ImagesField.default([]),
  tags: TagsField.optional(),
});
export type CreatePostBody = z.input<typeof CreatePostBody>;

/** PATCH /api/forum/posts/:id: the fields to change; `status` only for moderators. */
export const UpdatePostBody = z
  .object({
    title: TitleField.optional(),
    category: CategoryField.optional(),
    content: ContentField.optional(),
    images: ImagesField.optional(),
    tags: TagsField.optional(),
    status: PostStatus.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: FORUM_MESSAGES.nothingToUpdate,
  });
export type UpdatePostBody = z.input<typeof UpdatePostBody>;

/**
 * POST /api/forum/posts/:id/comments. `reply_to_id` answers one of the post's comments; a quote is
 * Markdown in `content` (see forum-quotes.ts) and tells the quoted author.
 */
export const CreateCommentBody = z.object({
  content: z
    .string({ error: FORUM_MESSAGES.commentRequired })
    .trim()
    .min(1, FORUM_MESSAGES.commentRequired)
    .max(FORUM_LIMITS.commentMax, FORUM_MESSAGES.commentTooLong),
  reply_to_id: z.uuid({ error: FORUM_MESSAGES.replyTargetGone }).optional(),
});
export type CreateCommentBody = z.input<typeof CreateCommentBody>;

export const PostIdParams = z.object({ id: z.uuid({ error: FORUM_MESSAGES.postNotFound }) });
export type PostIdParams = z.infer<typeof PostIdParams>;

export const CommentIdParams = z.object({ id: z.uuid({ error: FORUM_MESSAGES.commentNotFound }) });
export type CommentIdParams = z.infer<typeof CommentIdParams>;

/** PUT /api/forum/posts/:id/read: the caller has read the topic up to this comment (or the post itself). */
export const MarkTopicReadBody = z
  .object({ comment_id: z.uuid({ error: FORUM_MESSAGES.commentNotFound }).optional() })
  .strict();
export type MarkTopicReadBody = z.infer<typeof MarkTopicReadBody>;

/** POST /api/forum/posts/:id/pin (forum staff). */
export const PinPostBody = z.object({ pinned: z.boolean() }).strict();
export type PinPostBody = z.infer<typeof PinPostBody>;

/** POST /api/forum/posts/:id/lock (forum staff). */
export const LockPostBody = z.object({ locked: z.boolean() }).strict();
export type LockPostBody = z.infer<typeof LockPostBody>;

const WatchLevelField = z.enum(FORUM_WATCH_LEVELS);

/** PUT /api/forum/posts/:id/watch. */
export const WatchTopicBody = z.object({ level: WatchLevelField }).strict();
export type WatchTopicBody = z.infer<typeof WatchTopicBody>;

/** PUT /api/forum/categories/watch: a category's name (one of the forum's) and the level. */
export const WatchCategoryBody = z
  .object({
    category: z.enum(FORUM_CATEGORIES, { error: FORUM_MESSAGES.categoryInvalid }),
    level: WatchLevelField,
  })
  .strict();
export type WatchCategoryBody = z.infer<typeof WatchCategoryBody>;

export const WatchLevelDto = z.object({ level: WatchLevelField });
export type WatchLevelDto = z.infer<typeof WatchLevelDto>;

/** GET /api/me/forum-watches: the categories the caller watches or muted. */
export const ForumWatchesDto = z.object({
  categories: z.array(z.object({ category: z.string(), level: WatchLevelField })),
});
export type ForumWatchesDto = z.infer<typeof ForumWatchesDto>;

/** POST /api/forum/posts/:id/bookmark and /api/forum/comments/:id/bookmark: the new state. */
export const BookmarkResultDto = z.object({ bookmarked: z.boolean() });
export type BookmarkResultDto = z.infer<typeof BookmarkResultDto>;

/** One of the caller's bookmarks: a topic, or a comment in it. */
export const ForumBookmarkDto = z.object({
  id: z.string(),
  created_at: z.string(),
  post: z.object({ id: z.string(), title: z.string(), category: z.string() }),
  comment: z.object({ id: z.string(), excerpt: z.string(), author_username: z.string() }).nullable(),
});
export type ForumBookmarkDto = z.infer<typeof ForumBookmarkDto>;

/** GET /api/me/bookmarks: newest first, 20 a page. */
export const BookmarksQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type BookmarksQuery = z.input<typeof BookmarksQuery>;
export const ForumBookmarkListDto = z.object({
  items: z.array(ForumBookmarkDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ForumBookmarkListDto = z.infer<typeof ForumBookmarkListDto>;

/** DELETE /api/forum/comments/:id. */
export const CommentDeletedDto = z.object({ message: z.string() });
export type CommentDeletedDto = z.infer<typeof CommentDeletedDto>;

/** GET /api/forum/categories: the categories posts use, with their number of public posts. */
export const ForumCategoryDto = z.object({ category: z.string(), count: z.number().int() });
export type ForumCategoryDto = z.infer<typeof ForumCategoryDto>;
export const ForumCategoriesDto = z.object({ items: z.array(ForumCategoryDto) });
export type ForumCategoriesDto = z.infer<typeof ForumCategoriesDto>;

/** Spec 001 §3 Top contributor. */
export const TopContributorDto = z.object({
  id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  posts_count: z.number().int(),
  comments_count: z.number().int(),
  total_likes: z.number().int(),
});
export type TopContributorDto = z.infer<typeof TopContributorDto>;
export const TopContributorsDto = z.object({ items: z.array(TopContributorDto) });
export type TopContributorsDto = z.infer<typeof TopContributorsDto>;

/** GET /api/forum/trending: the 10 most liked public posts. */
export const TrendingPostsDto = z.object({ items: z.array(PostSummaryDto) });
export type TrendingPostsDto = z.infer<typeof TrendingPostsDto>;

/** GET /api/admin/forum/posts (forum.manage): every post whatever its status, newest first. */
export const AdminForumPostsQuery = z.object({
  status: PostStatus.optional(),
  q: optionalFilter(FORUM_LIMITS.searchMax),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(FORUM_LIMITS.pageSizeMax).default(10),
});
export type AdminForumPostsQuery = z.input<typeof AdminForumPostsQuery>;

export const AdminForumPostDto = PostSummaryDto.extend({
  moderation_reason: z.string().nullable(),
});
export type AdminForumPostDto = z.infer<typeof AdminForumPostDto>;

export const AdminForumPostListDto = z.object({
  items: z.array(AdminForumPostDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminForumPostListDto = z.infer<typeof AdminForumPostListDto>;

/** GET /api/admin/forum/comments (forum.manage): the newest comments on any post, any status. */
export const AdminForumCommentsQuery = z.object({
  post_id: z.uuid({ error: FORUM_MESSAGES.postNotFound }).optional(),
  q: optionalFilter(FORUM_LIMITS.searchMax),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(FORUM_LIMITS.pageSizeMax).default(10),
});
export type AdminForumCommentsQuery = z.input<typeof AdminForumCommentsQuery>;

export const AdminForumCommentDto = z.object({
  id: z.string(),
  post_id: z.string(),
  post_title: z.string(),
  author: ForumAuthorDto,
  content: z.string(),
  status: PostStatus,
  likes_count: z.number().int(),
  created_at: z.string(),
});
export type AdminForumCommentDto = z.infer<typeof AdminForumCommentDto>;

export const AdminForumCommentListDto = z.object({
  items: z.array(AdminForumCommentDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminForumCommentListDto = z.infer<typeof AdminForumCommentListDto>;
