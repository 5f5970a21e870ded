import { MailCheck, MailX, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useVerifyEmail } from '../api/auth.api';
import { AuthCard } from '../components/auth-card';
import { ResendVerificationForm } from '../components/resend-verification-form';
import { TextLink } from '../components/text-link';
import { readVerifyEmailState } from './verify-email-state';

export function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  return token ? <VerifyEmailWithToken key={token} token={token} /> : <CheckYourEmail />;
}

const backToSignIn = (
  <p>
    <TextLink to="/auth/login">Back to sign in</TextLink>
  </p>
);

/** After sign-up (or when a member lost the link): explain what happens next and offer a new link. */
function CheckYourEmail() {
  const location = useLocation();
  const { email, notification } = readVerifyEmailState(location.state);
  return (
    <AuthCard
      icon={MailCheck}
      title="Check your email"
      description={
        email ? (
          <p>
            We sent a verification link to{' '}
            <strong className="font-semibold break-all text-ink">{email}</strong>. Open it to activate your
            account.
          </p>
        ) : (
          <p>We sent a verification link to your email address. Open it to activate your account.</p>
        )
      }
      footer={backToSignIn}
    >
      {notification && <Alert tone="success">{notification}</Alert>}
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">
          No email after a few minutes? Check your spam folder, or ask for a new link.
        </p>
        <ResendVerificationForm defaultEmail={email ?? ''} />
      </div>
    </AuthCard>
  );
}

/** Opened from the link in the email: confirm the address once, then say how it went. */
function VerifyEmailWithToken({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // React StrictMode runs effects twice in development; a token may be spent only once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate({ token });
  }, [mutate, token]);

  if (verify.isSuccess) {
    return (
      <AuthCard icon={ShieldCheck} title="Email verified">
        <Alert tone="success">{verify.data.message}</Alert>
        <Link to="/auth/login" className={buttonClasses({ fullWidth: true })}>
          Sign In
        </Link>
      </AuthCard>
    );
  }

  if (verify.isError) {
    const used = isApiError(verify.error) && verify.error.code === 'TOKEN_USED';
    return (
      <AuthCard icon={MailX} title="We couldn’t verify your email" footer={used ? undefined : backToSignIn}>
        <Alert tone="error">{verify.error.message}</Alert>
        {used ? (
          <Link to="/auth/login" className={buttonClasses({ fullWidth: true })}>
            Sign In
          </Link>
        ) : (
          <ResendVerificationForm />
        )}
      </AuthCard>
    );
  }

  return (
    <Card className="flex flex-col items-center gap-4 px-5 py-12 text-center sm:px-8">
      <title>Verifying your email · Castline</title>
      <Spinner label="Verifying your email" size={32} className="text-brand" />
      <p className="text-ink-muted">Verifying your email…</p>
    </Card>
  );
}
