import { CreateCommentBody, FORUM_LIMITS } from '@castline/shared';
import { Reply, X } from 'lucide-react';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format-number';
import { submitValidated } from '../../../lib/submit-validated';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useAddComment } from '../api/forum.api';
import { useDraftAutosave } from '../lib/use-draft-autosave';
import { quotableText } from '../lib/comment-threads';
import type { CommentComposer } from '../lib/use-comment-composer';
import { COMMENT_ADDED } from './comment-added';
import { DraftStatus } from './draft-status';
import { MarkdownEditor } from './markdown-editor';

const FIELDS = ['content'] as const;

interface CommentFormProps {
  postId: string;
  composer: CommentComposer;
}

/**
 * A member's comment box: a comment on the topic, or a reply to one comment. It has the forum's
 * Markdown editor (toolbar, preview, images dropped or pasted), and keeps what is being written as
 * a draft on the server, so it is still there after a reload or on another device.
 */
export default function CommentForm({ postId, composer }: CommentFormProps) {
  const id = useId();
  const add = useAddComment(postId);
  const toast = useToast();
  const { content, setContent, replyingTo } = composer;
  const { errors, show, clear } = useFieldErrors(FIELDS);
  const [uploading, setUploading] = useState(false);
  const showWrite = useRef<(() => void) | null>(null);

  const autosave = useDraftAutosave({
    place: { kind: 'reply', postId },
    value: { content, reply_to_id: replyingTo?.id ?? null },
    enabled: composer.draftRead,
    restoredAt: composer.restoredDraftAt,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (uploading) {
      event.preventDefault();
      return;
    }
    submitValidated({
      event,
      schema: CreateCommentBody,
      input: { content, ...(replyingTo ? { reply_to_id: replyingTo.id } : {}) },
      mutation: add,
      fields: FIELDS,
      show: (next, form) => {
        if (next.content) showWrite.current?.();
        show(next, form);
      },
      onSuccess: () => {
        // The server discarded the draft with the comment.
        composer.reset();
        autosave.forget();
        toast.show(COMMENT_ADDED);
      },
    });
  };

  const discard = () => {
    composer.reset();
    void autosave.discard();
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor={`${id}-content`} className="text-sm font-medium text-ink">
        {replyingTo ? `Reply to @${replyingTo.author.username}` : 'Add a comment'}
      </label>
      {replyingTo && (
        <p className="flex flex-wrap items-center gap-2 rounded-lg bg-surface-muted px-3 py-2 text-sm text-ink-muted">
          <Reply aria-hidden="true" size={15} />
          <a href={`#comment-${replyingTo.id}`} className="min-w-0 flex-1 truncate hover:underline">
            {`Replying to @${replyingTo.author.username}: ${quotableText(replyingTo.content).slice(0, 80)}`}
          </a>
          <button
            type="button"
            onClick={() => composer.replyTo(null)}
            className="inline-flex min-h-9 items-center gap-1 rounded-md px-2 font-semibold hover:bg-surface hover:text-ink"
          >
            <X aria-hidden="true" size={15} />
            Cancel reply
          </button>
        </p>
      )}
      <MarkdownEditor
        id={`${id}-content`}
        value={content}
        onChange={(next) => {
          setContent(next);
          clear('content');
        }}
        textareaRef={composer.textareaRef}
        maxImages={FORUM_LIMITS.imagesMax}
        imagesLabel="Comment images"
        rows={4}
        invalid={Boolean(errors.content)}
        describedBy={errors.content ? `${hintId} ${errorId}` : hintId}
        placeholder="Share what you know, or ask a follow-up question… Drop or paste photos here."
        onBusyChange={setUploading}
        showWriteRef={showWrite}
        footer={
          <p id={hintId} className="text-sm text-ink-muted">
            {`Markdown works; type @ to mention a member. ${formatCount(content.trim().length)} / ${formatCount(FORUM_LIMITS.commentMax)} characters.`}
          </p>
        }
      />
      {errors.content && <FieldError id={errorId}>{errors.content}</FieldError>}
      {add.isError && !errors.content && <Alert tone="error">{errorMessage(add.error)}</Alert>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DraftStatus status={autosave.status} onDiscard={discard} />
        <div className="ml-auto flex items-center gap-2">
          {uploading && <p className="text-sm text-ink-muted">Waiting for the images to finish uploading…</p>}
          <Button type="submit" loading={add.isPending} disabled={uploading}>
            {replyingTo ? 'Post reply' : 'Post comment'}
          </Button>
        </div>
      </div>
    </form>
  );
}
