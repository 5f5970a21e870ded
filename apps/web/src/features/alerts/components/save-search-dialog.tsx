import { BellPlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { cn } from '../../../lib/cn';
import type { FromState } from '../../../lib/redirect-target';
import { useSession } from '../../../lib/session';
import type { ListingFilters } from '../../listings';

const loadDialog = () => import('./save-search-form-dialog');
const SaveSearchDialog = lazy(lazyNamed(loadDialog, 'SaveSearchDialog'));

/**
 * The marketplace's 'Save search' button: members open the dialog; a guest signs in first and comes
 * back to the same search.
 */
export function SaveSearchButton({ filters, className }: { filters: ListingFilters; className?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // The dialog's code loads on the first opening (or on hover/focus); the button waits, busy.
  const dialog = useLazyDialog(loadDialog);
  if (session.isPending) {
    // The button's room is kept while the session loads, so the controls next to it do not move.
    return (
      <Button
        variant="secondary"
        size="sm"
        className={cn(className, 'invisible')}
        aria-hidden="true"
        tabIndex={-1}
        disabled
      >
        <BellPlus aria-hidden="true" size={16} />
        Save search
      </Button>
    );
  }
  const signedIn = Boolean(session.data?.user);

  const onClick = () => {
    if (signedIn) {
      dialog.show();
      return;
    }
    const state: FromState = { from: location };
    void navigate('/auth/login', { state });
  };

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className={className}
        onClick={onClick}
        onPointerEnter={signedIn ? dialog.layer.prefetch : undefined}
        onFocus={signedIn ? dialog.layer.prefetch : undefined}
        aria-haspopup="dialog"
        aria-busy={dialog.layer.pending || undefined}
      >
        <BellPlus aria-hidden="true" size={16} />
        Save search
      </Button>
      <Suspense fallback={null}>
        {signedIn && dialog.mounted && (
          <SaveSearchDialog filters={filters} open={dialog.open} onOpenChange={dialog.setOpen} />
        )}
      </Suspense>
    </>
  );
}
