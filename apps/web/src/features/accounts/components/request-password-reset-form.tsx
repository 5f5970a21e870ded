import { AUTH_MESSAGES } from '@castline/shared';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useRequestPasswordReset } from '../api/auth.api';
import { submitValidated } from '../../../lib/submit-validated';
import { EmailField } from './email-field';
import { preloadRequestSchemas, requestSchema } from '../../../lib/load-request-schemas';

const FIELDS = ['email'] as const;
type Field = (typeof FIELDS)[number];

/** The server's own words when it answered; the generic failure text when it could not be reached. */
function resetFailureMessage(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.code !== 'UNEXPECTED_RESPONSE'
    ? error.message
    : AUTH_MESSAGES.resetRequestFailed;
}

export function RequestPasswordResetForm() {
  const request = useRequestPasswordReset();
  const { errors, show, clear } = useFieldErrors<Field>(FIELDS);
  const [email, setEmail] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    submitValidated({
      event,
      schema: requestSchema('RequestPasswordResetBody'),
      input: { email },
      mutation: request,
      fields: FIELDS,
      show,
    });
  }

  if (request.isSuccess) {
    return <Alert tone="success">{request.data.message}</Alert>;
  }

  return (
    <form noValidate onFocus={preloadRequestSchemas} onSubmit={handleSubmit} className="flex flex-col gap-5">
      {request.isError && <Alert tone="error">{resetFailureMessage(request.error)}</Alert>}
      <EmailField
        value={email}
        error={errors.email}
        onValueChange={(value) => {
          setEmail(value);
          clear('email');
        }}
      />
      <Button type="submit" fullWidth loading={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
