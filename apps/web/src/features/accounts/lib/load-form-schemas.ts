import type * as Schemas from './account-form-schemas';

type AccountFormSchemas = typeof Schemas;

/** The account forms' schemas (account-form-schemas.ts), loaded once, on first use. */
export function loadAccountFormSchemas(): Promise<AccountFormSchemas> {
  return import('./account-form-schemas');
}

/** A SchemaLoader for submitValidated: the named schema of the account forms. */
export function accountFormSchema<N extends keyof AccountFormSchemas>(name: N) {
  return async (): Promise<AccountFormSchemas[N]> => (await loadAccountFormSchemas())[name];
}

/** Starts loading the schemas when a member starts on a form (its first focus), before they submit. */
export function preloadAccountFormSchemas(): void {
  loadAccountFormSchemas().catch(() => {
    // Loaded again on submit, or the server checks the same rules.
  });
}
