import { SquarePen } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import type { FromState } from '../../../lib/redirect-target';
import { useSession } from '../../../lib/session';
import { takeOpenCreatePostFlag } from '../create-post-flag';

// The composer (its checks, photo handling and the dialog library) loads on first use.
const loadDialog = () => import('./create-post-dialog');
const CreatePostDialog = lazy(lazyNamed(loadDialog, 'CreatePostDialog'));

/**
 * The Community page's 'Create Post' button. Members open the composer (also when the mobile menu's
 * 'Create Post' left its flag); guests are sent to sign in and come back here.
 */
export function CreatePostAction({ className }: { className?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = Boolean(session.data?.user);
  const dialog = useLazyDialog(loadDialog);
  // The mobile menu's flag is read once, on arrival; it opens the composer once the visitor is
  // known to be a member (a guest's flag is simply dropped).
  const [flagged, setFlagged] = useState(takeOpenCreatePostFlag);
  const dialogOpen = dialog.open || (flagged && signedIn);
  const { mounted } = dialog;
  const { activate } = dialog.layer;
  // The flag opens the composer without a click: its code is asked for here.
  useEffect(() => {
    if (dialogOpen && !mounted) activate('pointer');
  }, [activate, dialogOpen, mounted]);
  const onOpenChange = (next: boolean) => {
    setFlagged(false);
    dialog.setOpen(next);
  };

  const onClick = () => {
    if (signedIn) {
      setFlagged(false);
      dialog.show();
      return;
    }
    const state: FromState = { from: location };
    void navigate('/auth/login', { state });
  };

  return (
    <>
      <Button
        className={className}
        {...dialog.triggerProps}
        {...(signedIn ? {} : { onPointerEnter: undefined, onFocus: undefined, 'aria-haspopup': undefined })}
        aria-expanded={signedIn ? dialogOpen : undefined}
        onClick={onClick}
        disabled={session.isPending}
      >
        <SquarePen aria-hidden="true" size={18} />
        Create Post
      </Button>
      <Suspense fallback={null}>
        {signedIn && mounted && (
          <CreatePostDialog open={dialogOpen} onOpenChange={onOpenChange} returnFocusTo={dialog.triggerRef} />
        )}
      </Suspense>
    </>
  );
}
