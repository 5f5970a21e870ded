import type { PostDto } from '@castline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { forgetPost, useDeletePost } from '../api/forum.api';

export const POST_DELETED = 'Post deleted';

/** 'Delete' and its confirmation: DELETE /api/forum/posts/:id, a toast, and back to the Community. */
export function DeletePostButton({ post }: { post: PostDto }) {
  const [open, setOpen] = useState(false);
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="danger" size="sm">
          <Trash2 aria-hidden="true" size={16} />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete this post?"
        description={`“${post.title}” and its comments will be removed from the Community. This cannot be undone.`}
      >
        <div className="flex flex-col gap-4">
          {remove.isError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" loading={remove.isPending} onClick={confirm}>
              Delete post
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
