import { CreateCommentBody, FORUM_LIMITS } from '@castline/shared';
import { Reply, X } from 'lucide-react';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format-number';
import { submitValidated } from '../../../lib/submit-validated';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useAddComment } from '../api/forum.api';
import { quotableText } from '../lib/comment-threads';
import type { CommentComposer } from '../lib/use-comment-composer';
import { COMMENT_ADDED } from './comment-added';
import { MentionTextarea } from './mention-textarea';

const FIELDS = ['content'] as const;

/** A member's comment box: a comment on the topic, or a reply to one comment. */
export default function CommentForm({ postId, composer }: { postId: string; composer: CommentComposer }) {
  const id = useId();
  const add = useAddComment(postId);
  const toast = useToast();
  const { content, setContent, replyingTo } = composer;
  const { errors, show, clear } = useFieldErrors(FIELDS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    submitValidated({
      event,
      schema: CreateCommentBody,
      input: { content, ...(replyingTo ? { reply_to_id: replyingTo.id } : {}) },
      mutation: add,
      fields: FIELDS,
      show,
      onSuccess: () => {
        composer.reset();
        toast.show(COMMENT_ADDED);
      },
    });
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
      <MentionTextarea
        id={`${id}-content`}
        name="content"
        textareaRef={composer.textareaRef}
        value={content}
        rows={3}
        onValueChange={(next) => {
          setContent(next);
          clear('content');
        }}
        aria-invalid={Boolean(errors.content)}
        aria-describedby={errors.content ? `${hintId} ${errorId}` : hintId}
        placeholder="Share what you know, or ask a follow-up question…"
        className={cn(
          'block min-h-24 w-full resize-y rounded-lg border bg-surface px-3 py-2 text-base leading-relaxed text-ink shadow-xs',
          'placeholder:text-ink-muted/70 focus-visible:border-ring',
          errors.content ? 'border-danger' : 'border-line',
        )}
      />
      <p id={hintId} className="text-sm text-ink-muted">
        {`Markdown works; type @ to mention a member. ${formatCount(content.trim().length)} / ${formatCount(FORUM_LIMITS.commentMax)} characters.`}
      </p>
      {errors.content && <FieldError id={errorId}>{errors.content}</FieldError>}
      {add.isError && !errors.content && <Alert tone="error">{errorMessage(add.error)}</Alert>}
      <Button type="submit" loading={add.isPending} className="self-end">
        {replyingTo ? 'Post reply' : 'Post comment'}
      </Button>
    </form>
  );
}
