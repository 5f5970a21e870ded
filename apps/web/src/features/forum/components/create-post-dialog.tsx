import type { PostDto } from '@castline/shared';
import type { RefObject } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useCreatePost } from '../api/forum.api';
import type { PostDraft } from './post-composer';
import { EMPTY_DRAFT, PostComposer } from './post-composer';

export const POST_PUBLISHED = 'Post published';

interface CreatePostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * 'Create Post': the composer in a dialog. The draft survives closing the dialog (until it is
 * published); a published post opens on its own page.
 */
export function CreatePostDialog({ open, onOpenChange, returnFocusTo }: CreatePostDialogProps) {
  const create = useCreatePost();
  const toast = useToast();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<PostDraft>(EMPTY_DRAFT);

  const onPublished = (post: PostDto) => {
    setDraft(EMPTY_DRAFT);
    onOpenChange(false);
    toast.show(POST_PUBLISHED);
    void navigate(`/forum/post/${encodeURIComponent(post.id)}`);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        if (!next) create.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Create Post"
        description="Ask a question, share a catch or a tip. Everyone can read it; members can reply."
        className="max-w-2xl"
        returnFocusTo={returnFocusTo}
      >
        <PostComposer
          draft={draft}
          onDraftChange={setDraft}
          mutation={create}
          submitLabel="Publish post"
          failureMessage={errorMessage}
          onSuccess={onPublished}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
