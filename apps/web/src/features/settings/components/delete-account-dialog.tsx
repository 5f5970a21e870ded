import type { DeleteAccountBody } from '@castline/shared';
import type { FormEvent, RefObject } from 'react';
import { useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useDeleteAccount } from '../api/settings.api';
import { checkWith } from '../../../lib/load-request-schemas';

const FIELDS = ['password'] as const;

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Deleting the account, confirmed with the password. */
export function DeleteAccountDialog({ open, onOpenChange, returnFocusTo }: DeleteAccountDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <DeleteAccountForm returnFocusTo={returnFocusTo} />}
    </Dialog>
  );
}

function DeleteAccountForm({ returnFocusTo }: { returnFocusTo: RefObject<HTMLElement | null> }) {
  const navigate = useNavigate();
  const toast = useToast();
  const remove = useDeleteAccount();
  const { errors, show, clear } = useFieldErrors(FIELDS);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (remove.isPending) return;
    setFailure(null);
    checkWith(
      'DeleteAccountBody',
      { password },
      {
        form,
        invalid: (error) => show(fieldErrorsFromZod(error), form),
        valid: (body) => send(body, form),
      },
    );
  }

  function send(body: DeleteAccountBody, form: HTMLFormElement) {
    show({});
    remove.mutateAsync(body).then(
      (result) => {
        // Leave the member-only page first, then forget the member.
        void navigate('/', { replace: true });
        remove.forget();
        toast.show(result.message);
      },
      (error: unknown) => {
        const byField = isApiError(error) ? fieldErrorsFromIssues(error.issues, FIELDS) : {};
        if (byField.password) show(byField, form);
        else setFailure(errorMessage(error));
      },
    );
  }

  return (
    <DialogContent
      returnFocusTo={returnFocusTo}
      title="Delete your account?"
      description="Enter your password to confirm. This cannot be undone."
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
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
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="danger" loading={remove.isPending}>
            Delete account
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
