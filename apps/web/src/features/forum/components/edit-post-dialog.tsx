import type { PostDto } from '@castline/shared';
import { FORUM_MESSAGES } from '@castline/shared';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { useUpdatePost } from '../api/forum.api';
import type { PostDraft } from './post-composer';
import { draftOf, PostComposer } from './post-composer';

export const POST_UPDATED = 'Post updated';

/** A refusal the member can act on keeps its own text; anything else is the spec's update failure. */
export function updateFailureMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return FORUM_MESSAGES.updatePostFailed;
}

/** 'Edit' on a post: the composer filled with the post, saved with PATCH /api/forum/posts/:id. */
export function EditPostButton({ post }: { post: PostDto }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<PostDraft>(() => draftOf(post));
  const update = useUpdatePost(post.id);
  const toast = useToast();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (update.isPending) return;
        // Each opening starts from the post as it is now (it may have changed live meanwhile).
        if (next) setDraft(draftOf(post));
        update.reset();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Pencil aria-hidden="true" size={16} />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent title="Edit post" className="max-w-2xl">
        <PostComposer
          draft={draft}
          onDraftChange={setDraft}
          mutation={update}
          submitLabel="Save changes"
          failureMessage={updateFailureMessage}
          onSuccess={() => {
            setOpen(false);
            toast.show(POST_UPDATED);
          }}
          onCancel={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
