import type { ListingAlertDto } from '@castline/shared';
import { ALERT_LIMITS } from '@castline/shared';
import { BellRing, Pencil, Search, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { EmptyState } from '../../../components/ui/empty-state';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { alertFilterChips, marketplaceHrefFor } from '../api/alert-filters';
import { useAlerts, useUpdateAlert } from '../api/alerts.api';

/**
 * The member's saved searches: each with its filters, how many listings it matched (and how many
 * are new), a Pause/Resume switch, rename, delete (after a confirmation) and a link that runs the
 * search again in the marketplace.
 */
export function AlertsManager() {
  const alerts = useAlerts();

  if (alerts.isPending) {
    return (
      <LoadingSkeleton label="Loading your saved searches" className="grid gap-3 md:grid-cols-2">
        <CardSkeleton lines={3} />
        <CardSkeleton lines={3} />
      </LoadingSkeleton>
    );
  }
  if (alerts.isError) {
    return (
      <Alert tone="error">
        <p>{errorMessage(alerts.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void alerts.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { items } = alerts.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={BellRing}
        headingLevel={3}
        title="No saved searches yet"
        description="Search the Marketplace for the gear you are after, narrow it with filters, then choose “Save search”. We’ll tell you as soon as matching gear is listed."
        action={
          <Link to="/marketplace" className={buttonClasses()}>
            <Search aria-hidden="true" size={18} />
            Search the Marketplace
          </Link>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">
        {`${items.length} of ${ALERT_LIMITS.perMember} saved searches kept. `}
        Create more from any{' '}
        <Link to="/marketplace" className="font-medium text-brand hover:underline">
          Marketplace
        </Link>{' '}
        search with “Save search”.
      </p>
      <ul aria-label="Your saved searches" className="grid gap-3 md:grid-cols-2">
        {items.map((alert) => (
          <li key={alert.id} className="min-w-0">
            <AlertCard alert={alert} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function AlertCard({ alert }: { alert: ListingAlertDto }) {
  const titleId = useId();
  const toast = useToast();
  const update = useUpdateAlert();
  const chips = alertFilterChips(alert.filters);

  const toggle = () => {
    const is_active = !alert.is_active;
    update.mutate(
      { id: alert.id, body: { is_active } },
      {
        onSuccess: () => toast.show(is_active ? `“${alert.name}” is on again` : `“${alert.name}” is paused`),
        onError: (error) => toast.show(errorMessage(error), { tone: 'error' }),
      },
    );
  };

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex h-full flex-col gap-3 rounded-2xl border bg-surface p-4 shadow-sm shadow-black/5',
        alert.is_active ? 'border-line' : 'border-dashed border-line bg-surface-muted/40',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="font-semibold break-words text-ink">
            {alert.name}
          </h3>
          <p className="text-sm text-ink-muted">
            {`${alert.match_count} ${alert.match_count === 1 ? 'match' : 'matches'}`}
            {alert.unread_count > 0 && (
              <span className="font-semibold text-brand">{` · ${alert.unread_count} new`}</span>
            )}
          </p>
        </div>
        <Switch checked={alert.is_active} onChange={toggle} disabled={update.isPending} />
      </div>
      <ul aria-label="Filters" className="flex flex-wrap gap-1.5">
        {chips.map((chip) => (
          <li key={chip}>
            <Badge tone="brand">{chip}</Badge>
          </li>
        ))}
      </ul>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-line pt-3">
        <Link
          to={marketplaceHrefFor(alert.filters)}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <Search aria-hidden="true" size={16} />
          Open in marketplace
        </Link>
        <AlertDialogButton alert={alert} action="rename" />
        <AlertDialogButton alert={alert} action="delete" />
      </div>
    </article>
  );
}

/** On: the alert matches new listings; off: paused. */
function Switch({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label="Active"
      disabled={disabled}
      onClick={onChange}
      className="group inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-1 text-sm font-medium text-ink-muted disabled:opacity-60"
    >
      <span aria-hidden="true">{checked ? 'Active' : 'Paused'}</span>
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-6 w-11 items-center rounded-full transition-colors',
          checked ? 'bg-reed' : 'bg-line',
        )}
      >
        <span
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </span>
    </button>
  );
}

// The rename and delete dialogs (their forms and the dialog library) load on first use.
const loadDialogs = () => import('./alert-dialogs');
const RenameAlertDialog = lazy(lazyNamed(loadDialogs, 'RenameAlertDialog'));
const DeleteAlertDialog = lazy(lazyNamed(loadDialogs, 'DeleteAlertDialog'));

const ALERT_ACTIONS = {
  rename: { label: 'Rename', Icon: Pencil, className: undefined, Dialog: RenameAlertDialog },
  delete: {
    label: 'Delete',
    Icon: Trash2,
    className: 'text-danger hover:bg-danger-soft',
    Dialog: DeleteAlertDialog,
  },
} as const;

/** 'Rename' or 'Delete' of a saved search: the button at once, its dialog on first use. */
function AlertDialogButton({
  alert,
  action,
}: {
  alert: ListingAlertDto;
  action: keyof typeof ALERT_ACTIONS;
}) {
  const dialog = useLazyDialog(loadDialogs);
  const { label, Icon, className, Dialog } = ALERT_ACTIONS[action];
  return (
    <>
      <Button variant="ghost" size="sm" className={className} {...dialog.triggerProps}>
        <Icon aria-hidden="true" size={16} />
        {label}
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <Dialog
            alert={alert}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}
