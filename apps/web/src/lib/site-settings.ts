import type { SiteNoticeDto } from '@castline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /api/site-notice (public): the admins' banner notice and the site settings pages describe
 * ("Listings need approval"). The same query as the banner's (app/shell/global-banner.tsx, which
 * keeps its own copy so that this module stays out of every page's first load): one cache entry.
 */
const siteNoticeKey = ['site-notice'] as const;

/**
 * Whether a new listing waits for a moderator's approval before the public sees it; undefined
 * until the site has said (a page then says nothing about it rather than guess).
 */
export function useListingsRequireApproval(): boolean | undefined {
  return useQuery({
    queryKey: siteNoticeKey,
    queryFn: ({ signal }) => api.get<SiteNoticeDto>('/api/site-notice', signal),
  }).data?.listings_require_approval;
}
