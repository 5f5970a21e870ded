import type {
  BookmarkResultDto,
  ForumBookmarkListDto,
  ForumWatchesDto,
  ForumWatchLevel,
  WatchLevelDto,
  CommentDeletedDto,
  CommentDto,
  CommentDto as CommentDtoType,
  CommentPageDto,
  CreateCommentBody,
  CreatePostBody,
  MentionedMemberDto,
  PostDto,
  PostDto as PostDtoType,
  ToggleResultDto,
  UpdatePostBody,
} from '@castline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forumKeys } from './forum-keys';

const postPath = (postId: string, suffix = '') => `/api/forum/posts/${encodeURIComponent(postId)}${suffix}`;
const commentPath = (commentId: string, suffix = '') =>
  `/api/forum/comments/${encodeURIComponent(commentId)}${suffix}`;

/** Members named by mentions, each once. */
function unionMembers(a: MentionedMemberDto[], b: MentionedMemberDto[]): MentionedMemberDto[] {
  const byId = new Map([...a, ...b].map((member) => [member.id, member]));
  return [...byId.values()];
}

/**
 * A topic with every comment: its answer holds the first page of comments, and the rest follow
 * a page at a time (GET …/comments?after=), so no single answer grows with a long thread. The
 * cached topic holds them all (comments_next null), as its threads, quotes and jumps need.
 */
export async function fetchWholeTopic(postId: string, signal?: AbortSignal): Promise<PostDto> {
  const post = await api.get<PostDto>(postPath(postId), signal);
  let { comments, mentioned_members: mentioned } = post;
  let next = post.comments_next;
  while (next) {
    const page = await api.get<CommentPageDto>(
      `${postPath(postId, '/comments')}?after=${encodeURIComponent(next)}`,
      signal,
    );
    comments = [...comments, ...page.items];
    mentioned = unionMembers(mentioned, page.mentioned_members);
    next = page.next;
  }
  return { ...post, comments, mentioned_members: mentioned, comments_next: null };
}

/**
 * A topic a write answered with (an edit, a pin or a lock) replaces the cached one; when its
 * answer holds only the first page of comments, the comments already loaded are kept.
 */
function cacheTopic(queryClient: QueryClient, postId: string, post: PostDtoType): void {
  const previous = queryClient.getQueryData<PostDtoType>(forumKeys.detail(postId));
  queryClient.setQueryData<PostDtoType>(
    forumKeys.detail(postId),
    post.comments_next !== null && previous
      ? {
          ...post,
          comments: previous.comments,
          mentioned_members: unionMembers(post.mentioned_members, previous.mentioned_members),
          comments_next: previous.comments_next,
        }
      : post,
  );
}

/** GET /api/forum/posts/:id: the post with its Markdown, comments and what the viewer may do. */
export function usePost(postId: string) {
  return useQuery({
    queryKey: forumKeys.detail(postId),
    queryFn: ({ signal }) => fetchWholeTopic(postId, signal),
    enabled: postId !== '',
  });
}

/** Lists, trending, categories and contributors fetch again; the post pages are left alone. */
export function invalidateForumLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: forumKeys.lists }),
    queryClient.invalidateQueries({ queryKey: forumKeys.categories }),
    queryClient.invalidateQueries({ queryKey: forumKeys.trending }),
    queryClient.invalidateQueries({ queryKey: forumKeys.topContributors }),
  ]);
}

function updatePost(
  queryClient: QueryClient,
  postId: string,
  change: (post: PostDtoType) => PostDtoType,
): PostDtoType | undefined {
  const previous = queryClient.getQueryData<PostDtoType>(forumKeys.detail(postId));
  if (previous) queryClient.setQueryData<PostDtoType>(forumKeys.detail(postId), change(previous));
  return previous;
}

/** POST /api/forum/posts: the new post is cached for its page at once. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostBody) => api.post<PostDto>('/api/forum/posts', body),
    onSuccess: (post) => {
      queryClient.setQueryData(forumKeys.detail(post.id), post);
      void invalidateForumLists(queryClient);
    },
  });
}

/** PATCH /api/forum/posts/:id: the author's (or a moderator's) changes. */
export function useUpdatePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePostBody) => api.patch<PostDto>(postPath(postId), body),
    onSuccess: (post) => {
      cacheTopic(queryClient, postId, post);
      void invalidateForumLists(queryClient);
    },
  });
}

/**
 * DELETE /api/forum/posts/:id (204). The lists are marked stale without fetching now; the caller
 * leaves the page and then drops the post with `forgetPost`.
 */
export function useDeletePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(postPath(postId)),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: forumKeys.all,
        predicate: (query) => query.queryKey[2] !== 'detail',
        refetchType: 'none',
      }),
  });
}

export function forgetPost(queryClient: QueryClient, postId: string): void {
  queryClient.removeQueries({ queryKey: forumKeys.detail(postId), exact: true });
}

interface Snapshot {
  previous: PostDtoType | undefined;
}

/** A like moved to `active`, its count following (never below 0) unless the server gave it. */
function liked<T extends { liked: boolean; likes_count: number }>(
  item: T,
  active: boolean,
  count?: number,
): T {
  const moved = item.liked === active ? item.likes_count : item.likes_count + (active ? 1 : -1);
  return { ...item, liked: active, likes_count: Math.max(0, count ?? moved) };
}

/**
 * POST /api/forum/posts/:id/like: the heart changes at once; a failure puts it back and the
 * server's answer (the new state and exact count) is kept on success.
 */
