import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  AdminForumCommentListDto,
  AdminForumCommentsQuery,
  AdminForumPostListDto,
  AdminForumPostsQuery,
  CommentDeletedDto,
  CommentDto,
  CommentPageDto,
  CreateCommentBody,
  CreatePostBody,
  ForumWatchLevel,
  ForumCategoriesDto,
  BookmarkResultDto,
  ForumBookmarkListDto,
  ForumWatchesDto,
  ListPostsQuery,
  LockPostBody,
  WatchCategoryBody,
  WatchLevelDto,
  WatchTopicBody,
  MarkTopicReadBody,
  PinPostBody,
  PostDto,
  PostListDto,
  RateLimitRule,
  ReplyDraftDto,
  ReplyDraftFields,
  TopicDraftDto,
  TopicDraftFields,
  ToggleResultDto,
  TopContributorsDto,
  TrendingPostsDto,
  UpdatePostBody,
} from '@castline/shared';
import {
  FORUM_LIMITS,
  FORUM_MESSAGES as M,
  SaveReplyDraftBody,
  SaveTopicDraftBody,
  canManageForumContent,
  canCommentOnTopic,
  canModerateForum,
  canPinOrLockTopic,
  canSeeForumContent,
  isBannedMember,
} from '@castline/shared';
import type { Actor } from '../../http/access-policy.js';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
} from '../../http/errors.js';
import type { BodyReader } from '../../http/route-helpers.js';
import type { AfterCommit } from '../../platform/events/domain-events.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { AuditEntry } from '../audit/index.js';
import type { ServerEvents } from '../../domain-events.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { extractMentions, newMentions } from './forum.mentions.js';
import {
  excerptOf,
  presentAdminComment,
  presentAdminPost,
  presentComment,
  presentPost,
  presentPostSummary,
} from './forum.presenter.js';
import type { PostChanges, PostState } from './forum-posts.repository.js';
import type { ForumRepository } from './forum.repository.js';

export type ListPostsParams = z.output<typeof ListPostsQuery>;
export type AdminPostsParams = z.output<typeof AdminForumPostsQuery>;
export type AdminCommentsParams = z.output<typeof AdminForumCommentsQuery>;
export type CreatePostFields = z.output<typeof CreatePostBody>;
export type UpdatePostFields = z.output<typeof UpdatePostBody>;
export type CreateCommentFields = z.output<typeof CreateCommentBody>;

export type ForumWriteKind = 'post' | 'comment';

/** The rate-limit key of a member's posts or comments (tests reset it). */
export function forumRateKey(kind: ForumWriteKind, userId: string): string {
  return `forum:${kind}:${userId}`;
}

/** The posting limit of a member: tighter while the account is younger than a day. */
export function forumRateRule(
  kind: ForumWriteKind,
  accountCreatedAt: string,
  now = Date.now(),
): RateLimitRule {
  const limits = FORUM_LIMITS.rateLimits;
  const young = now - Date.parse(accountCreatedAt) < limits.newAccountMs;
  if (kind === 'post') return young ? limits.newAccountPost : limits.post;
  return young ? limits.newAccountComment : limits.comment;
}

export interface ForumServiceDeps {
  repository: ForumRepository;
  logger: FastifyBaseLogger;
  rateLimiter: RateLimiter;
  /** Pushes mention notifications and content-change events once a write has committed. */
  realtime?: RealtimePublisher | undefined;
  /** Where the service says what happened (`post.created`, `post.edited`, `comment.created`). */
  events: ServerEvents;
}

type ContentEntity = 'post' | 'comment' | 'like';

/**
 * The audit entry of a staff member acting on someone else's post or comment (members managing
 * their own content are not audited).
 */
function staffAudit(
  actor: Actor,
  authorId: string,
  entry: Omit<AuditEntry, 'actorId'>,
): AuditEntry | undefined {
  if (actor.id === authorId) return undefined;
  return { actorId: actor.id, ...entry };
}

/** The values a post held before `changes`, for the fields the change touches that its state carries. */
function previousValues(state: PostState, changes: PostChanges): Record<string, unknown> {
  const before: Record<string, unknown> = {};
  for (const key of ['title', 'content', 'status'] as const) {
    if (changes[key] !== undefined) before[key] = state[key];
  }
  return before;
}

