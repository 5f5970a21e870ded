/** What sign-up hands to the "Check your email" page through router state. */
export interface VerifyEmailState {
  email?: string;
  notification?: string;
}

const optionalText = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === 'string';

/**
 * The state as sign-up left it, or nothing when it is anything else (a state from another page, or
 * one tampered with). Checked by hand: this page's first load carries no schema library.
 */
export function readVerifyEmailState(state: unknown): VerifyEmailState {
  if (typeof state !== 'object' || state === null) return {};
  const { email, notification } = state as Record<string, unknown>;
  if (!optionalText(email) || !optionalText(notification)) return {};
  return {
    ...(email !== undefined ? { email } : {}),
    ...(notification !== undefined ? { notification } : {}),
  };
}
