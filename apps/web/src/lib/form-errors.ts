import type { ErrorIssueDto } from '@castline/shared';
import type { z } from 'zod';

/** Field name → the first message for it. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message of each field (by top-level path) of a failed zod parse. */
export function fieldErrorsFromZod<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors as FieldErrors<K>;
}

/** The first message of each field named by the server's `issues` (by `path`). */
export function fieldErrorsFromIssues<K extends string>(
  issues: readonly ErrorIssueDto[],
  fields: readonly K[],
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The first field, in form order, that has an error. */
export function firstInvalidField<K extends string>(
  errors: FieldErrors<K>,
  order: readonly K[],
): K | undefined {
  return order.find((name) => errors[name] !== undefined);
}
