import { ResetPasswordBody } from '@castline/shared';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useResetPassword } from '../api/auth.api';
import { TextLink } from './text-link';

const FIELDS = ['password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** Chooses a new password with the token from the reset link. */
export function SetNewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const { errors, show, clear } = useFieldErrors<Field>(FIELDS);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [tokenProblem, setTokenProblem] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (reset.isPending) return;
    const parsed = ResetPasswordBody.safeParse({ token, password, confirmPassword });
    if (!parsed.success) {
      reset.reset();
      const fieldErrors = fieldErrorsFromZod<Field | 'token'>(parsed.error);
      setTokenProblem(fieldErrors.token ?? null);
      show({ password: fieldErrors.password, confirmPassword: fieldErrors.confirmPassword }, form);
      return;
    }
    setTokenProblem(null);
    show({});
    reset.mutate(parsed.data, {
      onError: (error) => {
        if (isApiError(error)) show(fieldErrorsFromIssues(error.issues, FIELDS), form);
      },
    });
  }

  if (reset.isSuccess) {
    return (
      <>
        <Alert tone="success">{reset.data.message}</Alert>
        <Link to="/auth/login" className={buttonClasses({ fullWidth: true })}>
          Sign In
        </Link>
      </>
    );
  }

  const failure = reset.error;
  const linkInvalid = Boolean(tokenProblem) || (isApiError(failure) && failure.code === 'INVALID_TOKEN');
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {(failure || tokenProblem) && (
        <Alert tone="error">
          <p>{tokenProblem ?? failure?.message}</p>
          {linkInvalid && (
            <p className="mt-2">
              <TextLink to="/reset-password">Request a new link</TextLink>
            </p>
          )}
        </Alert>
      )}
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          clear('password');
        }}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => {
          setConfirmPassword(event.target.value);
          clear('confirmPassword');
        }}
      />
      <Button type="submit" fullWidth loading={reset.isPending}>
        Update password
      </Button>
    </form>
  );
}
