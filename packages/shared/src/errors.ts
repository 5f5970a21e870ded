import { z } from 'zod';

/** Stable error codes of the API. The server maps each to one HTTP status. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'INVALID_TOKEN',
  'TOKEN_USED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorIssueDto = z.object({
  path: z.string(),
  message: z.string(),
});
export type ErrorIssueDto = z.infer<typeof ErrorIssueDto>;

/** The one error shape every endpoint answers with. */
export const ApiErrorDto = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    issues: z.array(ErrorIssueDto).optional(),
  }),
});
export type ApiErrorDto = z.infer<typeof ApiErrorDto>;
