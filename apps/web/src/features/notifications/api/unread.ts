import type { UnreadCountsDto } from '@castline/shared';
import { NOTIFICATION_LIMITS } from '@castline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unreadKey } from '../../../lib/notification-keys';

export function fetchUnreadCounts(signal?: AbortSignal): Promise<UnreadCountsDto> {
  return api.get<UnreadCountsDto>('/api/me/unread', signal);
}

export const unreadCountsQueryOptions = queryOptions({
  queryKey: unreadKey,
  queryFn: ({ signal }) => fetchUnreadCounts(signal),
  // Realtime `unread.changed` events keep it current; this is the fallback (spec 001 §9: 60 s).
  staleTime: NOTIFICATION_LIMITS.staleMs,
});

/**
 * Unread messages and notifications of the signed-in member (GET /api/me/unread), behind the
 * header dot and the menu badges. Pass `enabled: false` for a guest.
 */
export function useUnreadCounts(enabled = true) {
  return useQuery({ ...unreadCountsQueryOptions, enabled });
}
