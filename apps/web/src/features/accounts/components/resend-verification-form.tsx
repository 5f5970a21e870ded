import type { FormEvent } from 'react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useResendVerification } from '../api/auth.api';
import { submitValidated } from '../../../lib/submit-validated';
import { EmailField } from './email-field';
import { preloadRequestSchemas, requestSchema } from '../../../lib/load-request-schemas';

const FIELDS = ['email'] as const;
type Field = (typeof FIELDS)[number];

/** Asks for a fresh verification link; the answer is the same whether or not the email is known. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const resend = useResendVerification();
  const { errors, show, clear } = useFieldErrors<Field>(FIELDS);
  const [email, setEmail] = useState(defaultEmail);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    submitValidated({
      event,
      schema: requestSchema('ResendVerificationBody'),
      input: { email },
      mutation: resend,
      fields: FIELDS,
      show,
    });
  }

  return (
    <form noValidate onFocus={preloadRequestSchemas} onSubmit={handleSubmit} className="flex flex-col gap-4">
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
