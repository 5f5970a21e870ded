import { EmailField } from './email-field';
import { ResendVerificationBody } from '@castline/shared';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useResendVerification } from '../api/auth.api';

const FIELDS = ['email'] as const;
type Field = (typeof FIELDS)[number];

/** Asks for a fresh verification link; the answer is the same whether or not the email is known. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const resend = useResendVerification();
  const { errors, show, clear } = useFieldErrors<Field>(FIELDS);
  const [email, setEmail] = useState(defaultEmail);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (resend.isPending) return;
    const parsed = ResendVerificationBody.safeParse({ email });
    if (!parsed.success) {
      resend.reset();
      show(fieldErrorsFromZod<Field>(parsed.error), form);
      return;
    }
    show({});
    resend.mutate(parsed.data, {
      onError: (error) => {
        if (isApiError(error)) show(fieldErrorsFromIssues(error.issues, FIELDS), form);
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
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
      <Button type="submit" variant="secondary" fullWidth loading={resend.isPending}>
        Resend verification email
      </Button>
    </form>
  );
}
