import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { RequestPasswordResetForm, SignInForm, SignUpForm } from '../../features/accounts';
import type { AuthDialogView } from './auth-dialog';

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

/**
 * The sign-in dialog ('Welcome Back'), switchable to sign-up and to the password-reset request.
 * Loaded on its first opening (see AuthDialogProvider) and kept mounted after that.
 */
export function AuthDialogLayer({
  view,
  onViewChange,
}: {
  view: AuthDialogView | null;
  onViewChange: (view: AuthDialogView | null) => void;
}) {
  const close = () => onViewChange(null);
  const setView = onViewChange;
  const shown = view ?? 'sign-in';

  return (
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
  );
}
