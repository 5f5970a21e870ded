import type { CommentDto, PostDto } from '@castline/shared';
import { FORUM_MESSAGES } from '@castline/shared';
import { Bookmark, MessageCircle, Quote, Reply, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { lazyNamed } from '../../../components/ui/lazy-layer';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { ReportButton } from '../../reports';
import { useDeleteComment, useToggleBookmark, useToggleCommentLike } from '../api/forum.api';
import { BlockedNotice } from './blocked-notice';
import { AuthorAvatar, AuthorName } from './forum-author';
import { LikeButton } from './like-button';
import { commentThreads, quotableText } from '../lib/comment-threads';
import type { CommentComposer } from '../lib/use-comment-composer';
import { selectedTextWithin } from '../lib/use-comment-composer';
import type { MentionLinks } from './markdown';
import { Markdown } from './markdown';
import { PostTime } from './post-time';
import { SignInPrompt } from './sign-in-prompt';
import { formatCount } from '../../../lib/format-number';

export { COMMENT_ADDED } from './comment-added';

/** The comment box (with the shared rules it checks), loaded for members only. */
const CommentForm = lazy(() => import('./comment-form'));
// The delete confirmation (and the dialog library) loads when a member first deletes a comment.
const ConfirmDialog = lazy(lazyNamed(() => import('../../../components/ui/confirm-dialog'), 'ConfirmDialog'));

interface CommentItemProps {
  comment: CommentDto;
  signedIn: boolean;
  onLike: (comment: CommentDto) => void;
  onDelete: (comment: CommentDto) => void;
  onBookmark: (comment: CommentDto) => void;
  /** Writing answers to this comment, or quoting it, in the composer below (null: the topic is locked). */
  composer: CommentComposer | null;
  mentions: MentionLinks;
  /** The comment the address bar points at (#comment-…): it is scrolled to and marked. */
  highlighted: boolean;
  /** The like was refused for want of a session: the sign-in text shows under this comment. */
  askSignIn: boolean;
}

const ACTION =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-ink-muted hover:bg-surface-muted hover:text-ink';

function CommentItem({
  comment,
  signedIn,
  onLike,
  onDelete,
  onBookmark,
  composer,
  mentions,
  highlighted,
  askSignIn,
}: CommentItemProps) {
  const [revealed, setRevealed] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  // The words selected in this comment when the Quote button was pressed (a click may clear them).
  const selection = useRef('');
  // A comment the viewer was sent to (a link, a notification) shows even when its author is blocked.
  if (comment.author.blocked_by_viewer && !revealed && !highlighted) {
    return <BlockedNotice what="Comment" onShow={() => setRevealed(true)} />;
  }
  // A reply to a reply shows under the thread's first comment, so it says whom it answers.
  const answersReply = comment.reply_to && comment.reply_to.id !== comment.thread_id;
  return (
    <article
      id={`comment-${comment.id}`}
      tabIndex={-1}
      aria-label={`Comment by ${comment.author.username}`}
      className={cn(
        'flex scroll-mt-24 gap-3 rounded-xl outline-none',
        highlighted && 'bg-brand-soft/60 ring-2 ring-brand/40 ring-offset-4 ring-offset-surface',
      )}
    >
      <AuthorAvatar author={comment.author} className="size-9" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <AuthorName author={comment.author} />
          <PostTime iso={comment.created_at} className="text-ink-muted" />
          {answersReply && comment.reply_to && (
            <a
              href={`#comment-${comment.reply_to.id}`}
              className="text-ink-muted hover:text-brand hover:underline"
            >
              {`in reply to @${comment.reply_to.author_username}`}
            </a>
          )}
        </p>
        <div ref={body}>
          <Markdown
            tree={comment.content_tree}
            mentions={mentions}
            className="text-[0.95rem] [&>:first-child]:mt-0 [&>:last-child]:mb-0"
          />
        </div>
        <div className="-ml-2 flex flex-wrap items-center gap-1">
          <LikeButton
            liked={comment.liked}
            count={comment.likes_count}
            subject="comment"
            size="xs"
            onToggle={() => onLike(comment)}
          />
          {composer && (
            <>
              <button
                type="button"
                onClick={() => composer.replyTo(comment)}
                aria-label={`Reply to ${comment.author.username}`}
                className={ACTION}
              >
                <Reply aria-hidden="true" size={15} />
                Reply
              </button>
              <button
                type="button"
                onPointerDown={() => {
                  selection.current = selectedTextWithin(body.current);
                }}
                onClick={() => {
                  const text = selection.current || quotableText(comment.content);
                  selection.current = '';
                  composer.quote(comment.author.username, { kind: 'comment', commentId: comment.id }, text);
                }}
                aria-label={`Quote ${comment.author.username}`}
                title="Select words first to quote only those"
                className={ACTION}
              >
                <Quote aria-hidden="true" size={15} />
                Quote
              </button>
            </>
          )}
          {signedIn && (
            <button
              type="button"
              onClick={() => onBookmark(comment)}
              aria-pressed={comment.bookmarked}
              aria-label={`Bookmark comment by ${comment.author.username}`}
              className={ACTION}
            >
              <Bookmark
                aria-hidden="true"
                size={15}
                className={cn(comment.bookmarked && 'fill-current text-brand')}
              />
            </button>
          )}
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

interface CommentsSectionProps {
  post: PostDto;
  signedIn: boolean;
  composer: CommentComposer;
}

/** The comment id the address bar points at (#comment-<id>), if any. */
function linkedCommentId(hash: string): string | null {
  return hash.startsWith('#comment-') ? decodeURIComponent(hash.slice('#comment-'.length)) : null;
}

/**
 * The post's comments, oldest first, with likes; members add one below (guests are asked to sign in)
 * and delete their own (moderators any) after confirming.
 */
export function CommentsSection({ post, signedIn, composer }: CommentsSectionProps) {
  const headingId = useId();
  const { hash } = useLocation();
  const linked = linkedCommentId(hash);
  const linkedShown = linked !== null && post.comments.some((comment) => comment.id === linked);
  const threads = useMemo(() => commentThreads(post.comments), [post.comments]);
  // A locked topic takes no new comments, except from forum staff.
  const canAnswer = signedIn && (!post.locked || post.can_moderate);
  const mentions = useMemo(
    () => new Map(post.mentioned_members.map((member) => [member.username.toLowerCase(), member.id])),
    [post.mentioned_members],
  );

  // A link to one comment (a notification, "in reply to") scrolls to it and moves the focus there.
  useEffect(() => {
    if (!linkedShown || !linked) return;
    const target = document.getElementById(`comment-${linked}`);
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [linked, linkedShown]);
  const toast = useToast();
  const like = useToggleCommentLike(post.id);
  const remove = useDeleteComment(post.id);
  const bookmark = useToggleBookmark(post.id);
  const onBookmark = (comment: CommentDto) =>
    bookmark.mutate(comment.id, {
      onSuccess: ({ bookmarked }) => toast.show(bookmarked ? 'Comment bookmarked' : 'Bookmark removed'),
      onError: (error) => toast.show(errorMessage(error), { tone: 'error' }),
    });
  const [signInFor, setSignInFor] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CommentDto | null>(null);
  // Mounted from the first delete on, so that it can close (and give focus back) as dialogs do.
  const [deleteAsked, setDeleteAsked] = useState(false);
  if (deleting && !deleteAsked) setDeleteAsked(true);

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

      {linked !== null && !linkedShown && <Alert tone="info">{FORUM_MESSAGES.linkedCommentGone}</Alert>}

      {count === 0 ? (
        <p className="text-sm text-ink-muted">No comments yet. Be the first to reply.</p>
      ) : (
        <ol aria-label="Comments" className="flex flex-col gap-5">
          {threads.map(({ comment, replies }) => {
            const item = (entry: CommentDto) => (
              <CommentItem
                comment={entry}
                signedIn={signedIn}
                onLike={onLike}
                onDelete={setDeleting}
                onBookmark={onBookmark}
                composer={canAnswer ? composer : null}
                mentions={mentions}
                highlighted={entry.id === linked}
                askSignIn={signInFor === entry.id}
              />
            );
            return (
              <li key={comment.id} className="flex flex-col gap-4">
                {item(comment)}
                {replies.length > 0 && (
                  <ol
                    aria-label={`Replies to ${comment.author.username}`}
                    className="ml-4 flex flex-col gap-4 border-l-2 border-line pl-4 sm:ml-12"
                  >
                    {replies.map((reply) => (
                      <li key={reply.id}>{item(reply)}</li>
                    ))}
                  </ol>
                )}
              </li>
            );
          })}
        </ol>
      )}

      {post.locked && !post.can_moderate ? (
        <Alert tone="info">{FORUM_MESSAGES.topicLocked}</Alert>
      ) : signedIn ? (
        <Suspense
          fallback={
            <LoadingSkeleton label="Loading the comment box">
              <Skeleton className="h-32 w-full" />
            </LoadingSkeleton>
          }
        >
          <CommentForm postId={post.id} composer={composer} />
        </Suspense>
      ) : (
        <SignInPrompt message={FORUM_MESSAGES.loginToComment} />
      )}

      {deleteAsked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => {
              if (!open) setDeleting(null);
            }}
            title="Delete this comment?"
            description="The comment will be removed from the post. This cannot be undone."
            confirmLabel="Delete comment"
            pending={remove.isPending}
            onConfirm={confirmDelete}
          />
        </Suspense>
      )}
    </section>
  );
}
