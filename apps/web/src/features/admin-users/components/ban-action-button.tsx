import { ShieldBan, ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';

// The ban form and the unban confirmation (and the dialog library) load on the first press, or on
// hover/focus, not with the member's page.
const loadBanDialog = () => import('./ban-user-dialog');
const BanUserDialog = lazy(lazyNamed(loadBanDialog, 'BanUserDialog'));
const loadUnbanDialog = () => import('./unban-user-dialog');
const UnbanUserDialog = lazy(lazyNamed(loadUnbanDialog, 'UnbanUserDialog'));

interface BanActionButtonProps {
  user: { id: string; username: string };
  banned: boolean;
}

/** 'Ban member', or 'Unban member' for a banned member, each opening its dialog. */
export function BanActionButton({ user, banned }: BanActionButtonProps) {
  return banned ? <UnbanButton user={user} /> : <BanButton user={user} />;
}

function BanButton({ user }: Pick<BanActionButtonProps, 'user'>) {
  const dialog = useLazyDialog(loadBanDialog);
  return (
    <>
      <Button variant="danger" className="self-start" {...dialog.triggerProps}>
        <ShieldBan aria-hidden="true" size={18} />
        Ban member
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <BanUserDialog
            user={user}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}

function UnbanButton({ user }: Pick<BanActionButtonProps, 'user'>) {
  const dialog = useLazyDialog(loadUnbanDialog);
  return (
    <>
      <Button className="self-start" {...dialog.triggerProps}>
        <ShieldCheck aria-hidden="true" size={18} />
        Unban member
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <UnbanUserDialog
            user={user}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}
