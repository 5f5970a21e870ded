import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminForumCommentListDto,
  AdminForumCommentsQuery,
  AdminForumPostListDto,
  AdminForumPostsQuery,
  ApiErrorDto,
  CommentDeletedDto,
  CommentDto,
  CommentPageDto,
  CommentsPageQuery,
  CommentIdParams,
  CreateCommentBody,
  CreatePostBody,
  FORUM_LIMITS,
  FORUM_MESSAGES as M,
  ForumCategoriesDto,
  BookmarkResultDto,
  BookmarksQuery,
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
  PostIdParams,
  PostListDto,
  ReplyDraftDto,
  SaveReplyDraftBody,
  SaveTopicDraftBody,
  ToggleResultDto,
  TopicDraftDto,
  TopContributorsDto,
  TrendingPostsDto,
  UpdatePostBody,
} from '@castline/shared';
import { requireActor } from '../../http/auth-hooks.js';
import { assertValidId, bodyReader, sendNoContent, validated } from '../../http/route-helpers.js';
import { schemaSerializer } from '../../http/schema-serializer.js';
import type { ForumService } from './forum.service.js';

const errors = {
  400: ApiErrorDto,
  401: ApiErrorDto,
  403: ApiErrorDto,
  404: ApiErrorDto,
  429: ApiErrorDto,
  500: ApiErrorDto,
};
const tags = ['forum'];

// A malformed id names no post or comment: 404, like an unknown one. On routes guests may call,
// a guest is first told to sign in (the service answers the spec's text), so the id is checked
// only for members there.
const membersOnly = { onlyForMembers: true };

