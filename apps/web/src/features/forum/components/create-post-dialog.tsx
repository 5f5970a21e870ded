import type { PostDto } from '@castline/shared';
import { SquarePen } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import type { FromState } from '../../../lib/redirect-target';
import { useSession } from '../../auth/api/auth.api';
import { useCreatePost } from '../api/forum.api';
import { takeOpenCreatePostFlag } from '../create-post-flag';
import type { PostDraft } from './post-composer';
import { EMPTY_DRAFT, PostComposer } from './post-composer';

export const POST_PUBLISHED = 'Post published';

interface CreatePostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Create Post': the composer in a dialog. The draft survives closing the dialog (until it is
 * published); a published post opens on its own page.
 */
export function CreatePostDialog({ open, onOpenChange }: CreatePostDialogProps) {
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

/**
 * The Community page's 'Create Post' button. Members open the composer (also when the mobile menu's
 * 'Create Post' left its flag); guests are sent to sign in and come back here.
 */
export function CreatePostAction({ className }: { className?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = Boolean(session.data?.user);
  const [open, setOpen] = useState(false);
  // The mobile menu's flag is read once, on arrival; it opens the composer once the visitor is
  // known to be a member (a guest's flag is simply dropped).
  const [flagged, setFlagged] = useState(takeOpenCreatePostFlag);
  const dialogOpen = open || (flagged && signedIn);
  const onOpenChange = (next: boolean) => {
    setFlagged(false);
    setOpen(next);
  };

  const onClick = () => {
    if (signedIn) {
      onOpenChange(true);
      return;
    }
    const state: FromState = { from: location };
    void navigate('/auth/login', { state });
  };

  return (
    <>
      <Button
        className={className}
        onClick={onClick}
        disabled={session.isPending}
        aria-haspopup={signedIn ? 'dialog' : undefined}
      >
        <SquarePen aria-hidden="true" size={18} />
        Create Post
      </Button>
      {signedIn && <CreatePostDialog open={dialogOpen} onOpenChange={onOpenChange} />}
    </>
  );
}
