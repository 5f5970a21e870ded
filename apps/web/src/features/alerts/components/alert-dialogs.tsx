import type { ListingAlertDto } from '@castline/shared';
import type { FormEvent, RefObject } from 'react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { checkWith } from '../../../lib/load-request-schemas';
import { useDeleteAlert, useUpdateAlert } from '../api/alerts.api';

/*
 * A saved search's rename and delete dialogs, loaded when a member first opens one (with the
 * dialog library), so that they are no part of the Captain's Club's first load.
 */

interface AlertDialogProps {
  alert: ListingAlertDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Renames a saved search. */
export function RenameAlertDialog({ alert, open, onOpenChange, returnFocusTo }: AlertDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          returnFocusTo={returnFocusTo}
          title="Rename saved search"
          description="Give the saved search a name you will recognise in your notifications."
        >
          <RenameForm alert={alert} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function RenameForm({ alert, onDone }: { alert: ListingAlertDto; onDone: () => void }) {
  const toast = useToast();
  const update = useUpdateAlert();
  const [name, setName] = useState(alert.name);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    checkWith(
      'UpdateAlertBody',
      { name },
      {
        form: event.currentTarget,
        invalid: (problem) => setError(problem.issues[0]?.message),
        valid: (body) => {
          setError(undefined);
          update.mutate(
            { id: alert.id, body },
            {
              onSuccess: () => {
                toast.show('Alert renamed');
                onDone();
              },
            },
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Name"
        name="name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        error={error}
        autoFocus
      />
      {update.isError && <Alert tone="error">{errorMessage(update.error)}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={update.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={update.isPending}>
          Save name
        </Button>
      </div>
    </form>
  );
}

/** Deletes a saved search after the member confirms. */
export function DeleteAlertDialog({ alert, open, onOpenChange, returnFocusTo }: AlertDialogProps) {
  const toast = useToast();
  const remove = useDeleteAlert();

  const confirm = () => {
    remove.mutate(alert.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast.show('Alert deleted');
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        onOpenChange(next);
        if (!next) remove.reset();
      }}
    >
      <DialogContent
        returnFocusTo={returnFocusTo}
        title="Delete this saved search?"
        description={`“${alert.name}” and its ${alert.match_count} ${alert.match_count === 1 ? 'match' : 'matches'} will be removed. Listings themselves stay in the marketplace.`}
      >
        <div className="flex flex-col gap-4">
          {remove.isError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                Keep it
              </Button>
            </DialogClose>
            <Button variant="danger" onClick={confirm} loading={remove.isPending}>
              Delete saved search
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
