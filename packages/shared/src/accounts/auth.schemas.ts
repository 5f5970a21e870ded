import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './account-constants.js';
import { AUTH_MESSAGES as M } from './account-messages.js';
import { ProfileRole, ProfileStatus } from '../admin/roles.js';

const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export const EmailField = z
  .string({ error: M.invalidEmail })
  .trim()
  .toLowerCase()
  .min(1, M.invalidEmail)
  .max(254, M.invalidEmail)
  .pipe(z.email({ error: M.invalidEmail }));

export const UsernameField = z
  .string({ error: M.usernameRequired })
  .trim()
  .min(1, M.usernameRequired)
  .min(USERNAME_MIN_LENGTH, M.usernameTooShort)
  .max(USERNAME_MAX_LENGTH, M.usernameTooLong)
  .regex(USERNAME_PATTERN, M.usernameInvalid);

export const NewPasswordField = z
  .string({ error: M.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong);

export const SignUpBody = z
  .object({
    email: EmailField,
    password: NewPasswordField,
    confirmPassword: z.string({ error: M.passwordsDoNotMatch }),
    username: UsernameField,
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignUpBody = z.infer<typeof SignUpBody>;

export const SignInBody = z.object(
  {
    email: z.string({ error: M.credentialsRequired }).trim().toLowerCase().min(1, M.credentialsRequired),
    password: z
      .string({ error: M.credentialsRequired })
      .min(1, M.credentialsRequired)
      .max(PASSWORD_MAX_LENGTH, M.invalidCredentials),
  },
  { error: M.credentialsRequired },
);
export type SignInBody = z.infer<typeof SignInBody>;

export const RequestPasswordResetBody = z.object({
  email: z.string({ error: M.emailRequired }).trim().toLowerCase().min(1, M.emailRequired).pipe(EmailField),
});
export type RequestPasswordResetBody = z.infer<typeof RequestPasswordResetBody>;

export const ResetPasswordBody = z
  .object({
    token: z
      .string({ error: M.resetLinkInvalid })
      .trim()
      .min(1, M.resetLinkInvalid)
      .max(512, M.resetLinkInvalid),
    password: NewPasswordField,
    confirmPassword: z.string({ error: M.passwordsDoNotMatch }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const VerifyEmailBody = z.object({
  token: z
    .string({ error: M.verificationLinkInvalid })
    .trim()
    .min(1, M.verificationLinkInvalid)
    .max(4096, M.verificationLinkInvalid),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

export const ResendVerificationBody = z.object({
  email: EmailField,
});
export type ResendVerificationBody = z.infer<typeof ResendVerificationBody>;

export const SessionIdParams = z.object({
  sessionId: z.uuid({ error: M.sessionNotFound }),
});
export type SessionIdParams = z.infer<typeof SessionIdParams>;

/** The signed-in member as the app sees it. */
export const CurrentUserDto = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  username: z.string(),
  full_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  role: ProfileRole,
  status: ProfileStatus,
  is_admin: z.boolean(),
  is_captain: z.boolean(),
  permissions: z.array(z.string()),
  created_at: z.string(),
});
export type CurrentUserDto = z.infer<typeof CurrentUserDto>;

export const SessionStateDto = z.object({
  user: CurrentUserDto.nullable(),
  session: z
    .object({
      id: z.string(),
      expiresAt: z.string(),
    })
    .nullable(),
});
export type SessionStateDto = z.infer<typeof SessionStateDto>;

export const SignInResultDto = z.object({
  user: CurrentUserDto,
  session: z.object({ id: z.string(), expiresAt: z.string() }),
});
export type SignInResultDto = z.infer<typeof SignInResultDto>;

export const SignUpResultDto = z.object({
  message: z.string(),
  notification: z.string(),
  email: z.string(),
});
export type SignUpResultDto = z.infer<typeof SignUpResultDto>;

export const MessageResponseDto = z.object({ message: z.string() });
export type MessageResponseDto = z.infer<typeof MessageResponseDto>;

export const ActiveSessionDto = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type ActiveSessionDto = z.infer<typeof ActiveSessionDto>;

export const SessionListDto = z.object({
  items: z.array(ActiveSessionDto),
  total: z.number().int(),
});
export type SessionListDto = z.infer<typeof SessionListDto>;
