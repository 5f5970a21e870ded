import type { ChangePasswordBody } from '@castline/shared';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '@castline/shared';
import { KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useChangePassword } from '../api/settings.api';
import { SettingsSection } from './settings-section';
import { checkWith } from '../../../lib/load-request-schemas';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;
type Field = (typeof FIELDS)[number];

/** Current password, a new one twice; the other sessions of the account end with the change. */
export function ChangePasswordSection() {
  const change = useChangePassword();
  const { errors, show, clear } = useFieldErrors<Field>(FIELDS);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (change.isPending) return;
    setFailure(null);
    const mismatch = (fieldErrors: Partial<Record<Field, string>>) => {
      if (next && confirm !== next && !fieldErrors.new_password) {
        fieldErrors.confirm_password = AUTH_MESSAGES.passwordsDoNotMatch;
      }
      return fieldErrors;
    };
    checkWith(
      'ChangePasswordBody',
      { current_password: current, new_password: next },
      {
        form,
        invalid: (error) => {
          change.reset();
          show(mismatch(fieldErrorsFromZod<Field>(error)), form);
        },
        valid: (body) => {
          const fieldErrors = mismatch({});
          if (fieldErrors.confirm_password) {
            change.reset();
            show(fieldErrors, form);
            return;
          }
          send(body, form);
        },
      },
    );
  }

  function send(body: ChangePasswordBody, form: HTMLFormElement) {
    show({});
    change.mutate(body, {
      onSuccess: () => {
        setCurrent('');
        setNext('');
        setConfirm('');
      },
      onError: (error) => {
        const byField = isApiError(error) ? fieldErrorsFromIssues(error.issues, FIELDS) : {};
        if (Object.keys(byField).length > 0) show(byField, form);
        else setFailure(errorMessage(error));
      },
    });
  }

  return (
    <SettingsSection
      title="Change password"
      icon={KeyRound}
      description="Enter your current password, then choose a new one. Every other device signed in to your account is signed out."
    >
      <form noValidate onSubmit={handleSubmit} className="flex max-w-md flex-col gap-4">
        {change.isSuccess && <Alert tone="success">{change.data.message}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <PasswordField
          label="Current password"
          name="current_password"
          autoComplete="current-password"
          value={current}
          error={errors.current_password}
          onChange={(event) => {
            setCurrent(event.target.value);
            clear('current_password');
          }}
        />
        <PasswordField
          label="New password"
          name="new_password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={next}
          error={errors.new_password}
          onChange={(event) => {
            setNext(event.target.value);
            clear('new_password');
          }}
        />
        <PasswordField
          label="Confirm new password"
          name="confirm_password"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm_password}
          onChange={(event) => {
            setConfirm(event.target.value);
            clear('confirm_password');
          }}
        />
        <Button type="submit" className="self-start" loading={change.isPending}>
          Change password
        </Button>
      </form>
    </SettingsSection>
  );
}
