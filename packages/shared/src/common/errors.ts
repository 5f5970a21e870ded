import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

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
