import type {
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailChangeBody,
  DeleteAccountBody,
  EmailChangeConfirmedDto,
  MessageResponseDto,
  NotificationSettingsDto,
  SessionStateDto,
  UpdateNotificationSettingsBody,
} from '@castline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { authKeys } from '../../../lib/session';

export const settingsKeys = {
  all: ['settings'] as const,
  notifications: () => ['settings', 'notifications'] as const,
};

/** POST /api/settings/password: the server ends every other session, so their list changes. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<MessageResponseDto>('/api/settings/password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  });
}

/** POST /api/settings/email: a confirmation link goes to the new address; nothing changes yet. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => api.post<MessageResponseDto>('/api/settings/email', body),
  });
}

/** POST /api/settings/email/confirm: the new address takes effect; the session shows it at once. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmEmailChangeBody) =>
      api.post<EmailChangeConfirmedDto>('/api/settings/email/confirm', body),
    onSuccess: ({ email }) => {
      queryClient.setQueryData<SessionStateDto>(authKeys.session, (state) =>
        state?.user ? { ...state, user: { ...state.user, email, emailVerified: true } } : state,
      );
    },
  });
}

/** GET /api/settings/notifications */
export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKeys.notifications(),
    queryFn: ({ signal }) => api.get<NotificationSettingsDto>('/api/settings/notifications', signal),
  });
}

/**
 * PUT /api/settings/notifications. The switches move at once; a failure puts them back.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  const key = settingsKeys.notifications();
  return useMutation({
    // The page always sends every preference (the full settings it shows).
    mutationFn: (body: NotificationSettingsDto & UpdateNotificationSettingsBody) =>
      api.put<NotificationSettingsDto>('/api/settings/notifications', body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationSettingsDto>(key);
      queryClient.setQueryData<NotificationSettingsDto>(key, body);
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

/**
 * DELETE /api/settings/account with the password. The account is gone and every session with it;
 * `forget` (call it once the page has moved on) makes this browser a guest with nothing cached.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      apiRequest<MessageResponseDto>('/api/settings/account', { method: 'DELETE', body }),
  });
  const forget = () => {
    queryClient.clear();
    queryClient.setQueryData<SessionStateDto>(authKeys.session, { user: null, session: null });
  };
  return { ...mutation, forget };
}
