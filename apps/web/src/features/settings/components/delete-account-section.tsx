import { SETTINGS_MESSAGES } from '@castline/shared';
import { TriangleAlert } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { SettingsSection } from './settings-section';

// The dialog (its form, its checks and the dialog library) loads on first use, not with the page.
const loadDialog = () => import('./delete-account-dialog');
const DeleteAccountDialog = lazy(lazyNamed(loadDialog, 'DeleteAccountDialog'));

/** The danger zone: deleting the account, confirmed with the password in a dialog. */
export function DeleteAccountSection() {
  const dialog = useLazyDialog(loadDialog);
  return (
    <SettingsSection
      title="Delete account"
      icon={TriangleAlert}
      tone="danger"
      description={SETTINGS_MESSAGES.deleteAccountWarning}
    >
      <Button variant="danger" {...dialog.triggerProps}>
        Delete my account
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <DeleteAccountDialog
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </SettingsSection>
  );
}
