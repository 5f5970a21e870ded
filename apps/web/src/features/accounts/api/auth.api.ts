import type {
  MessageResponseDto,
  RequestPasswordResetBody,
  ResendVerificationBody,
  ResetPasswordBody,
  SessionStateDto,
  SignInBody,
  SignInResultDto,
  SignUpBody,
  SignUpResultDto,
  VerifyEmailBody,
} from '@castline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hardRedirect } from '../../../lib/navigation';
import { useOptionalRealtimeClient } from '../../../lib/realtime';
import { authKeys } from '../../../lib/session';

const GUEST: SessionStateDto = { user: null, session: null };

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => api.post<SignInResultDto>('/api/auth/sign-in', body),
    onSuccess: (result) => {
      // Anything cached for a previous visitor (such as a session list) is not theirs any more.
      queryClient.removeQueries({ queryKey: authKeys.sessions });
      queryClient.setQueryData<SessionStateDto>(authKeys.session, result);
    },
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpBody) => api.post<SignUpResultDto>('/api/auth/sign-up', body),
  });
}

/**
 * Ends this session, drops every cached answer and reloads the app at its start page. This tab's
 * realtime connection closes first: the server tells the session's other tabs that it signed out.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const realtime = useOptionalRealtimeClient();
  return useMutation({
    mutationFn: () => api.post<MessageResponseDto>('/api/auth/sign-out'),
    onMutate: () => realtime?.stop(),
    onError: () => realtime?.start(),
    onSuccess: () => {
      queryClient.clear();
      hardRedirect('/');
    },
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (body: VerifyEmailBody) => api.post<MessageResponseDto>('/api/auth/verify-email', body),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (body: ResendVerificationBody) =>
      api.post<MessageResponseDto>('/api/auth/send-verification-email', body),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: RequestPasswordResetBody) =>
      api.post<MessageResponseDto>('/api/auth/request-password-reset', body),
  });
}

/** Sets a new password; the server ends every session of the account, so this browser becomes a guest. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.post<MessageResponseDto>('/api/auth/reset-password', body),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: authKeys.sessions });
      queryClient.setQueryData<SessionStateDto>(authKeys.session, GUEST);
    },
  });
}
