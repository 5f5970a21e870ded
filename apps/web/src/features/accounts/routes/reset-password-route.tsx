import { KeyRound, LockKeyhole } from 'lucide-react';
import { useSearchParams } from '../../../lib/router';
import { AuthCard } from '../components/auth-card';
import { RequestPasswordResetForm } from '../components/request-password-reset-form';
import { SetNewPasswordForm } from '../components/set-new-password-form';
import { TextLink } from '../components/text-link';

const backToSignIn = (
  <p>
    Remembered it? <TextLink to="/auth/login">Back to sign in</TextLink>
  </p>
);

/** Without a token: ask for a reset link. With the token from that link: choose a new password. */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();

  if (token) {
    return (
      <AuthCard
        key={token}
        icon={LockKeyhole}
        title="Choose a new password"
        description="Use at least 8 characters. Afterwards you’ll sign in again on every device."
      >
        <SetNewPasswordForm token={token} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      title="Reset your password"
      description="Enter the email you use for Castline and we’ll send you a link to choose a new password."
      footer={backToSignIn}
    >
      <RequestPasswordResetForm />
    </AuthCard>
  );
}