export function useTogglePostLike(postId: string) {
  const queryClient = useQueryClient();
  const key = forumKeys.detail(postId);
  return useMutation<ToggleResultDto, Error, void, Snapshot>({
    mutationFn: () => api.post<ToggleResultDto>(postPath(postId, '/like')),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      return { previous: updatePost(queryClient, postId, (post) => liked(post, !post.liked)) };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (result) => {
      updatePost(queryClient, postId, (post) => liked(post, result.active, result.count));
      void invalidateForumLists(queryClient);
    },
  });
}

function withComment(
  post: PostDtoType,
  commentId: string,
  change: (comment: CommentDtoType) => CommentDtoType,
): PostDtoType {
  return {
    ...post,
    comments: post.comments.map((comment) => (comment.id === commentId ? change(comment) : comment)),
  };
}

/** POST /api/forum/comments/:id/like, answered at once like the post's like. */
export function useToggleCommentLike(postId: string) {
  const queryClient = useQueryClient();
  const key = forumKeys.detail(postId);
  return useMutation<ToggleResultDto, Error, string, Snapshot>({
    mutationFn: (commentId) => api.post<ToggleResultDto>(commentPath(commentId, '/like')),
    onMutate: async (commentId) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      return {
        previous: updatePost(queryClient, postId, (post) =>
          withComment(post, commentId, (comment) => liked(comment, !comment.liked)),
        ),
      };
    },
    onError: (_error, _commentId, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (result, commentId) => {
      updatePost(queryClient, postId, (post) =>
        withComment(post, commentId, (comment) => liked(comment, result.active, result.count)),
      );
    },
  });
}

/** POST /api/forum/posts/:id/comments: the comment joins the end of the thread. */
export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentBody) => api.post<CommentDto>(postPath(postId, '/comments'), body),
    onSuccess: (comment) => {
      updatePost(queryClient, postId, (post) =>
        post.comments.some((existing) => existing.id === comment.id)
          ? post
          : { ...post, comments: [...post.comments, comment], comments_count: post.comments_count + 1 },
      );
      void invalidateForumLists(queryClient);
    },
  });
}

/** DELETE /api/forum/comments/:id: the author's own, or any for staff. */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => api.delete<CommentDeletedDto>(commentPath(commentId)),
    onSuccess: (_result, commentId) => {
      updatePost(queryClient, postId, (post) =>
        post.comments.some((comment) => comment.id === commentId)
          ? {
              ...post,
              comments: post.comments.filter((comment) => comment.id !== commentId),
              comments_count: Math.max(0, post.comments_count - 1),
            }
          : post,
      );
      void invalidateForumLists(queryClient);
    },
  });
}

/**
 * PUT /api/forum/posts/:id/read: the member has read the topic up to this comment (or its post).
 * The lists' unread counts and "new" marks fetch again.
 */
export function useMarkTopicRead(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string | null) =>
      api.put<null>(postPath(postId, '/read'), commentId ? { comment_id: commentId } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.lists }),
  });
}

/** POST /api/forum/posts/:id/pin or /lock (forum staff): the answer is the post as it now is. */
export function useModerateTopic(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { pinned: boolean } | { locked: boolean }) =>
      api.post<PostDto>(postPath(postId, 'pinned' in change ? '/pin' : '/lock'), change),
    onSuccess: (post) => {
      cacheTopic(queryClient, postId, post);
      void invalidateForumLists(queryClient);
    },
  });
}

/** POST /api/forum/posts/:id/bookmark or /api/forum/comments/:id/bookmark: toggles the caller's bookmark. */
export function useToggleBookmark(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string | null) =>
      api.post<BookmarkResultDto>(
        commentId ? commentPath(commentId, '/bookmark') : postPath(postId, '/bookmark'),
      ),
    onSuccess: ({ bookmarked }, commentId) => {
      updatePost(queryClient, postId, (post) =>
        commentId
          ? {
              ...post,
              comments: post.comments.map((comment) =>
                comment.id === commentId ? { ...comment, bookmarked } : comment,
              ),
            }
          : { ...post, bookmarked },
      );
      void queryClient.invalidateQueries({ queryKey: forumKeys.bookmarks });
    },
  });
}

/** PUT /api/forum/posts/:id/watch: watching, normal or muted. */
export function useWatchTopic(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: ForumWatchLevel) => api.put<WatchLevelDto>(postPath(postId, '/watch'), { level }),
    onSuccess: ({ level }) => {
      updatePost(queryClient, postId, (post) => ({ ...post, watch_level: level }));
      void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
    },
  });
}

/** GET /api/me/forum-watches: the categories the caller watches or muted. */
export function useForumWatches(enabled: boolean) {
  return useQuery({
    queryKey: forumKeys.watches,
    queryFn: ({ signal }) => api.get<ForumWatchesDto>('/api/me/forum-watches', signal),
    enabled,
  });
}

/** PUT /api/forum/categories/watch. */
export function useWatchCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { category: string; level: ForumWatchLevel }) =>
      api.put<WatchLevelDto>('/api/forum/categories/watch', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: forumKeys.watches });
      void queryClient.invalidateQueries({ queryKey: forumKeys.lists });
    },
  });
}

/** GET /api/me/bookmarks: the caller's bookmarks, newest first. */
export function useBookmarks(page: number) {
  return useQuery({
    queryKey: [...forumKeys.bookmarks, page],
    queryFn: ({ signal }) => api.get<ForumBookmarkListDto>(`/api/me/bookmarks?page=${page}`, signal),
    placeholderData: keepPreviousData,
  });
}
