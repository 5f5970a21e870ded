import type { PostDto } from '@castline/shared';
import { Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';

// Only the author sees this button: the composer loads on its first opening (or on hover/focus).
const loadDialog = () => import('./edit-post-dialog');
const EditPostDialog = lazy(lazyNamed(loadDialog, 'EditPostDialog'));

/** The author's 'Edit' on a post: each opening starts from the post as it is then. */
export function EditPostButton({ post }: { post: PostDto }) {
  const dialog = useLazyDialog(loadDialog);
  const [opening, setOpening] = useState(0);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        {...dialog.triggerProps}
        onClick={() => {
          setOpening((count) => count + 1);
          dialog.show();
        }}
      >
        <Pencil aria-hidden="true" size={16} />
        Edit
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <EditPostDialog
            key={opening}
            post={post}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}
