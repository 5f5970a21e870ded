import { LogIn } from 'lucide-react';
import { Link, useLocation } from '../../../lib/router';
import { cn } from '../../../lib/cn';
import type { FromState } from '../../../lib/redirect-target';

/** A link to sign in that brings the visitor back to this page afterwards. */
export function SignInLink({ className }: { className?: string }) {
  const location = useLocation();
  const state: FromState = { from: location };
  return (
    <Link
      to="/auth/login"
      state={state}
      className={cn(
        'inline-flex items-center gap-1.5 font-semibold text-brand underline underline-offset-2 hover:no-underline',
        className,
      )}
    >
      <LogIn aria-hidden="true" size={16} />
      Sign in
    </Link>
  );
}

/** The spec's "Must be logged in to …" text with a way to sign in. */
export function SignInPrompt({ message, className }: { message: string; className?: string }) {
  return (
    <p
      role="status"
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-brand/30 bg-brand-soft px-3 py-2 text-sm text-ink',
        className,
      )}
    >
      <span>{message}</span>
      <SignInLink />
    </p>
  );
}
