import { useEffect, useState } from 'react';
import type * as Schemas from './request-schemas';
import type { z } from 'zod';

export type RequestSchemas = typeof Schemas;

/** The request schemas (request-schemas.ts), loaded once, on first use. */
export function loadRequestSchemas(): Promise<RequestSchemas> {
  return import('./request-schemas');
}

/** A SchemaLoader for submitValidated: the named request schema. */
export function requestSchema<N extends keyof RequestSchemas>(name: N) {
  return async (): Promise<RequestSchemas[N]> => (await loadRequestSchemas())[name];
}

/** Starts loading the schemas when a member starts on a form (its first focus), before they submit. */
export function preloadRequestSchemas(): void {
  loadRequestSchemas().catch(() => {
    // Loaded again on submit, or the server checks the same rules.
  });
}

/**
 * The request schemas for a component that checks as the member types, once they are loaded:
 * null until then. Loading starts when `wanted` first turns true.
 */
export function useRequestSchemas(wanted: boolean): RequestSchemas | null {
  const [schemas, setSchemas] = useState<RequestSchemas | null>(null);
  const start = wanted && schemas === null;
  useEffect(() => {
    if (!start) return;
    let live = true;
    loadRequestSchemas().then(
      (loaded) => {
        if (live) setSchemas(loaded);
      },
      () => {
        // Tried again the next time it is wanted; the server checks the same rules meanwhile.
      },
    );
    return () => {
      live = false;
    };
  }, [start]);
  return schemas;
}

type SchemaName = keyof RequestSchemas;

/** Forms whose input is being checked while the schemas load: a second submit meanwhile is the same one. */
const checking = new WeakSet<HTMLFormElement>();

/**
 * Checks a form's input with the named request schema (loaded on first use) and calls `valid` with
 * the parsed data or `invalid` with the problems. When the schemas cannot load (offline, a new
 * deployment), `valid` gets the input as it is: the server checks the same rules and its answer
 * names the fields.
 */
export function checkWith<N extends SchemaName>(
  name: N,
  input: unknown,
  handlers: {
    form?: HTMLFormElement | null;
    valid: (data: z.output<RequestSchemas[N]>) => void;
    invalid: (error: z.ZodError) => void;
  },
): void {
  const { form, valid, invalid } = handlers;
  if (form) {
    if (checking.has(form)) return;
    checking.add(form);
  }
  loadRequestSchemas()
    .then(
      (schemas) => {
        const parsed = (schemas[name] as z.ZodType).safeParse(input);
        if (parsed.success) valid(parsed.data as z.output<RequestSchemas[N]>);
        else invalid(parsed.error);
      },
      () => valid(input as z.output<RequestSchemas[N]>),
    )
    .finally(() => {
      if (form) checking.delete(form);
    });
}
