import type { PostListDto } from '@castline/shared';
import { FORUM_LIMITS } from '@castline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './profiles.api';

/** GET /api/forum/posts?author_id=: a member's forum posts, newest first, one page at a time. */
export function useMemberPosts(userId: string, page: number) {
  return useQuery({
    queryKey: profileKeys.posts(userId, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        author_id: userId,
        page: String(page),
        pageSize: String(FORUM_LIMITS.pageSize),
      });
      return api.get<PostListDto>(`/api/forum/posts?${query}`, signal);
    },
    enabled: userId !== '',
    placeholderData: keepPreviousData,
  });
}
