import type { ChangeEmailBody } from '@castline/shared';
import { Mail } from 'lucide-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useChangeEmail } from '../api/settings.api';
import { SettingsSection } from './settings-section';
import { checkWith } from '../../../lib/load-request-schemas';

const FIELDS = ['new_email', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** A new address and the password; the change waits until the link mailed to the new address is opened. */
export function ChangeEmailSection({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const { errors, show, clear } = useFieldErrors<Field>(FIELDS);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (change.isPending) return;
    setFailure(null);
    checkWith(
      'ChangeEmailBody',
      { new_email: email, password },
      {
        form,
        invalid: (error) => {
          change.reset();
          show(fieldErrorsFromZod<Field>(error), form);
        },
        valid: (body) => send(body, form),
      },
    );
  }

  function send(body: ChangeEmailBody, form: HTMLFormElement) {
    show({});
    change.mutate(body, {
      onSuccess: () => {
        setSentTo(body.new_email);
        setEmail('');
        setPassword('');
      },
      onError: (error) => {
        if (!isApiError(error)) {
          setFailure(errorMessage(error));
          return;
        }
        const byField: Partial<Record<Field, string>> =
          error.code === 'EMAIL_TAKEN'
            ? { new_email: error.message }
            : fieldErrorsFromIssues(error.issues, FIELDS);
        if (Object.keys(byField).length > 0) show(byField, form);
        else setFailure(error.message);
      },
    });
  }

  return (
    <SettingsSection
      title="Change email"
      icon={Mail}
      description={
        <p>
          Your email is <strong className="font-semibold break-all text-ink">{currentEmail}</strong>. We send
          a confirmation link to the new address; the change takes effect once you open it.
        </p>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="flex max-w-md flex-col gap-4">
        {change.isSuccess && sentTo && (
          <Alert tone="success">
            <p>{change.data.message}</p>
            <p className="mt-1">
              Sent to <strong className="font-semibold break-all">{sentTo}</strong>.
            </p>
          </Alert>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField
          label="New email address"
          name="new_email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          error={errors.new_email}
          onChange={(event) => {
            setEmail(event.target.value);
            clear('new_email');
          }}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          hint="To confirm it is you."
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            clear('password');
          }}
        />
        <Button type="submit" className="self-start" loading={change.isPending}>
          Send confirmation link
        </Button>
      </form>
    </SettingsSection>
  );
}
