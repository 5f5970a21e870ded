import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageSquareOff } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingSkeleton, Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { api, isApiError } from '../../../lib/api-client';

/**
 * The part of a post this page reads until the forum contract lands in @castline/shared (it will
 * replace this schema; unknown fields are ignored meanwhile).
 */
const ForumPostHeadDto = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string().optional(),
});

const POST_NOT_FOUND = 'Post not found';

function BackToCommunity() {
  return (
    <Link to="/forum" className={buttonClasses({ variant: 'secondary' })}>
      <ArrowLeft aria-hidden="true" size={18} />
      Back to Community
    </Link>
  );
}

/** /forum/post/:postId */
export function ForumPostRoute() {
  const { postId = '' } = useParams();
  const post = useQuery({
    queryKey: ['forum', 'posts', postId],
    queryFn: ({ signal }) =>
      api.get(`/api/forum/posts/${encodeURIComponent(postId)}`, ForumPostHeadDto, signal),
    enabled: postId !== '',
  });

  const notFound = !postId || (post.isError && isApiError(post.error) && post.error.status === 404);

  if (notFound) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <title>{`${POST_NOT_FOUND} · Castline`}</title>
        <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
            <MessageSquareOff aria-hidden="true" size={28} />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{POST_NOT_FOUND}</h1>
          <p className="text-ink-muted">The post may have been removed, or the link may be mistyped.</p>
          <BackToCommunity />
        </Card>
      </div>
    );
  }

  if (post.isPending) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <title>Community · Castline</title>
        <h1 className="sr-only">Community post</h1>
        <LoadingSkeleton label="Loading post" className="flex max-w-3xl flex-col gap-4">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
          <SkeletonText lines={5} />
        </LoadingSkeleton>
      </div>
    );
  }

  if (post.isError) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <title>Community · Castline</title>
        <h1 className="mb-6 text-2xl font-semibold tracking-tight">Community post</h1>
        <Alert tone="error">
          <p>{post.error.message}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button variant="secondary" size="sm" onClick={() => void post.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
        <div className="mt-6">
          <BackToCommunity />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>{`${post.data.title} · Castline`}</title>
      <article className="flex max-w-3xl flex-col gap-4">
        <Link
          to="/forum"
          className="inline-flex items-center gap-1.5 self-start rounded-md text-sm font-medium text-brand hover:underline"
        >
          <ArrowLeft aria-hidden="true" size={16} />
          Back to Community
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{post.data.title}</h1>
        {post.data.content && (
          <p className="leading-relaxed break-words whitespace-pre-line">{post.data.content}</p>
        )}
      </article>
    </div>
  );
}
