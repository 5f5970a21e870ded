import { useEffect, useState } from 'react';
import type * as Schemas from './request-schemas';
import type { z } from 'zod';
import { checkInput, type CheckHandlers, type SchemaLoader } from './submit-validated';

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

/**
 * Checks a form's input with the named request schema, loaded on first use (see checkInput: a
 * schema that cannot load leaves the check to the server).
 */
export function checkWith<N extends keyof RequestSchemas>(
  name: N,
  input: unknown,
  handlers: CheckHandlers<z.output<RequestSchemas[N]>>,
): void {
  checkInput(requestSchema(name) as unknown as SchemaLoader<z.output<RequestSchemas[N]>>, input, handlers);
}
