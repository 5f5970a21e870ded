import { sanitizeUsername, SIGNUP_NOTICE_MS } from '@castline/shared';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { PasswordField } from '../../../components/ui/password-field';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useSignUp } from '../api/auth.api';
import type { VerifyEmailState } from '../routes/verify-email-state';
import { TextLink } from './text-link';
import { submitValidated } from '../../../lib/submit-validated';
import { EmailField } from './email-field';
import { preloadRequestSchemas, requestSchema } from '../../../lib/load-request-schemas';

const FIELDS = ['email', 'username', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

interface SignUpFormProps {
  /** Called once the account exists, after moving to /verify-email (the sign-up dialog closes). */
  onSignedUp?: () => void;
}

export function SignUpForm({ onSignedUp }: SignUpFormProps = {}) {
  const navigate = useNavigate();
  const toast = useToast();
  const signUp = useSignUp();
  const { errors, show, clear } = useFieldErrors<Field>(FIELDS);
  const [values, setValues] = useState<Record<Field, string>>({
    email: '',
    username: '',
    password: '',
    confirmPassword: '',
  });

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    submitValidated({
      event,
      schema: requestSchema('SignUpBody'),
      input: { ...values, email: values.email.trim() },
      mutation: signUp,
      fields: FIELDS,
      show,
      onSuccess: (result) => {
        toast.show(result.message, { duration: SIGNUP_NOTICE_MS });
        const state: VerifyEmailState = { email: result.email, notification: result.notification };
        void navigate('/verify-email', { state });
        onSignedUp?.();
      },
    });
  }

  const failure = signUp.error;
  return (
    <form noValidate onFocus={preloadRequestSchemas} onSubmit={handleSubmit} className="flex flex-col gap-5">
      {failure && (
        <Alert tone="error">
          <p>{failure.message}</p>
          {isApiError(failure) && failure.code === 'EMAIL_TAKEN' && (
            <p className="mt-2">
              <TextLink to="/auth/login">Go to sign in</TextLink>
            </p>
          )}
        </Alert>
      )}
      <EmailField
        value={values.email}
        error={errors.email}
        onValueChange={(value) => update('email', value)}
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        hint="Use 3-20 letters, numbers, underscores or dashes"
        value={values.username}
        error={errors.username}
        onChange={(event) => update('username', sanitizeUsername(event.target.value))}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={(event) => update('password', event.target.value)}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => update('confirmPassword', event.target.value)}
      />
      <Button type="submit" fullWidth loading={signUp.isPending}>
        Create Account
      </Button>
    </form>
  );
}
