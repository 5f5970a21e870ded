import { SETTINGS_MESSAGES } from '@castline/shared';
import { MailCheck, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useRequestSchemas } from '../../../lib/load-request-schemas';
import { useConfirmEmailChange } from '../api/settings.api';

/** /settings/confirm-email?token=…: opened from the link mailed to the new address. */
export function ConfirmEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col px-4 py-12 sm:px-6">
      <ConfirmToken key={token} token={token} />
    </div>
  );
}

/** Checks the link's token with the shared rules (loaded first), then confirms it once. */
function ConfirmToken({ token }: { token: string }) {
  const schemas = useRequestSchemas(true);
  const parsed = schemas?.ConfirmEmailChangeBody.safeParse({ token });
  const valid = parsed?.success ? parsed.data.token : null;
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  // React StrictMode runs effects twice in development; a link may be used only once.
  const started = useRef(false);
  useEffect(() => {
    if (valid === null || started.current) return;
    started.current = true;
    mutate({ token: valid });
  }, [mutate, valid]);

  if (parsed && !parsed.success) {
    return <Outcome tone="error" message={SETTINGS_MESSAGES.emailChangeLinkInvalid} />;
  }
  if (confirm.isSuccess) {
    return <Outcome tone="success" message={confirm.data.message} email={confirm.data.email} />;
  }
  if (confirm.isError) return <Outcome tone="error" message={errorMessage(confirm.error)} />;
  return (
    <Card className="flex flex-col items-center gap-4 px-5 py-12 text-center sm:px-8">
      <title>Confirming your email · Castline</title>
      <h1 className="sr-only">Confirming your new email</h1>
      <Spinner label="Confirming your new email" size={32} className="text-brand" />
      <p className="text-ink-muted">Confirming your new email…</p>
    </Card>
  );
}

function Outcome({ tone, message, email }: { tone: 'success' | 'error'; message: string; email?: string }) {
  const success = tone === 'success';
  const Icon = success ? MailCheck : MailX;
  const title = success ? 'Email changed' : 'We couldn’t change your email';
  return (
    <Card className="flex flex-col gap-5 px-5 py-8 sm:px-8">
      <title>{`${title} · Castline`}</title>
      <div className="flex flex-col items-center gap-3 text-center">
        <span
          className={
            success
              ? 'inline-flex size-14 items-center justify-center rounded-full bg-reed-soft text-reed'
              : 'inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger'
          }
        >
          <Icon aria-hidden="true" size={28} />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      </div>
      <Alert tone={tone}>
        <p>{message}</p>
        {email && (
          <p className="mt-1">
            You now sign in with <strong className="font-semibold break-all">{email}</strong>.
          </p>
        )}
      </Alert>
      <Link
        to="/settings"
        className={buttonClasses({ fullWidth: true, variant: success ? 'primary' : 'secondary' })}
      >
        {success ? 'Back to Settings' : 'Go to Settings to request a new link'}
      </Link>
    </Card>
  );
}
