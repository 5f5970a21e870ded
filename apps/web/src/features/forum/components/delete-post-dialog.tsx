import type { PostDto } from '@castline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { forgetPost, useDeletePost } from '../api/forum.api';

export const POST_DELETED = 'Post deleted';

// The confirmation (and the dialog library) loads on the first press, or on hover/focus.
const loadConfirm = () => import('../../../components/ui/confirm-dialog');
const ConfirmDialog = lazy(lazyNamed(loadConfirm, 'ConfirmDialog'));

/** 'Delete' and its confirmation: DELETE /api/forum/posts/:id, a toast, and back to the Community. */
export function DeletePostButton({ post }: { post: PostDto }) {
  const dialog = useLazyDialog(loadConfirm);
  const remove = useDeletePost(post.id);
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();

  const confirm = () => {
    remove.mutate(undefined, {
      onSuccess: async () => {
        toast.show(POST_DELETED);
        await navigate('/forum');
        forgetPost(queryClient, post.id);
      },
    });
  };

  return (
    <>
      <Button variant="danger" size="sm" {...dialog.triggerProps}>
        <Trash2 aria-hidden="true" size={16} />
        Delete
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <ConfirmDialog
            open={dialog.open}
            onOpenChange={(next) => {
              dialog.setOpen(next);
              if (!next) remove.reset();
            }}
            title="Delete this post?"
            description={`“${post.title}” and its comments will be removed from the Community. This cannot be undone.`}
            confirmLabel="Delete post"
            pending={remove.isPending}
            onConfirm={confirm}
            error={remove.isError ? errorMessage(remove.error) : null}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}
