import type { FormEvent } from 'react';
import type { z } from 'zod';
import { isApiError } from './api-client';
import { fieldErrorsFromIssues, fieldErrorsFromZod, type FieldErrors } from './form-errors';

interface ValidatedMutation<TData, TResult> {
  isPending: boolean;
  reset(): void;
  mutate(
    data: TData,
    options: { onSuccess?: (result: TResult) => void; onError: (error: unknown) => void },
  ): void;
}

interface SubmitValidatedOptions<K extends string, TData, TResult> {
  event: FormEvent<HTMLFormElement>;
  /** The shared request schema: the same rules the server applies. */
  schema: z.ZodType<TData>;
  input: unknown;
  mutation: ValidatedMutation<TData, TResult>;
  fields: readonly K[];
  /** `show` of useFieldErrors: replaces inline errors and focuses the first invalid field. */
  show: (errors: FieldErrors<K>, form?: HTMLFormElement | null) => void;
  onSuccess?: (result: TResult) => void;
}

/**
 * The account forms' submit: validate with the shared schema (all messages inline, focus on
 * the first), and only when valid call the API, mapping the server's issues back to fields.
 */
export function submitValidated<K extends string, TData, TResult>({
  event,
  schema,
  input,
  mutation,
  fields,
  show,
  onSuccess,
}: SubmitValidatedOptions<K, TData, TResult>): void {
  event.preventDefault();
  const form = event.currentTarget;
  if (mutation.isPending) return;
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    mutation.reset();
    show(fieldErrorsFromZod<K>(parsed.error), form);
    return;
  }
  show({});
  mutation.mutate(parsed.data, {
    ...(onSuccess ? { onSuccess } : {}),
    onError: (error) => {
      if (isApiError(error)) show(fieldErrorsFromIssues(error.issues, fields), form);
    },
  });
}
