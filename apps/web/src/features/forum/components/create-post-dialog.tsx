import type { PostDto } from '@castline/shared';
import type { RefObject } from 'react';
import { useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { ComposerSheetContent } from '../../../components/ui/composer-sheet';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useCreatePost } from '../api/forum.api';
import { useTopicDraft } from '../api/forum-drafts.api';
import { useDraftAutosave } from '../lib/use-draft-autosave';
import { DraftStatus } from './draft-status';
import type { PostDraft } from './post-composer';
import { EMPTY_DRAFT, PostComposer } from './post-composer';

export const POST_PUBLISHED = 'Post published';

interface CreatePostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

function isEmpty(draft: PostDraft): boolean {
  return (
    !draft.title.trim() &&
    !draft.category &&
    !draft.content.trim() &&
    draft.images.length === 0 &&
    !draft.tags?.length
  );
}

/**
 * 'Create Post': the composer in a full-width sheet (the whole screen on a phone). What is written
 * is kept on the server as a draft while the member writes, so it is there again after a reload,
 * after closing the sheet, or on another device, until it is published or discarded.
 */
export function CreatePostDialog({ open, onOpenChange, returnFocusTo }: CreatePostDialogProps) {
  const create = useCreatePost();
  const toast = useToast();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<PostDraft>(EMPTY_DRAFT);

  // The stored draft is put back when the sheet first opens, unless something is written already.
  const stored = useTopicDraft(open);
  const [restored, setRestored] = useState(false);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  if (!restored && stored.isFetched) {
    setRestored(true);
    const saved = stored.data?.draft;
    if (saved && isEmpty(draft)) {
      setRestoredAt(saved.updated_at);
      setDraft({
        ...draft,
        title: saved.title,
        category: saved.category,
        content: saved.content,
        images: [...saved.images],
        tags: [...saved.tags],
      });
    }
  }
  const autosave = useDraftAutosave({
    place: { kind: 'new-topic' },
    value: {
      title: draft.title,
      category: draft.category,
      content: draft.content,
      images: draft.images,
      tags: draft.tags ?? [],
    },
    enabled: restored,
    restoredAt,
  });

  const onPublished = (post: PostDto) => {
    // The server discarded the draft with the post.
    setDraft(EMPTY_DRAFT);
    autosave.forget();
    onOpenChange(false);
    toast.show(POST_PUBLISHED);
    void navigate(`/forum/post/${encodeURIComponent(post.id)}`);
  };

  const discard = () => {
    setDraft(EMPTY_DRAFT);
    void autosave.discard();
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
      <ComposerSheetContent
        title="Create Post"
        description="Ask a question, share a catch or a tip. Everyone can read it; members can reply."
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
          status={<DraftStatus status={autosave.status} onDiscard={discard} />}
        />
      </ComposerSheetContent>
    </Dialog>
  );
}
