import type { ReactNode } from 'react';
import { createContext, use, useCallback, useMemo, useState } from 'react';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { RequestPasswordResetForm } from '../../features/auth/components/request-password-reset-form';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { SignUpForm } from '../../features/auth/components/sign-up-form';

export type AuthDialogView = 'sign-in' | 'sign-up' | 'reset';

interface AuthDialogApi {
  open: (view?: AuthDialogView) => void;
}

const AuthDialogContext = createContext<AuthDialogApi | null>(null);

export function useAuthDialog(): AuthDialogApi {
  const api = use(AuthDialogContext);
  if (!api) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return api;
}

const VIEWS: Record<AuthDialogView, { title: string; description: string }> = {
  'sign-in': { title: 'Welcome Back', description: 'Sign in to your Castline account.' },
  'sign-up': {
    title: 'Create your account',
    description: 'Join Castline to buy, sell and talk fishing gear with fellow anglers.',
  },
  reset: {
    title: 'Reset your password',
    description: "Enter your account's email and we'll send you a link to choose a new password.",
  },
};

function SwitchLink({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:underline"
    >
      {children}
    </button>
  );
}

/** The sign-in dialog ('Welcome Back'), switchable to sign-up and to the password-reset request. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<AuthDialogView | null>(null);
  const open = useCallback((next: AuthDialogView = 'sign-in') => setView(next), []);
  const api = useMemo(() => ({ open }), [open]);
  const close = () => setView(null);
  const shown = view ?? 'sign-in';

  return (
    <AuthDialogContext value={api}>
      {children}
      <Dialog open={view !== null} onOpenChange={(isOpen) => !isOpen && close()}>
        <DialogContent title={VIEWS[shown].title} description={VIEWS[shown].description}>
          {shown === 'sign-in' && (
            <div className="flex flex-col gap-5">
              <SignInForm onSignedIn={close} onForgotPassword={() => setView('reset')} />
              <p className="text-center text-sm text-ink-muted">
                New to Castline? <SwitchLink onClick={() => setView('sign-up')}>Create an account</SwitchLink>
              </p>
            </div>
          )}
          {shown === 'sign-up' && (
            <div className="flex flex-col gap-5">
              <SignUpForm onSignedUp={close} />
              <p className="text-center text-sm text-ink-muted">
                Already have an account?{' '}
                <SwitchLink onClick={() => setView('sign-in')}>Sign in instead</SwitchLink>
              </p>
            </div>
          )}
          {shown === 'reset' && (
            <div className="flex flex-col gap-5">
              <RequestPasswordResetForm />
              <p className="text-center text-sm text-ink-muted">
                Remembered it? <SwitchLink onClick={() => setView('sign-in')}>Back to sign in</SwitchLink>
              </p>
            </div>
          )}
        </DialogContent>
      </Dialog>
    </AuthDialogContext>
  );
}
