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
  // A ban and an unban are different dialogs: the key starts afresh when the member's state turns.
  return <BanOrUnbanButton key={banned ? 'unban' : 'ban'} user={user} banned={banned} />;
}

function BanOrUnbanButton({ user, banned }: BanActionButtonProps) {
  const dialog = useLazyDialog(banned ? loadUnbanDialog : loadBanDialog);
  const Dialog = banned ? UnbanUserDialog : BanUserDialog;
  const Icon = banned ? ShieldCheck : ShieldBan;
  return (
    <>
      <Button variant={banned ? 'primary' : 'danger'} className="self-start" {...dialog.triggerProps}>
        <Icon aria-hidden="true" size={18} />
        {banned ? 'Unban member' : 'Ban member'}
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <Dialog
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
