import { ACCESS_MESSAGES, actsAsCaptain, ALERT_MESSAGES, hasAlertCriteria } from '@castline/shared';
import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { fieldErrorsFromIssues } from '../../../lib/form-errors';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useSession } from '../../../lib/session';
import type { ListingFilters } from '../../listings';
import { alertFilterChips, alertFiltersFromListing, alertNameFor } from '../api/alert-filters';
import { useCreateAlert } from '../api/alerts.api';
import { checkWith } from '../../../lib/load-request-schemas';

interface SaveSearchDialogProps {
  /** The marketplace search as it is now. */
  filters: ListingFilters;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Save search': names the current marketplace search (a readable summary to start with) and saves
 * it as an alert, so that matching gear listed later is announced. A search with nothing to match
 * is refused.
 */
export function SaveSearchDialog({ filters, open, onOpenChange }: SaveSearchDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Save search"
        description="Get an alert whenever new gear matching this search is listed."
      >
        <SaveSearchForm filters={filters} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

const FIELDS = ['name'] as const;

function SaveSearchForm({ filters, onDone }: { filters: ListingFilters; onDone: () => void }) {
  const user = useSession().data?.user ?? null;
  // Saved searches belong to the Captain's Club: a member outside it is told so, before typing
  // anything, rather than refused once they save.
  if (user && !actsAsCaptain(user)) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="info">{ACCESS_MESSAGES.captainsOnly}</Alert>
        <p className="text-sm text-ink-muted">
          Saved searches, and the notifications they send when matching gear is listed, are kept for captains.
          You can still run this search on the Marketplace whenever you like.
        </p>
        <DialogClose asChild>
          <Button variant="secondary" className="self-end">
            Close
          </Button>
        </DialogClose>
      </div>
    );
  }
  return <CaptainsSaveSearchForm filters={filters} onDone={onDone} />;
}

function CaptainsSaveSearchForm({ filters, onDone }: { filters: ListingFilters; onDone: () => void }) {
  const toast = useToast();
  const create = useCreateAlert();
  const saved = useMemo(() => alertFiltersFromListing(filters), [filters]);
  const chips = useMemo(() => alertFilterChips(saved.filters), [saved.filters]);
  const [name, setName] = useState(() => alertNameFor(saved.filters));
  const { errors, show, clear } = useFieldErrors(FIELDS);

  if (!hasAlertCriteria(saved.filters)) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="error">{ALERT_MESSAGES.filtersRequired}</Alert>
        <p className="text-sm text-ink-muted">
          Type what you are looking for, or choose a category, brand, price or distance, then save the search.
        </p>
        <DialogClose asChild>
          <Button variant="secondary" className="self-end">
            Close
          </Button>
        </DialogClose>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (create.isPending) return;
    checkWith(
      'CreateAlertBody',
      { name, filters: saved.filters, is_active: true },
      {
        form,
        invalid: (problem) => {
          create.reset();
          const nameIssue = problem.issues.find((issue) => issue.path[0] === 'name');
          show(nameIssue ? { name: nameIssue.message } : {}, form);
          if (!nameIssue) toast.show(ALERT_MESSAGES.filtersInvalid, { tone: 'error' });
        },
        valid: (body) => {
          show({});
          create.mutate(body, {
            onSuccess: () => {
              toast.show(ALERT_MESSAGES.saved);
              onDone();
            },
            onError: (error) => {
              if (isApiError(error)) show(fieldErrorsFromIssues(error.issues, FIELDS), form);
            },
          });
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
          clear('name');
        }}
        error={errors.name}
        autoFocus
      />
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-ink">Matches listings with</p>
        <ul aria-label="Alert filters" className="flex flex-wrap gap-1.5">
          {chips.map((chip) => (
            <li key={chip}>
              <Badge tone="brand">{chip}</Badge>
            </li>
          ))}
        </ul>
        {saved.ignored.length > 0 && (
          <p className="text-sm text-ink-muted">{`Not part of saved searches: ${saved.ignored.join(', ')}.`}</p>
        )}
      </div>
      {create.isError && !errors.name && <Alert tone="error">{errorMessage(create.error)}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={create.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={create.isPending}>
          Save search
        </Button>
      </div>
    </form>
  );
}
