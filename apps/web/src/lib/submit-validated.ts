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

/** Forms whose input is being checked while their schema loads: a second submit meanwhile is the same one. */
const checking = new WeakSet<HTMLFormElement>();

export interface CheckHandlers<TData> {
  /** The form submitted: while its schema loads, another submit of it is ignored. */
  form?: HTMLFormElement | null;
  valid: (data: TData) => void;
  invalid: (error: z.ZodError) => void;
}

/**
 * Checks input with a shared schema, or with one loaded on first use, and calls `valid` with the
 * parsed data or `invalid` with the problems. When a schema cannot load (offline, a new
 * deployment), `valid` gets the input as it is: the server checks the same rules and its answer
 * names the fields.
 */
export function checkInput<TData>(
  schema: z.ZodType<TData> | SchemaLoader<TData>,
  input: unknown,
  { form, valid, invalid }: CheckHandlers<TData>,
): void {
  const check = (loaded: z.ZodType<TData>) => {
    const parsed = loaded.safeParse(input);
    if (parsed.success) valid(parsed.data);
    else invalid(parsed.error);
  };
  if (typeof schema !== 'function') {
    check(schema);
    return;
  }
  if (form) {
    if (checking.has(form)) return;
    checking.add(form);
  }
  schema()
    .then(check, () => valid(input as TData))
    .finally(() => {
      if (form) checking.delete(form);
    });
}

/**
 * The account forms' submit: validate with the shared schema (all messages inline, focus on
 * the first), and only when valid call the API, mapping the server's issues back to fields.
 */
export function submitValidated<K extends string, TData, TResult>(
  options: SubmitValidatedOptions<K, TData, TResult>,
): void {
  const { event, schema, input, mutation, show } = options;
  event.preventDefault();
  const form = event.currentTarget;
  if (mutation.isPending) return;
  checkInput(schema, input, {
    form,
    invalid: (error) => {
      mutation.reset();
      show(fieldErrorsFromZod<K>(error), form);
    },
    valid: (data) => {
      show({});
      sendToServer(options, data, form);
    },
  });
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
