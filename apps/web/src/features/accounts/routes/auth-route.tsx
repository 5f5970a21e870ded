import { Fish, UserRoundPlus } from 'lucide-react';
import { useLocation } from '../../../lib/router';
import { AuthCard } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { TextLink } from '../components/text-link';

export type AuthMode = 'sign-in' | 'sign-up';

/** The account page: sign in or create an account, switchable while keeping where the visitor came from. */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const location = useLocation();
  // Keep `from` so the member still lands where they were going after switching modes.
  const state: unknown = location.state;

  if (mode === 'sign-up') {
    return (
      <AuthCard
        icon={UserRoundPlus}
        title="Create your account"
        description="Join Castline to buy, sell and talk fishing gear with fellow anglers."
        footer={
          <p>
            Already have an account?{' '}
            <TextLink to="/auth/login" state={state}>
              Sign in instead
            </TextLink>
          </p>
        }
      >
        <SignUpForm />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={Fish}
      title="Welcome Back"
      description="Sign in to your Castline account."
      footer={
        <p>
          New to Castline?{' '}
          <TextLink to="/auth/signup" state={state}>
            Create an account
          </TextLink>
        </p>
      }
    >
      <SignInForm />
    </AuthCard>
  );
}

export function SignInRoute() {
  return <AuthPage mode="sign-in" />;
}

export function SignUpRoute() {
  return <AuthPage mode="sign-up" />;
}
