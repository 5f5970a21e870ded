import { z } from 'zod';

/** What sign-up hands to the "Check your email" page through router state. */
export const VerifyEmailState = z.object({
  email: z.string().optional(),
  notification: z.string().optional(),
});
export type VerifyEmailState = z.infer<typeof VerifyEmailState>;

export function readVerifyEmailState(state: unknown): VerifyEmailState {
  const parsed = VerifyEmailState.safeParse(state);
  return parsed.success ? parsed.data : {};
}
