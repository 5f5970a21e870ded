import type { MessageResponseDto, SessionListDto, SessionStateDto } from '@castline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { hardRedirect } from '../../../lib/navigation';
import { useOptionalRealtimeClient } from '../../../lib/realtime';
import { authKeys } from '../../../lib/session';

/** DELETE /api/auth/sessions/:id: `current` when the ended session was this browser's. */
type RevokeSessionResultDto = MessageResponseDto & { current: boolean };
/** POST /api/auth/sessions/revoke-others: how many sessions ended. */
type RevokeOthersResultDto = MessageResponseDto & { revoked: number };

/** The signed-in member's active sessions (all devices). */
export function useActiveSessions(enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: authKeys.sessions,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<SessionListDto>('/api/auth/sessions', signal);
      } catch (error) {
        // The session ended elsewhere: the app must show this browser as signed out.
        if (isApiError(error) && error.status === 401) {
          queryClient.setQueryData<SessionStateDto>(authKeys.session, { user: null, session: null });
        }
        throw error;
      }
    },
    enabled,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  const realtime = useOptionalRealtimeClient();
  /** Ending this browser's own session is signing out: its socket closes first (see useSignOut). */
  const isCurrent = (sessionId: string) =>
    queryClient.getQueryData<SessionStateDto>(authKeys.session)?.session?.id === sessionId;
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.delete<RevokeSessionResultDto>(`/api/auth/sessions/${encodeURIComponent(sessionId)}`),
    onMutate: (sessionId) => {
      if (isCurrent(sessionId)) realtime?.stop();
    },
    onError: (_error, sessionId) => {
      if (isCurrent(sessionId)) realtime?.start();
    },
    onSuccess: async (result) => {
      if (result.current) {
        queryClient.clear();
        hardRedirect('/');
        return;
      }
      await queryClient.invalidateQueries({ queryKey: authKeys.sessions });
    },
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RevokeOthersResultDto>('/api/auth/sessions/revoke-others'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  });
}
