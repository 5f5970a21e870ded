import type { SessionStateDto } from '@castline/shared';
import { MessageResponseDto, SessionListDto } from '@castline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client';
import { hardRedirect } from '../../../lib/navigation';
import { authKeys } from './auth.api';

const RevokeSessionResultDto = MessageResponseDto.extend({ current: z.boolean() });
const RevokeOthersResultDto = MessageResponseDto.extend({ revoked: z.number().int() });

/** The signed-in member's active sessions (all devices). */
export function useActiveSessions(enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: authKeys.sessions,
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/api/auth/sessions', SessionListDto, signal);
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
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.delete(`/api/auth/sessions/${encodeURIComponent(sessionId)}`, RevokeSessionResultDto),
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
    mutationFn: () => api.post('/api/auth/sessions/revoke-others', RevokeOthersResultDto),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  });
}
