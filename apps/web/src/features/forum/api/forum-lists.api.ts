import type { ForumCategoriesDto, PostListDto, TopContributorsDto, TrendingPostsDto } from '@castline/shared';
import { FORUM_LIMITS } from '@castline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postListSearch } from './forum-filters';
import type { ForumListFilters } from './forum-keys';
import { forumKeys } from './forum-keys';

/*
 * The Community page's lists. Apart from the topic's hooks (forum.api.ts), so that a topic's page
 * does not load the list filters' codec.
 */

/** GET /api/forum/posts: one page of public posts, newest first; the previous page stays while the next loads. */
export function usePostList(filters: ForumListFilters) {
  return useQuery({
    queryKey: forumKeys.list(filters),
    queryFn: ({ signal }) => api.get<PostListDto>(`/api/forum/posts?${postListSearch(filters)}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/forum/categories: the categories posts use, with their counts. */
export function useForumCategories() {
  return useQuery({
    queryKey: forumKeys.categories,
    queryFn: ({ signal }) => api.get<ForumCategoriesDto>('/api/forum/categories', signal),
  });
}

/** GET /api/forum/trending: the 10 most liked posts. */
export function useTrendingPosts() {
  return useQuery({
    queryKey: forumKeys.trending,
    queryFn: ({ signal }) => api.get<TrendingPostsDto>('/api/forum/trending', signal),
  });
}

/** GET /api/forum/top-contributors: 10 members, refreshed every 2 minutes and stale after 1 (spec 001 §9). */
export function useTopContributors() {
  return useQuery({
    queryKey: forumKeys.topContributors,
    queryFn: ({ signal }) => api.get<TopContributorsDto>('/api/forum/top-contributors', signal),
    staleTime: FORUM_LIMITS.topContributorsStaleMs,
    refetchInterval: FORUM_LIMITS.topContributorsRefreshMs,
  });
}
