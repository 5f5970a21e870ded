import type { PostDto } from '@castline/shared';
import { POST_UPDATED, updateFailureMessage } from './edit-post-texts';
import type { RefObject } from 'react';
import { useState } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { useUpdatePost } from '../api/forum.api';
import type { PostDraft } from './post-composer';
import { draftOf, PostComposer } from './post-composer';

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