export function createForumService({ repository, logger, rateLimiter, realtime, events }: ForumServiceDeps) {
  /** After commit: mention notifications, then the content-change event for open lists and pages. */
  async function publish(
    entity: ContentEntity,
    postId: string,
    userId: string,
    published?: AfterCommit,
  ): Promise<void> {
    await published?.();
    if (!realtime) return;
    try {
      realtime.toEveryone({ type: 'content.changed', entity, post_id: postId, user_id: userId });
    } catch (error) {
      // The change is committed; clients catch up on their next fetch.
      logger.warn({ err: error }, 'publishing forum changes failed');
    }
  }

  /** Runs a read or write; an unexpected failure answers the spec's text for it (logged). */
  async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.error({ err: error }, message);
      throw new AppError('INTERNAL', message);
    }
  }

  function assertNotBanned(actor: Actor): void {
    if (isBannedMember(actor)) throw new ForbiddenError(M.banned);
  }

  async function throttle(kind: ForumWriteKind, actor: Actor): Promise<void> {
    const result = await rateLimiter.consume(
      forumRateKey(kind, actor.id),
      forumRateRule(kind, actor.created_at),
    );
    if (!result.allowed) {
      const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
      throw new RateLimitedError(M.rateLimited(seconds), seconds);
    }
  }

  async function visiblePost(id: string, actor: Actor | null): Promise<PostState> {
    const state = await repository.postState(id);
    if (!state || !canSeeForumContent(actor, state)) throw new NotFoundError(M.postNotFound);
    return state;
  }

  async function detail(id: string, actor: Actor | null): Promise<PostDto> {
    const viewerId = actor?.id ?? null;
    const staff = canModerateForum(actor);
    // The post (with the member's own state in it) and its first comments side by side (on
    // PostgreSQL, each on a connection of the pool); the comments of a post the viewer may not see
    // are dropped.
    const pageSize = FORUM_LIMITS.commentsPage;
    const [row, fetched] = await Promise.all([
      repository.findPost(id, viewerId),
      repository.comments(id, viewerId, staff, { after: null, limit: pageSize }),
    ]);
    const comments = fetched.slice(0, pageSize);
    const commentsNext = fetched.length > pageSize ? (comments.at(-1)?.id ?? null) : null;
    if (!row || !canSeeForumContent(actor, row)) throw new NotFoundError(M.postNotFound);
    const names = new Set(
      [row.full_content, ...comments.map((comment) => comment.content)].flatMap((text) =>
        extractMentions(text),
      ),
    );
    const mentioned = await repository.membersNamed([...names]);
    const following = {
      bookmarked: row.bookmarked,
      watchLevel: (row.watch_level as ForumWatchLevel | null) ?? 'normal',
    };
    const manage = canManageForumContent(actor, { author_id: row.author_id });
    return presentPost(
      row,
      comments,
      mentioned,
      row.first_unread_comment_id,
      {
        canModerate: canPinOrLockTopic(actor),
        canEdit: manage,
        canDelete: manage,
        seesModeration: staff || actor?.id === row.author_id,
        canDeleteComment: (comment: { author_id: string }) =>
          canManageForumContent(actor, { author_id: comment.author_id }),
      },
      following,
      commentsNext,
    );
  }

  /** The topic's comments after one already shown, a page at a time (the topic holds the first). */
  async function commentPage(postId: string, actor: Actor | null, after: string): Promise<CommentPageDto> {
    const viewerId = actor?.id ?? null;
    const staff = canModerateForum(actor);
    const pageSize = FORUM_LIMITS.commentsPage;
    // The topic's state and the page side by side; the page of a topic the viewer may not see
    // is dropped.
    const [state, fetched] = await Promise.all([
      repository.commentPageState(postId, after),
      repository.comments(postId, viewerId, staff, { after, limit: pageSize }),
    ]);
    if (!state || !canSeeForumContent(actor, state)) throw new NotFoundError(M.postNotFound);
    if (!state.cursor_holds) throw new NotFoundError(M.commentsPageGone);
    const rows = fetched.slice(0, pageSize);
    const mentioned = await repository.membersNamed([
      ...new Set(rows.flatMap((comment) => extractMentions(comment.content))),
    ]);
    return {
      items: rows.map((comment) =>
        presentComment(
          comment,
          canManageForumContent(actor, { author_id: comment.author_id }),
          comment.bookmarked,
        ),
      ),
      next: fetched.length > pageSize ? (rows.at(-1)?.id ?? null) : null,
      mentioned_members: mentioned,
    };
  }

  return {
    /** Forum administration: every post whatever its status (the route checks forum.manage). */
    async adminPosts(query: AdminPostsParams, actor: Actor): Promise<AdminForumPostListDto> {
      return orFail(M.fetchForumPostsFailed, async () => {
        const { rows, total } = await repository.adminPosts({
          viewerId: actor.id,
          status: query.status ?? null,
          q: query.q ?? null,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        });
        return { items: rows.map(presentAdminPost), total, page: query.page, pageSize: query.pageSize };
      });
    },

    /** Forum administration: the newest comments on any post (the route checks forum.manage). */
    async adminComments(query: AdminCommentsParams): Promise<AdminForumCommentListDto> {
      return orFail(M.fetchForumPostsFailed, async () => {
        const { rows, total } = await repository.adminComments({
          postId: query.post_id ?? null,
          q: query.q ?? null,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        });
        return { items: rows.map(presentAdminComment), total, page: query.page, pageSize: query.pageSize };
      });
    },

    async list(query: ListPostsParams, viewerId: string | null): Promise<PostListDto> {
      if (query.view !== 'all' && !viewerId) throw new UnauthenticatedError(M.signInForYourViews);
      return orFail(M.fetchForumPostsFailed, async () => {
        const { rows, total } = await repository.list({
          viewerId,
          category: query.category ?? null,
          q: query.q ?? null,
          authorId: query.author_id ?? null,
          tag: query.tag ?? null,
          sort: query.sort,
          period: query.period,
          view: query.view,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        });
        return { items: rows.map(presentPostSummary), total, page: query.page, pageSize: query.pageSize };
      });
    },

    async trending(viewerId: string | null): Promise<TrendingPostsDto> {
      return orFail(M.fetchForumPostsFailed, async () => ({
        items: (await repository.trending(viewerId, FORUM_LIMITS.trending)).map(presentPostSummary),
      }));
    },

    async categories(): Promise<ForumCategoriesDto> {
      return orFail(M.fetchCategoriesFailed, async () => ({ items: await repository.categories() }));
    },

    async topContributors(): Promise<TopContributorsDto> {
      return { items: await repository.topContributors(FORUM_LIMITS.topContributors) };
    },

    detail,

    async create(actor: Actor | null, readBody: BodyReader<CreatePostFields>): Promise<PostDto> {
      if (!actor) throw new UnauthenticatedError(M.loginToCreatePost);
      assertNotBanned(actor);
      const fields = readBody();
      await throttle('post', actor);
      const { id, published } = await repository.createPost(
        { id: actor.id, username: actor.username },
        fields,
        extractMentions(fields.content),
      );
      await events.committed('post.created', { postId: id, title: fields.title, content: fields.content });
      await publish('post', id, actor.id, published);
      return detail(id, actor);
    },

    async update(id: string, actor: Actor, readBody: BodyReader<UpdatePostFields>): Promise<PostDto> {
      const state = await visiblePost(id, actor);
      assertNotBanned(actor);
      if (!canManageForumContent(actor, { author_id: state.author_id }))
        throw new ForbiddenError(M.notYourPost);
      const body = readBody();
      if (body.status !== undefined && body.status !== state.status && !canModerateForum(actor)) {
        throw new ForbiddenError(M.statusChangeForbidden);
      }
      const changes: PostChanges = {};
      if (body.title !== undefined) changes.title = body.title;
      if (body.category !== undefined) changes.category = body.category;
      if (body.content !== undefined) changes.content = body.content;
      if (body.images !== undefined) changes.images = body.images;
      if (body.tags !== undefined) changes.tags = body.tags;
      if (body.status !== undefined) changes.status = body.status;
      const mentions = body.content === undefined ? [] : newMentions(state.content, body.content);
      const statusChanged = changes.status !== undefined && changes.status !== state.status;
      const audit = staffAudit(actor, state.author_id, {
        action: statusChanged
          ? `forum.post.${changes.status === 'published' ? 'publish' : changes.status}`
          : 'forum.post.edit',
        entityType: 'forum_post',
        entityId: id,
        severity: statusChanged && changes.status !== 'published' ? 'medium' : 'low',
        oldData: previousValues(state, changes),
        newData: { ...changes },
      });
      const effects = await orFail(M.updatePostFailed, () =>
        repository.updatePost(id, changes, { id: actor.id, username: actor.username }, mentions, audit),
      );
      if (!effects) throw new NotFoundError(M.postNotFound);
      if (body.title !== undefined || body.content !== undefined) {
        await events.committed('post.edited', {
          postId: id,
          title: body.title ?? state.title,
          content: body.content ?? state.content,
        });
      }
      await publish('post', id, actor.id, effects.published);
      return detail(id, actor);
    },

    async remove(id: string, actor: Actor): Promise<void> {
      const state = await visiblePost(id, actor);
      assertNotBanned(actor);
      if (!canManageForumContent(actor, { author_id: state.author_id }))
        throw new ForbiddenError(M.notYourPost);
      const audit = staffAudit(actor, state.author_id, {
        action: 'forum.post.delete',
        entityType: 'forum_post',
        entityId: id,
        severity: 'high',
        oldData: { title: state.title, author_id: state.author_id, status: state.status },
      });
      if (!(await repository.deletePost(id, audit))) throw new NotFoundError(M.postNotFound);
      await publish('post', id, actor.id);
    },

    async addComment(
      postId: string,
      actor: Actor | null,
      readBody: BodyReader<CreateCommentFields>,
    ): Promise<CommentDto> {
      if (!actor) throw new UnauthenticatedError(M.loginToComment);
      const topic = await visiblePost(postId, actor);
      assertNotBanned(actor);
      if (!canCommentOnTopic(actor, topic)) throw new ForbiddenError(M.topicLocked);
      const { content, reply_to_id: replyToId } = readBody();
      await throttle('comment', actor);
      const created = await repository.addComment({
        postId,
        author: { id: actor.id, username: actor.username },
        content,
        ...(replyToId ? { replyToId } : {}),
        mentions: extractMentions(content),
      });
      if (created === 'post_gone') throw new NotFoundError(M.postNotFound);
      if (created === 'reply_gone') throw new NotFoundError(M.replyTargetGone);
      await events.committed('comment.created', { commentId: created.id, postId, content });
      await publish('comment', postId, actor.id, created.published);
      const row = await repository.findComment(created.id, actor.id);
      if (!row) throw new NotFoundError(M.commentNotFound);
      return presentComment(row, canManageForumContent(actor, { author_id: row.author_id }));
    },

    /** Bookmarks the topic, or takes the bookmark away. */
    async bookmarkPost(postId: string, actor: Actor): Promise<BookmarkResultDto> {
      await visiblePost(postId, actor);
      return { bookmarked: await repository.toggleBookmark(actor.id, postId, null) };
    },

    /** Bookmarks a comment the member can see, or takes the bookmark away. */
    async bookmarkComment(commentId: string, actor: Actor): Promise<BookmarkResultDto> {
      const state = await repository.commentState(commentId);
      if (
        !state ||
        !canSeeForumContent(actor, { status: state.post_status, author_id: state.post_author_id }) ||
        !canSeeForumContent(actor, state)
      ) {
        throw new NotFoundError(M.commentNotFound);
      }
      return { bookmarked: await repository.toggleBookmark(actor.id, state.post_id, commentId) };
    },

    /** The member's bookmarks, newest first, 20 a page. */
    async bookmarks(actor: Actor, page: number): Promise<ForumBookmarkListDto> {
      const pageSize = FORUM_LIMITS.pageSize;
      const { rows, total } = await repository.bookmarks(actor.id, pageSize, (page - 1) * pageSize);
      return {
        items: rows.map((row) => ({
          id: row.id,
          created_at: row.created_at.toISOString(),
          post: { id: row.post_id, title: row.post_title, category: row.post_category },
          comment:
            row.comment_id && row.comment_content !== null
              ? {
                  id: row.comment_id,
                  excerpt: excerptOf(row.comment_content),
                  author_username: row.comment_author ?? '',
                }
              : null,
        })),
        total,
        page,
        pageSize,
      };
    },

    /** Watching (every new comment), normal, or muted (left out of the lists) for one topic. */
    async watchTopic(
      postId: string,
      actor: Actor,
      readBody: BodyReader<WatchTopicBody>,
    ): Promise<WatchLevelDto> {
      await visiblePost(postId, actor);
      const { level } = readBody();
      await repository.watchTopic(actor.id, postId, level);
      return { level };
    },

    /** The same for a whole category. */
    async watchCategory(actor: Actor, body: WatchCategoryBody): Promise<WatchLevelDto> {
      await repository.watchCategory(actor.id, body.category, body.level);
      return { level: body.level };
    },

    async forumWatches(actor: Actor): Promise<ForumWatchesDto> {
      return { categories: await repository.categoryWatches(actor.id) };
    },

    /** The caller's draft of a new topic (null: none). */
    commentPage,

    async topicDraft(actor: Actor): Promise<TopicDraftDto> {
      const row = await repository.findDraft(actor.id, null);
      const fields = row ? SaveTopicDraftBody.safeParse(row.data) : null;
      return {
        draft: row && fields?.success ? { ...fields.data, updated_at: row.updated_at.toISOString() } : null,
      };
    },

    /** Keeps the new topic being written; an empty composer leaves no draft. */
    async saveTopicDraft(actor: Actor, readBody: BodyReader<TopicDraftFields>): Promise<TopicDraftDto> {
      assertNotBanned(actor);
      const fields = readBody();
      const empty =
        !fields.title.trim() &&
        !fields.category &&
        !fields.content.trim() &&
        !fields.images.length &&
        !fields.tags.length;
      if (empty) {
        await repository.deleteDraft(actor.id, null);
        return { draft: null };
      }
      const savedAt = await repository.saveDraft(actor.id, null, fields);
      return { draft: { ...fields, updated_at: savedAt.toISOString() } };
    },

    async deleteTopicDraft(actor: Actor): Promise<void> {
      await repository.deleteDraft(actor.id, null);
    },

    /** The caller's reply draft in a topic they can see (null: none). */
    async replyDraft(postId: string, actor: Actor): Promise<ReplyDraftDto> {
      await visiblePost(postId, actor);
      const row = await repository.findDraft(actor.id, postId);
      const fields = row ? SaveReplyDraftBody.safeParse(row.data) : null;
      return {
        draft: row && fields?.success ? { ...fields.data, updated_at: row.updated_at.toISOString() } : null,
      };
    },

    /**
     * Keeps the reply being written in a topic the caller may comment on (so not a locked one),
     * with the comment it answers, which must be one of the topic's that the caller can see.
     */
    async saveReplyDraft(
      postId: string,
      actor: Actor,
      readBody: BodyReader<ReplyDraftFields>,
    ): Promise<ReplyDraftDto> {
      const topic = await visiblePost(postId, actor);
      assertNotBanned(actor);
      if (!canCommentOnTopic(actor, topic)) throw new ForbiddenError(M.topicLocked);
      const fields = readBody();
      if (fields.reply_to_id) {
        const target = await repository.commentState(fields.reply_to_id);
        if (!target || target.post_id !== postId || !canSeeForumContent(actor, target)) {
          throw new NotFoundError(M.draftReplyGone);
        }
      }
      if (!fields.content.trim() && !fields.reply_to_id) {
        await repository.deleteDraft(actor.id, postId);
        return { draft: null };
      }
      const savedAt = await repository.saveDraft(actor.id, postId, fields);
      return { draft: { ...fields, updated_at: savedAt.toISOString() } };
    },

    async deleteReplyDraft(postId: string, actor: Actor): Promise<void> {
      await visiblePost(postId, actor);
      await repository.deleteDraft(actor.id, postId);
    },

    /** The member has read the topic up to this comment (or the post): its unread count goes down. */
    async markRead(postId: string, actor: Actor, readBody: BodyReader<MarkTopicReadBody>): Promise<void> {
      await visiblePost(postId, actor);
      const commentId = readBody().comment_id ?? null;
      if (!(await repository.markRead(postId, actor.id, commentId)))
        throw new NotFoundError(M.commentNotFound);
    },

    /** Forum staff pin a topic to the top of its category, or unpin it. */
    async setPinned(postId: string, actor: Actor, readBody: BodyReader<PinPostBody>): Promise<PostDto> {
      const state = await visiblePost(postId, actor);
      if (!canPinOrLockTopic(actor)) throw new ForbiddenError(M.pinOrLockForbidden);
      const { pinned } = readBody();
      const audit: AuditEntry = {
        actorId: actor.id,
        action: pinned ? 'forum.post.pin' : 'forum.post.unpin',
        entityType: 'forum_post',
        entityId: postId,
        severity: 'low',
        oldData: { pinned: state.pinned },
      };
      if (!(await repository.setPinned(postId, pinned, audit))) throw new NotFoundError(M.postNotFound);
      await publish('post', postId, actor.id);
      return detail(postId, actor);
    },

    /** Forum staff lock a topic against new comments, or open it again. */
    async setLocked(postId: string, actor: Actor, readBody: BodyReader<LockPostBody>): Promise<PostDto> {
      const state = await visiblePost(postId, actor);
      if (!canPinOrLockTopic(actor)) throw new ForbiddenError(M.pinOrLockForbidden);
      const { locked } = readBody();
      const audit: AuditEntry = {
        actorId: actor.id,
        action: locked ? 'forum.post.lock' : 'forum.post.unlock',
        entityType: 'forum_post',
        entityId: postId,
        severity: 'low',
        oldData: { locked: state.locked },
      };
      if (!(await repository.setLocked(postId, locked, audit))) throw new NotFoundError(M.postNotFound);
      await publish('post', postId, actor.id);
      return detail(postId, actor);
    },

    async deleteComment(id: string, actor: Actor): Promise<CommentDeletedDto> {
      const state = await repository.commentState(id);
      if (
        !state ||
        !canSeeForumContent(actor, { status: state.post_status, author_id: state.post_author_id }) ||
        !canSeeForumContent(actor, state)
      ) {
        throw new NotFoundError(M.commentNotFound);
      }
      assertNotBanned(actor);
      if (!canManageForumContent(actor, { author_id: state.author_id }))
        throw new ForbiddenError(M.notYourComment);
      const audit = staffAudit(actor, state.author_id, {
        action: 'forum.comment.delete',
        entityType: 'forum_comment',
        entityId: id,
        severity: 'medium',
        oldData: { post_id: state.post_id, author_id: state.author_id, content: state.content },
      });
      const deleted = await orFail(M.deleteCommentFailed, () => repository.deleteComment(id, audit));
      if (!deleted) throw new NotFoundError(M.commentNotFound);
      await publish('comment', state.post_id, actor.id);
      return { message: M.commentDeleted };
    },

    async likePost(id: string, actor: Actor | null): Promise<ToggleResultDto> {
      if (!actor) throw new UnauthenticatedError(M.loginToLikePost);
      await visiblePost(id, actor);
      assertNotBanned(actor);
      const result = await repository.togglePostLike(id, actor.id);
      if (!result) throw new NotFoundError(M.postNotFound);
      await publish('like', id, actor.id);
      return result;
    },

    async likeComment(id: string, actor: Actor | null): Promise<ToggleResultDto> {
      if (!actor) throw new UnauthenticatedError(M.loginToLikeComment);
      const state = await repository.commentState(id);
      if (
        !state ||
        !canSeeForumContent(actor, { status: state.post_status, author_id: state.post_author_id }) ||
        !canSeeForumContent(actor, state)
      ) {
        throw new NotFoundError(M.commentNotFound);
      }
      assertNotBanned(actor);
      const result = await repository.toggleCommentLike(id, actor.id);
      if (!result) throw new NotFoundError(M.commentNotFound);
      await publish('like', state.post_id, actor.id);
      return result;
    },
  };
}

export type ForumService = ReturnType<typeof createForumService>;
