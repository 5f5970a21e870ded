import type { PostDto } from '@castline/shared';
import { FORUM_MESSAGES } from '@castline/shared';
import { ArrowDown, ArrowLeft, Lock, MessageSquareOff, Pin, Quote } from 'lucide-react';
import type { RefObject } from 'react';
import { Suspense, useMemo, useRef, useState } from 'react';
import { Link, useParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingSkeleton, Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { TagChips } from '../../../components/ui/tag-chips';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { lazyPart } from '../../../lib/lazy-part';
import { useSession } from '../../../lib/session';
import { loadListingGallery } from '../../listings';
import { ReportButton } from '../../reports';
import { useModerateTopic, usePost, useTogglePostLike } from '../api/forum.api';
import { useForumLiveUpdates } from '../api/use-forum-live-updates';
import { AuthorCard } from '../components/author-card';
import { BlockedNotice } from '../components/blocked-notice';
import { CommentsSection } from '../components/comments-section';
import { DeletePostButton } from '../components/delete-post-dialog';
import { EditPostButton } from '../components/edit-post-button';
import { AuthorAvatar, AuthorName } from '../components/forum-author';
import { LikeButton } from '../components/like-button';
import { Markdown } from '../components/markdown';
import { PostTime } from '../components/post-time';
import { SharePostButton } from '../components/share-post-button';
import { BookmarkTopicButton, WatchTopicSelect } from '../components/topic-following';
import { SignInPrompt } from '../components/sign-in-prompt';
import { quotableText } from '../lib/comment-threads';
import type { CommentComposer } from '../lib/use-comment-composer';
import { selectedTextWithin, useCommentComposer } from '../lib/use-comment-composer';
import { useReadTracking } from '../lib/use-read-tracking';

const PAGE = 'mx-auto w-full max-w-6xl px-4 py-8 sm:px-6';

/** Most topics have no photos: the gallery's code loads with a topic that has some. */
const ListingGallery = lazyPart(() =>
  loadListingGallery().then((module) => ({ default: module.ListingGallery })),
);

function BackToCommunity() {
  return (
    <Link to="/forum" className={buttonClasses({ variant: 'secondary' })}>
      <ArrowLeft aria-hidden="true" size={18} />
      Back to Community
    </Link>
  );
}

/** What the author (and staff) see when moderation took the post out of the Community. */
function ModerationBanner({ post }: { post: PostDto }) {
  if (post.status === 'published') return null;
  const hidden = post.status === 'hidden';
  return (
    <Alert tone={hidden ? 'error' : 'info'} title={hidden ? 'Hidden by moderation' : 'Flagged for review'}>
      <p>
        {hidden
          ? 'This post is not shown in the Community. Only you and the moderators can see it.'
          : 'A moderator will review this post. Until then only you and the moderators can see it.'}
      </p>
      {post.moderation_reason && <p className="mt-1">{`Reason: ${post.moderation_reason}`}</p>}
    </Alert>
  );
}

interface PostActionsProps {
  post: PostDto;
  signedIn: boolean;
  composer: CommentComposer;
  /** The post's words on the page, where a selection to quote is looked for. */
  body: RefObject<HTMLDivElement | null>;
}

/** Like (guests are asked to sign in), Quote, Share, and Edit and Delete for those allowed to. */
function PostActions({ post, signedIn, composer, body }: PostActionsProps) {
  const like = useTogglePostLike(post.id);
  const selection = useRef('');
  const toast = useToast();
  const [askSignIn, setAskSignIn] = useState(false);

  const onLike = () => {
    if (!signedIn) {
      setAskSignIn(true);
      return;
    }
    // One toggle at a time: a second click waits for the first answer.
    if (like.isPending) return;
    like.mutate(undefined, {
      onError: (error) => {
        if (isApiError(error) && error.status === 401) setAskSignIn(true);
        else toast.show(errorMessage(error), { tone: 'error' });
      },
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <LikeButton liked={post.liked} count={post.likes_count} subject="post" onToggle={onLike} />
        {signedIn && (!post.locked || post.can_moderate) && (
          <Button
            variant="secondary"
            onPointerDown={() => {
              selection.current = selectedTextWithin(body.current);
            }}
            onClick={() => {
              const text = selection.current || quotableText(post.content);
              selection.current = '';
              composer.quote(post.author.username, { kind: 'post' }, text);
            }}
            title="Select words first to quote only those"
          >
            <Quote aria-hidden="true" size={18} />
            Quote
          </Button>
        )}
        {signedIn && <BookmarkTopicButton post={post} />}
        <SharePostButton post={post} />
        {signedIn && post.can_edit && <EditPostButton post={post} />}
        {signedIn && post.can_delete && <DeletePostButton post={post} />}
        {signedIn && post.can_moderate && <ModerateTopicButtons post={post} />}
        <ReportButton entityType="forum_post" entityId={post.id} ownerId={post.author_id} />
      </div>
      {askSignIn && <SignInPrompt message={FORUM_MESSAGES.loginToLikePost} />}
      {signedIn && <WatchTopicSelect post={post} />}
    </div>
  );
}

/** Forum staff pin the topic to the top of its category and lock it against new comments. */
function ModerateTopicButtons({ post }: { post: PostDto }) {
  const moderate = useModerateTopic(post.id);
  const toast = useToast();
  const run = (change: { pinned: boolean } | { locked: boolean }, done: string) =>
    moderate.mutate(change, {
      onSuccess: () => toast.show(done),
      onError: (error) => toast.show(errorMessage(error), { tone: 'error' }),
    });
  return (
    <>
      <Button
        variant="secondary"
        disabled={moderate.isPending}
        onClick={() => run({ pinned: !post.pinned }, post.pinned ? 'Topic unpinned' : 'Topic pinned')}
      >
        <Pin aria-hidden="true" size={18} />
        {post.pinned ? 'Unpin' : 'Pin'}
      </Button>
      <Button
        variant="secondary"
        disabled={moderate.isPending}
        onClick={() => run({ locked: !post.locked }, post.locked ? 'Topic unlocked' : 'Topic locked')}
      >
        <Lock aria-hidden="true" size={18} />
        {post.locked ? 'Unlock' : 'Lock'}
      </Button>
    </>
  );
}

function PostBody({ post, mentions }: { post: PostDto; mentions: ReadonlyMap<string, string> }) {
  const [revealed, setRevealed] = useState(false);
  if (post.author.blocked_by_viewer && !revealed) {
    return <BlockedNotice what="Post" onShow={() => setRevealed(true)} />;
  }
  return (
    <>
      <Markdown tree={post.content_tree} mentions={mentions} className="[&>:first-child]:mt-0" />
      {post.images.length > 0 && (
        <Suspense fallback={<Skeleton className="aspect-[4/3] w-full rounded-2xl" />}>
          <ListingGallery images={post.images} title={post.title} />
        </Suspense>
      )}
    </>
  );
}

function PostView({ post, signedIn }: { post: PostDto; signedIn: boolean }) {
  // Saving a new post may stamp both times a moment apart; a real edit comes later.
  const edited = Date.parse(post.updated_at) - Date.parse(post.created_at) > 60_000;
  const composer = useCommentComposer({
    postId: post.id,
    comments: post.comments,
    keepsDraft: signedIn && (!post.locked || post.can_moderate),
  });
  useReadTracking(post, signedIn);
  const body = useRef<HTMLDivElement>(null);
  const mentions = useMemo(
    () => new Map(post.mentioned_members.map((member) => [member.username.toLowerCase(), member.id])),
    [post.mentioned_members],
  );
  return (
    <div className={PAGE}>
      <title>{`${post.title} · Castline`}</title>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <article className="flex min-w-0 flex-col gap-5 lg:col-start-1">
          <Link
            to="/forum"
            className="inline-flex items-center gap-1.5 self-start rounded-md text-sm font-medium text-brand hover:underline"
          >
            <ArrowLeft aria-hidden="true" size={16} />
            Back to Community
          </Link>
          <ModerationBanner post={post} />
          <header className="flex flex-col gap-3">
            <Badge tone="brand" className="self-start">
              {post.category}
            </Badge>
            <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{post.title}</h1>
            <TagChips tags={post.tags} />
            {(post.pinned || post.locked) && (
              <p className="flex flex-wrap gap-3 text-sm font-medium text-ink-muted">
                {post.pinned && (
                  <span className="inline-flex items-center gap-1">
                    <Pin aria-hidden="true" size={14} />
                    Pinned in {post.category}
                  </span>
                )}
                {post.locked && (
                  <span className="inline-flex items-center gap-1">
                    <Lock aria-hidden="true" size={14} />
                    Locked: no new comments
                  </span>
                )}
              </p>
            )}
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
              <span className="inline-flex items-center gap-2">
                <AuthorAvatar author={post.author} className="size-7" />
                <AuthorName author={post.author} />
              </span>
              <PostTime iso={post.created_at} />
              {edited && (
                <span>
                  {'(edited '}
                  <PostTime iso={post.updated_at} />
                  {')'}
                </span>
              )}
            </p>
          </header>
          <div id="post" ref={body} tabIndex={-1} className="flex scroll-mt-24 flex-col gap-5 outline-none">
            <PostBody post={post} mentions={mentions} />
          </div>
          <PostActions post={post} signedIn={signedIn} composer={composer} body={body} />
          {signedIn && post.first_unread_comment_id && (
            <Link
              to={{ hash: `#comment-${post.first_unread_comment_id}` }}
              className={buttonClasses({ variant: 'secondary', className: 'self-start' })}
            >
              <ArrowDown aria-hidden="true" size={18} />
              Jump to first unread comment
            </Link>
          )}
        </article>
        <aside aria-label="Author" className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <AuthorCard author={post.author} />
        </aside>
        <div className="min-w-0 lg:col-start-1">
          <CommentsSection post={post} signedIn={signedIn} composer={composer} />
        </div>
      </div>
    </div>
  );
}

/** /forum/post/:postId */
export function ForumPostRoute() {
  useForumLiveUpdates();
  const { postId = '' } = useParams();
  const post = usePost(postId);
  const session = useSession();
  const signedIn = Boolean(session.data?.user);

  const notFound = !postId || (post.isError && isApiError(post.error) && post.error.status === 404);

  if (notFound) {
    return (
      <div className={PAGE}>
        <title>{`${FORUM_MESSAGES.postNotFound} · Castline`}</title>
        <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
            <MessageSquareOff aria-hidden="true" size={28} />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{FORUM_MESSAGES.postNotFound}</h1>
          <p className="text-ink-muted">The post may have been removed, or the link may be mistyped.</p>
          <BackToCommunity />
        </Card>
      </div>
    );
  }

  if (post.isPending) {
    return (
      <div className={PAGE}>
        <title>Community · Castline</title>
        <h1 className="sr-only">Community post</h1>
        <LoadingSkeleton label="Loading post" className="flex max-w-3xl flex-col gap-4">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
          <SkeletonText lines={6} />
        </LoadingSkeleton>
      </div>
    );
  }

  if (!post.data) {
    return (
      <div className={PAGE}>
        <title>Community · Castline</title>
        <h1 className="mb-6 text-2xl font-semibold tracking-tight">Community post</h1>
        <Alert tone="error">
          <p>{errorMessage(post.error)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void post.refetch()}>
            Try again
          </Button>
        </Alert>
        <div className="mt-6">
          <BackToCommunity />
        </div>
      </div>
    );
  }

  return <PostView post={post.data} signedIn={signedIn} />;
}
