import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useResetPassword } from '../api/auth.api';
import { TextLink } from './text-link';
import { loadRequestSchemas, preloadRequestSchemas } from '../../../lib/load-request-schemas';

const FIELDS = ['password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** Chooses a new password with the token from the reset link. */
export function SetNewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const { errors, show, clear } = useFieldErrors<Field>(FIELDS);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [tokenProblem, setTokenProblem] = useState<string | null>(null);

  // The schema loads with the first submit (no part of the page's first load).
  const validating = useRef(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (reset.isPending || validating.current) return;
    const input = { token, password, confirmPassword };
    const onError = (error: unknown) => {
      if (isApiError(error)) show(fieldErrorsFromIssues(error.issues, FIELDS), form);
    };
    validating.current = true;
    const schema = await loadRequestSchemas()
      .then((schemas) => schemas.ResetPasswordBody)
      .catch(() => null)
      .finally(() => {
        validating.current = false;
      });
    if (!schema) {
      // The schema could not load (offline, a new deployment): the server checks the same rules.
      reset.mutate(input, { onError });
      return;
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      reset.reset();
      const fieldErrors = fieldErrorsFromZod<Field | 'token'>(parsed.error);
      setTokenProblem(fieldErrors.token ?? null);
      show({ password: fieldErrors.password, confirmPassword: fieldErrors.confirmPassword }, form);
      return;
    }
    setTokenProblem(null);
    show({});
    reset.mutate(parsed.data, { onError });
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
    <form
      noValidate
      onFocus={preloadRequestSchemas}
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-5"
    >
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