export function registerForumRoutes(app: FastifyInstance, forum: ForumService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/forum/posts', {
    config: { auth: 'optional' },
    schema: {
      tags,
      summary:
        'Public posts, newest first (20 a page with the exact total); filter by category or author, search with q',
      querystring: ListPostsQuery,
      response: { 200: PostListDto, ...errors },
    },
    // A hot read: its presenter builds exactly the DTO (decision 0014).
    serializerCompiler: schemaSerializer,
    handler: async (request) => forum.list(request.query, request.activeSession?.userId ?? null),
  });

  // Forum administration: every post and comment whatever its status. Input is checked once the
  // guard has run, so 401 and 403 come before 400.
  r.get('/api/admin/forum/posts', {
    config: { auth: 'admin', permissions: ['forum.manage'] },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Forum administration: every post (any status), newest first; filter by status, search with q',
      querystring: AdminForumPostsQuery,
      response: { 200: AdminForumPostListDto, ...errors },
    },
    handler: async (request, reply) => {
      const { query } = validated(request);
      void reply.header('cache-control', 'no-store');
      return forum.adminPosts(query, requireActor(request));
    },
  });

  r.get('/api/admin/forum/comments', {
    config: { auth: 'admin', permissions: ['forum.manage'] },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Forum administration: the newest comments on any post (any status); filter by post, search with q',
      querystring: AdminForumCommentsQuery,
      response: { 200: AdminForumCommentListDto, ...errors },
    },
    handler: async (request, reply) => {
      const { query } = validated(request);
      void reply.header('cache-control', 'no-store');
      return forum.adminComments(query);
    },
  });

  r.get('/api/forum/trending', {
    config: { auth: 'optional' },
    schema: {
      tags,
      summary: `Trending: the ${FORUM_LIMITS.trending} most liked public posts`,
      response: { 200: TrendingPostsDto, ...errors },
    },
    handler: async (request) => forum.trending(request.activeSession?.userId ?? null),
  });

  r.get('/api/forum/categories', {
    schema: {
      tags,
      summary: 'get_distinct_categories: the categories public posts use, with their number of posts',
      response: { 200: ForumCategoriesDto, ...errors },
    },
    handler: async () => forum.categories(),
  });

  r.get('/api/forum/top-contributors', {
    schema: {
      tags,
      summary: `The ${FORUM_LIMITS.topContributors} members with the most posts (then likes received and comments)`,
      response: { 200: TopContributorsDto, ...errors },
    },
    handler: async (_request, reply) => {
      void reply.header('cache-control', `public, max-age=${FORUM_LIMITS.topContributorsStaleMs / 1000}`);
      return forum.topContributors();
    },
  });

  r.get('/api/forum/posts/:id', {
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'One post with its comments; hidden and flagged posts only for their author and content moderators',
      params: PostIdParams,
      response: { 200: PostDto, ...errors },
    },
    // A topic's page with all its comments (hundreds): its presenter builds exactly the DTO
    // (decision 0014), so the answer is not checked again on the way out.
    serializerCompiler: schemaSerializer,
    handler: async (request) => {
      assertValidId(request, M.postNotFound);
      return forum.detail(request.params.id, request.actor);
    },
  });

  r.post('/api/forum/posts', {
    // Guests are told the spec's own text, so the session is checked by the service.
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Create a post (Markdown content, up to 10 forum images); @mentions notify members',
      body: CreatePostBody,
      response: { 201: PostDto, ...errors },
    },
    handler: async (request, reply) => {
      const created = await forum.create(request.actor, bodyReader(request, M.postNotFound, membersOnly));
      return reply.status(201).send(created);
    },
  });

  r.patch('/api/forum/posts/:id', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Edit a post (its author, or a content moderator; only moderators change its status)',
      params: PostIdParams,
      body: UpdatePostBody,
      response: { 200: PostDto, ...errors },
    },
    handler: async (request) =>
      forum.update(
        request.params.id,
        requireActor(request),
        bodyReader(request, M.postNotFound, membersOnly),
      ),
  });

  r.delete('/api/forum/posts/:id', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Delete a post with its comments and likes (its author, or a content moderator)',
      params: PostIdParams,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
    handler: async (request, reply) => {
      assertValidId(request, M.postNotFound);
      await forum.remove(request.params.id, requireActor(request));
      return sendNoContent(reply);
    },
  });

  r.get('/api/forum/posts/:id/comments', {
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: `A topic's comments after one already shown, oldest first, ${FORUM_LIMITS.commentsPage} at a time (the topic's answer holds the first ones and names where the next start)`,
      params: PostIdParams,
      querystring: CommentsPageQuery,
      response: { 200: CommentPageDto, ...errors },
    },
    serializerCompiler: schemaSerializer,
    handler: async (request) => {
      assertValidId(request, M.postNotFound);
      const { query } = validated(request);
      return forum.commentPage(request.params.id, request.actor, query.after);
    },
  });

  r.post('/api/forum/posts/:id/comments', {
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Comment on a post; @mentions notify members',
      params: PostIdParams,
      body: CreateCommentBody,
      response: { 201: CommentDto, ...errors },
    },
    handler: async (request, reply) => {
      const created = await forum.addComment(
        request.params.id,
        request.actor,
        bodyReader(request, M.postNotFound, membersOnly),
      );
      return reply.status(201).send(created);
    },
  });

  r.put('/api/forum/posts/:id/read', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Record that the caller has read the topic up to this comment (or its post); the read position only moves forward',
      params: PostIdParams,
      body: MarkTopicReadBody,
      response: { 204: z.null().describe('Recorded'), ...errors },
    },
    handler: async (request, reply) => {
      await forum.markRead(request.params.id, requireActor(request), bodyReader(request, M.postNotFound));
      return sendNoContent(reply);
    },
  });

  r.post('/api/forum/posts/:id/bookmark', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: "Bookmark a topic, or take the caller's bookmark away; answers the new state",
      params: PostIdParams,
      response: { 200: BookmarkResultDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, M.postNotFound);
      return forum.bookmarkPost(request.params.id, requireActor(request));
    },
  });

  r.post('/api/forum/comments/:id/bookmark', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: "Bookmark a comment, or take the caller's bookmark away; answers the new state",
      params: CommentIdParams,
      response: { 200: BookmarkResultDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, M.commentNotFound);
      return forum.bookmarkComment(request.params.id, requireActor(request));
    },
  });

  r.get('/api/me/bookmarks', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: "The caller's bookmarked topics and comments (still public), newest first, 20 a page",
      querystring: BookmarksQuery,
      response: { 200: ForumBookmarkListDto, ...errors },
    },
    handler: async (request, reply) => {
      const { query } = validated(request);
      void reply.header('cache-control', 'no-store');
      return forum.bookmarks(requireActor(request), query.page);
    },
  });

  // Drafts: the composer keeps what is being written on the server, per member and place.
  r.get('/api/forum/drafts/new-topic', {
    config: { auth: 'required', actor: true },
    schema: {
      tags,
      summary: "The caller's draft of a new topic (draft: null when there is none)",
      response: { 200: TopicDraftDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return forum.topicDraft(requireActor(request));
    },
  });

  r.put('/api/forum/drafts/new-topic', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Keep the new topic being written (any field may still be empty); saving an empty one discards it',
      body: SaveTopicDraftBody,
      response: { 200: TopicDraftDto, ...errors },
    },
    handler: async (request) => forum.saveTopicDraft(requireActor(request), bodyReader(request)),
  });

  r.delete('/api/forum/drafts/new-topic', {
    config: { auth: 'required', actor: true },
    schema: {
      tags,
      summary: "Discard the caller's draft of a new topic (publishing the topic also does)",
      response: { 204: z.null().describe('Discarded'), ...errors },
    },
    handler: async (request, reply) => {
      await forum.deleteTopicDraft(requireActor(request));
      return sendNoContent(reply);
    },
  });

  r.get('/api/forum/posts/:id/draft', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: "The caller's reply draft in a topic (draft: null when there is none)",
      params: PostIdParams,
      response: { 200: ReplyDraftDto, ...errors },
    },
    handler: async (request, reply) => {
      assertValidId(request, M.postNotFound);
      void reply.header('cache-control', 'no-store');
      return forum.replyDraft(request.params.id, requireActor(request));
    },
  });

  r.put('/api/forum/posts/:id/draft', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Keep the reply being written in a topic (and the comment it answers); saving an empty one discards it',
      params: PostIdParams,
      body: SaveReplyDraftBody,
      response: { 200: ReplyDraftDto, ...errors },
    },
    handler: async (request) =>
      forum.saveReplyDraft(request.params.id, requireActor(request), bodyReader(request, M.postNotFound)),
  });

  r.delete('/api/forum/posts/:id/draft', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: "Discard the caller's reply draft in a topic (posting the reply also does)",
      params: PostIdParams,
      response: { 204: z.null().describe('Discarded'), ...errors },
    },
    handler: async (request, reply) => {
      assertValidId(request, M.postNotFound);
      await forum.deleteReplyDraft(request.params.id, requireActor(request));
      return sendNoContent(reply);
    },
  });

  r.put('/api/forum/posts/:id/watch', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Follow a topic: watching (told of every new comment), normal, or muted (left out of the lists)',
      params: PostIdParams,
      body: WatchTopicBody,
      response: { 200: WatchLevelDto, ...errors },
    },
    handler: async (request) =>
      forum.watchTopic(request.params.id, requireActor(request), bodyReader(request, M.postNotFound)),
  });

  r.put('/api/forum/categories/watch', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: "Follow a whole category: watching, normal or muted (muted topics leave the caller's lists)",
      body: WatchCategoryBody,
      response: { 200: WatchLevelDto, ...errors },
    },
    handler: async (request) => {
      const { body } = validated(request);
      return forum.watchCategory(requireActor(request), body);
    },
  });

  r.get('/api/me/forum-watches', {
    config: { auth: 'required', actor: true },
    schema: {
      tags,
      summary: 'The forum categories the caller watches or muted',
      response: { 200: ForumWatchesDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return forum.forumWatches(requireActor(request));
    },
  });

  r.post('/api/forum/posts/:id/pin', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Pin a topic to the top of its category, or unpin it (forum moderators)',
      params: PostIdParams,
      body: PinPostBody,
      response: { 200: PostDto, ...errors },
    },
    handler: async (request) => {
      return forum.setPinned(request.params.id, requireActor(request), bodyReader(request, M.postNotFound));
    },
  });

  r.post('/api/forum/posts/:id/lock', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Lock a topic against new comments, or open it again (forum moderators)',
      params: PostIdParams,
      body: LockPostBody,
      response: { 200: PostDto, ...errors },
    },
    handler: async (request) => {
      return forum.setLocked(request.params.id, requireActor(request), bodyReader(request, M.postNotFound));
    },
  });

  r.delete('/api/forum/comments/:id', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Delete a comment (its author, or a content moderator)',
      params: CommentIdParams,
      response: { 200: CommentDeletedDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, M.commentNotFound);
      return forum.deleteComment(request.params.id, requireActor(request));
    },
  });

  r.post('/api/forum/posts/:id/like', {
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: "Toggle the caller's like of a post; answers the new state and count",
      params: PostIdParams,
      response: { 200: ToggleResultDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, M.postNotFound, membersOnly);
      return forum.likePost(request.params.id, request.actor);
    },
  });

  r.post('/api/forum/comments/:id/like', {
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: "Toggle the caller's like of a comment; answers the new state and count",
      params: CommentIdParams,
      response: { 200: ToggleResultDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, M.commentNotFound, membersOnly);
      return forum.likeComment(request.params.id, request.actor);
    },
  });
}
