import type { SessionStateDto } from '@castline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** Query keys of this browser's session and of the account's session list (all under 'auth'). */
export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
  sessions: ['auth', 'sessions'] as const,
};

/** GET /api/auth/session: the signed-in member and their session, or nulls for a guest. */
export const sessionQueryOptions = queryOptions({
  queryKey: authKeys.session,
  queryFn: ({ signal }) => api.get<SessionStateDto>('/api/auth/session', signal),
});

/** The auth state of this browser: `data.user` is the signed-in member, or null for a guest. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}
