import type { CommentDto, PostDto } from '@castline/shared';
import { CreateCommentBody, FORUM_LIMITS, FORUM_MESSAGES } from '@castline/shared';
import { MessageCircle, Trash2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { submitValidated } from '../../../lib/submit-validated';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { ReportButton } from '../../reports';
import { useAddComment, useDeleteComment, useToggleCommentLike } from '../api/forum.api';
import { BlockedNotice } from './blocked-notice';
import { AuthorAvatar, AuthorName } from './forum-author';
import { LikeButton } from './like-button';
import { Markdown } from './markdown';
import { PostTime } from './post-card';
import { SignInPrompt } from './sign-in-prompt';
import { formatCount } from '../../../lib/format-number';

export const COMMENT_ADDED = 'Comment added';

interface CommentItemProps {
  comment: CommentDto;
  signedIn: boolean;
  onLike: (comment: CommentDto) => void;
  onDelete: (comment: CommentDto) => void;
  /** The like was refused for want of a session: the sign-in text shows under this comment. */
  askSignIn: boolean;
}

function CommentItem({ comment, signedIn, onLike, onDelete, askSignIn }: CommentItemProps) {
  const [revealed, setRevealed] = useState(false);
  if (comment.author.blocked_by_viewer && !revealed) {
    return <BlockedNotice what="Comment" onShow={() => setRevealed(true)} />;
  }
  return (
    <article className="flex gap-3">
      <AuthorAvatar author={comment.author} className="size-9" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <AuthorName author={comment.author} />
          <PostTime iso={comment.created_at} className="text-ink-muted" />
        </p>
        <Markdown className="text-[0.95rem] [&>:first-child]:mt-0 [&>:last-child]:mb-0">
          {comment.content}
        </Markdown>
        <div className="-ml-2 flex flex-wrap items-center gap-1">
          <LikeButton
            liked={comment.liked}
            count={comment.likes_count}
            subject="comment"
            size="xs"
            onToggle={() => onLike(comment)}
          />
          {signedIn && comment.can_delete && (
            <button
              type="button"
              onClick={() => onDelete(comment)}
              aria-label="Delete comment"
              className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-ink-muted hover:bg-danger-soft hover:text-danger"
            >
              <Trash2 aria-hidden="true" size={15} />
              Delete
            </button>
          )}
          <ReportButton
            entityType="forum_comment"
            entityId={comment.id}
            ownerId={comment.author_id}
            variant="icon"
            label="Report comment"
          />
        </div>
        {askSignIn && <SignInPrompt message={FORUM_MESSAGES.loginToLikeComment} />}
      </div>
    </article>
  );
}

const FIELDS = ['content'] as const;

function CommentForm({ postId }: { postId: string }) {
  const id = useId();
  const add = useAddComment(postId);
  const toast = useToast();
  const [content, setContent] = useState('');
  const { errors, show, clear } = useFieldErrors(FIELDS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    submitValidated({
      event,
      schema: CreateCommentBody,
      input: { content },
      mutation: add,
      fields: FIELDS,
      show,
      onSuccess: () => {
        setContent('');
        toast.show(COMMENT_ADDED);
      },
    });
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor={`${id}-content`} className="text-sm font-medium text-ink">
        Add a comment
      </label>
      <textarea
        id={`${id}-content`}
        name="content"
        value={content}
        rows={3}
        onChange={(event) => {
          setContent(event.target.value);
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
        {`Markdown works. ${formatCount(content.trim().length)} / ${formatCount(FORUM_LIMITS.commentMax)} characters.`}
      </p>
      {errors.content && <FieldError id={errorId}>{errors.content}</FieldError>}
      {add.isError && !errors.content && <Alert tone="error">{errorMessage(add.error)}</Alert>}
      <Button type="submit" loading={add.isPending} className="self-end">
        Post comment
      </Button>
    </form>
  );
}

interface CommentsSectionProps {
  post: PostDto;
  signedIn: boolean;
}

/**
 * The post's comments, oldest first, with likes; members add one below (guests are asked to sign in)
 * and delete their own (moderators any) after confirming.
 */
export function CommentsSection({ post, signedIn }: CommentsSectionProps) {
  const headingId = useId();
  const toast = useToast();
  const like = useToggleCommentLike(post.id);
  const remove = useDeleteComment(post.id);
  const [signInFor, setSignInFor] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CommentDto | null>(null);

  const onLike = (comment: CommentDto) => {
    if (!signedIn) {
      setSignInFor(comment.id);
      return;
    }
    if (like.isPending) return;
    like.mutate(comment.id, {
      onError: (error) => {
        if (isApiError(error) && error.status === 401) setSignInFor(comment.id);
        else toast.show(errorMessage(error), { tone: 'error' });
      },
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.show(FORUM_MESSAGES.commentDeleted),
      onError: () => toast.show(FORUM_MESSAGES.deleteCommentFailed, { tone: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };

  const count = post.comments.length;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold tracking-tight">
        <MessageCircle aria-hidden="true" size={20} className="text-brand" />
        {`Comments (${formatCount(count)})`}
      </h2>

      {count === 0 ? (
        <p className="text-sm text-ink-muted">No comments yet. Be the first to reply.</p>
      ) : (
        <ol aria-label="Comments" className="flex flex-col gap-5">
          {post.comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                signedIn={signedIn}
                onLike={onLike}
                onDelete={setDeleting}
                askSignIn={signInFor === comment.id}
              />
            </li>
          ))}
        </ol>
      )}

      {signedIn ? <CommentForm postId={post.id} /> : <SignInPrompt message={FORUM_MESSAGES.loginToComment} />}

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
      >
        <DialogContent
          title="Delete this comment?"
          description="The comment will be removed from the post. This cannot be undone."
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" loading={remove.isPending} onClick={confirmDelete}>
              Delete comment
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
