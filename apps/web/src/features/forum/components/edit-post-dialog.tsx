import type { PostDto } from '@castline/shared';
import { FORUM_MESSAGES } from '@castline/shared';
import type { RefObject } from 'react';
import { useState } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
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

interface EditPostDialogProps {
  post: PostDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * 'Edit' on a post: the composer filled with the post, saved with PATCH /api/forum/posts/:id. Mount
 * it afresh for each opening (a new `key`), so that it starts from the post as it is then (it may
 * have changed live meanwhile).
 */
export function EditPostDialog({ post, open, onOpenChange, returnFocusTo }: EditPostDialogProps) {
  const [draft, setDraft] = useState<PostDraft>(() => draftOf(post));
  const update = useUpdatePost(post.id);
  const toast = useToast();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (update.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent title="Edit post" className="max-w-2xl" returnFocusTo={returnFocusTo}>
        <PostComposer
          draft={draft}
          onDraftChange={setDraft}
          mutation={update}
          submitLabel="Save changes"
          failureMessage={updateFailureMessage}
          onSuccess={() => {
            onOpenChange(false);
            toast.show(POST_UPDATED);
          }}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
