import type {
  AdminForumCommentListDto,
  AdminForumPostListDto,
  CommentDeletedDto,
  PostStatus,
} from '@castline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateForumLists, forumKeys } from '../../forum';

export const ADMIN_FORUM_PAGE_SIZE = 10;

export interface AdminPostFilters {
  /** '' for every status. */
  status: '' | PostStatus;
  q: string;
  page: number;
}

export interface AdminCommentFilters {
  q: string;
  page: number;
}

/** Under ['forum'] so every forum change (and the forum's live updates) reaches these lists too. */
export const adminForumKeys = {
  all: ['forum', 'admin'] as const,
  posts: (filters: AdminPostFilters) => ['forum', 'admin', 'posts', filters] as const,
  comments: (filters: AdminCommentFilters) => ['forum', 'admin', 'comments', filters] as const,
};

function search(values: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== '') params.set(key, String(value));
  return params.toString();
}

/** GET /api/admin/forum/posts: every post whatever its status, newest first. */
export function useAdminForumPosts(filters: AdminPostFilters) {
  return useQuery({
    queryKey: adminForumKeys.posts(filters),
    queryFn: ({ signal }) =>
      api.get<AdminForumPostListDto>(
        `/api/admin/forum/posts?${search({ ...filters, pageSize: ADMIN_FORUM_PAGE_SIZE })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/forum/comments: the newest comments on any post. */
export function useAdminForumComments(filters: AdminCommentFilters) {
  return useQuery({
    queryKey: adminForumKeys.comments(filters),
    queryFn: ({ signal }) =>
      api.get<AdminForumCommentListDto>(
        `/api/admin/forum/comments?${search({ ...filters, pageSize: ADMIN_FORUM_PAGE_SIZE })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Admin lists and the public forum lists fetch again; an open post page too. */
export function invalidateAdminForum(queryClient: ReturnType<typeof useQueryClient>, postId?: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminForumKeys.all }),
    invalidateForumLists(queryClient),
    postId ? queryClient.invalidateQueries({ queryKey: forumKeys.detail(postId) }) : undefined,
  ]);
}

/** DELETE /api/forum/comments/:id, from the admin list (the post page is not cached here). */
export function useAdminDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId }: { commentId: string; postId: string }) =>
      api.delete<CommentDeletedDto>(`/api/forum/comments/${encodeURIComponent(commentId)}`),
    onSuccess: (_result, { postId }) => invalidateAdminForum(queryClient, postId),
  });
}
