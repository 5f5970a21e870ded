import type { TagListDto, TagPageDto } from '@castline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const tagKeys = {
  all: ['tags'] as const,
  list: () => [...tagKeys.all, 'list'] as const,
  page: (slug: string) => [...tagKeys.all, 'page', slug] as const,
};

/** GET /api/tags: every tag with its counts. */
export function useTags() {
  return useQuery({
    queryKey: tagKeys.list(),
    queryFn: ({ signal }) => api.get<TagListDto>('/api/tags', signal),
  });
}

/** GET /api/tags/:slug: the tag with its newest topics and listings. */
export function useTagPage(slug: string) {
  return useQuery({
    queryKey: tagKeys.page(slug),
    queryFn: ({ signal }) => api.get<TagPageDto>(`/api/tags/${encodeURIComponent(slug)}`, signal),
  });
}
