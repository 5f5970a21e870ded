import type { FormEvent } from 'react';
import { useState } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { isApiError } from '../../../lib/api-client';
import { redirectTargetFrom } from '../../../lib/redirect-target';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useResendVerification, useSignIn } from '../api/auth.api';
import { TextLink } from './text-link';
import { submitValidated } from '../../../lib/submit-validated';
import { EmailField } from './email-field';
import { preloadRequestSchemas, requestSchema } from '../../../lib/load-request-schemas';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

interface SignInFormProps {
  /** Called after a successful sign-in instead of going to the remembered page (the sign-in dialog closes). */
  onSignedIn?: () => void;
  /** Shows "Forgot password?" as a button calling this instead of a link to /reset-password. */
  onForgotPassword?: () => void;
}

export function SignInForm({ onSignedIn, onForgotPassword }: SignInFormProps = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const resend = useResendVerification();
  const { errors, show, clear } = useFieldErrors<Field>(FIELDS);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const failure = signIn.error;
  const needsVerification = isApiError(failure) && failure.code === 'EMAIL_NOT_VERIFIED';
  const unverifiedEmail = signIn.variables?.email ?? email.trim();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    resend.reset();
    submitValidated({
      event,
      schema: requestSchema('SignInBody'),
      input: { email, password },
      mutation: signIn,
      fields: FIELDS,
      show,
      onSuccess: () => {
        if (onSignedIn) onSignedIn();
        else void navigate(redirectTargetFrom(location.state), { replace: true });
      },
    });
  }

  return (
    <form noValidate onFocus={preloadRequestSchemas} onSubmit={handleSubmit} className="flex flex-col gap-5">
      {failure && (
        <Alert tone="error">
          <p>{failure.message}</p>
          {needsVerification && (
            <div className="mt-3 flex flex-col items-start gap-2">
              <Button
                variant="secondary"
                size="sm"
                loading={resend.isPending}
                onClick={() => resend.mutate({ email: unverifiedEmail })}
              >
                Resend verification email
              </Button>
            </div>
          )}
        </Alert>
      )}
      {resend.isSuccess && <Alert tone="success">{resend.data.message}</Alert>}
      {resend.isError && <Alert tone="error">{resend.error.message}</Alert>}

      <EmailField
        value={email}
        error={errors.email}
        onValueChange={(value) => {
          setEmail(value);
          clear('email');
        }}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            clear('password');
          }}
        />
        {onForgotPassword ? (
          <button
            type="button"
            onClick={onForgotPassword}
            className="self-end rounded-sm text-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:underline"
          >
            Forgot password?
          </button>
        ) : (
          <TextLink to="/reset-password" className="self-end text-sm">
            Forgot password?
          </TextLink>
        )}
      </div>
      <Button type="submit" fullWidth loading={signIn.isPending}>
        Sign In
      </Button>
    </form>
  );
}
