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

/**
 * Loads a shared request schema when a form is first submitted, so that the schema library is no
 * part of the page's first load: `() => import('./form-schemas').then((m) => m.SignInBody)`.
 */
export type SchemaLoader<TData> = () => Promise<z.ZodType<TData>>;

interface SubmitValidatedOptions<K extends string, TData, TResult> {
  event: FormEvent<HTMLFormElement>;
  /** The shared request schema (the same rules the server applies), or its loader. */
  schema: z.ZodType<TData> | SchemaLoader<TData>;
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
/** Forms whose schema is loading after a submit: a second submit meanwhile is the same one. */
const loading = new WeakSet<HTMLFormElement>();

export function submitValidated<K extends string, TData, TResult>(
  options: SubmitValidatedOptions<K, TData, TResult>,
): void {
  const { event, schema, mutation } = options;
  event.preventDefault();
  const form = event.currentTarget;
  if (mutation.isPending || loading.has(form)) return;
  if (typeof schema !== 'function') {
    validateAndSend(options, schema, form);
    return;
  }
  loading.add(form);
  schema()
    .then(
      (loaded) => validateAndSend(options, loaded, form),
      () => {
        // The schema could not load (offline, a new deployment): the server checks the same
        // rules, and its answer names the fields.
        sendToServer(options, options.input as TData, form);
      },
    )
    .finally(() => loading.delete(form));
}

function validateAndSend<K extends string, TData, TResult>(
  options: SubmitValidatedOptions<K, TData, TResult>,
  schema: z.ZodType<TData>,
  form: HTMLFormElement,
): void {
  const { input, mutation, show } = options;
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    mutation.reset();
    show(fieldErrorsFromZod<K>(parsed.error), form);
    return;
  }
  show({});
  sendToServer(options, parsed.data, form);
}

function sendToServer<K extends string, TData, TResult>(
  { mutation, fields, show, onSuccess }: SubmitValidatedOptions<K, TData, TResult>,
  data: TData,
  form: HTMLFormElement,
): void {
  mutation.mutate(data, {
    ...(onSuccess ? { onSuccess } : {}),
    onError: (error) => {
      if (isApiError(error)) show(fieldErrorsFromIssues(error.issues, fields), form);
    },
  });
}
