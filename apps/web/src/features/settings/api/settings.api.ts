import type {
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailChangeBody,
  DeleteAccountBody,
  EmailChangeConfirmedDto,
  MessageResponseDto,
  NotificationPreferencesDto,
  SessionStateDto,
  UpdateNotificationPreferencesBody,
} from '@castline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { authKeys } from '../../../lib/session';

export const settingsKeys = {
  all: ['settings'] as const,
  notificationPreferences: () => ['settings', 'notification-preferences'] as const,
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

/** GET /api/settings/notification-preferences: every category × channel, and the email delivery. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: settingsKeys.notificationPreferences(),
    queryFn: ({ signal }) =>
      api.get<NotificationPreferencesDto>('/api/settings/notification-preferences', signal),
  });
}

/** What a change does to the preferences shown, before the server answers. */
function applyChange(
  current: NotificationPreferencesDto,
  body: UpdateNotificationPreferencesBody,
): NotificationPreferencesDto {
  return {
    email_delivery: body.email_delivery ?? current.email_delivery,
    categories: current.categories.map((entry) => {
      const change = body.categories?.find((c) => c.category === entry.category);
      return change
        ? { ...entry, in_app: change.in_app ?? entry.in_app, email: change.email ?? entry.email }
        : entry;
    }),
  };
}

/**
 * PATCH /api/settings/notification-preferences with one change. The box moves at once; a failure
 * puts it back.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = settingsKeys.notificationPreferences();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferencesBody) =>
      api.patch<NotificationPreferencesDto>('/api/settings/notification-preferences', body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationPreferencesDto>(key);
      if (previous) queryClient.setQueryData(key, applyChange(previous, body));
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
