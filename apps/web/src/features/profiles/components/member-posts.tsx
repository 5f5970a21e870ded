import type { PostSummaryDto } from '@castline/shared';
import { FORUM_MESSAGES } from '@castline/shared';
import { Heart, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { PageNav } from '../../../components/ui/page-nav';
import { formatDateTime, formatLongDate } from '../../../lib/format-date';
import { useMemberPosts } from '../api/member-posts.api';
import { formatCount } from '../../../lib/format-number';

const STATUS_LABELS = { hidden: 'Hidden by moderation', flagged: 'Under review' } as const;

/** The profile's posts tab: the member's forum posts, newest first, as cards linking to each post. */
export function MemberPosts({ userId, empty }: { userId: string; empty: ReactNode }) {
  const [page, setPage] = useState(1);
  const posts = useMemberPosts(userId, page);

  if (posts.isPending) {
    return (
      <LoadingSkeleton label="Loading posts" className="flex flex-col gap-3">
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton />
      </LoadingSkeleton>
    );
  }
  if (posts.isError && !posts.data) {
    return (
      <Alert tone="error">
        <p>{FORUM_MESSAGES.fetchPostsFailed}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void posts.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { items, total, pageSize } = posts.data;
  if (total === 0) return empty;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Posts" aria-busy={posts.isPlaceholderData || undefined} className="flex flex-col gap-3">
        {items.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <PageNav
        label="Post pages"
        page={page}
        pages={pages}
        busy={posts.isPlaceholderData}
        onPage={(next) => setPage(next)}
      />
    </div>
  );
}

function PostCard({ post }: { post: PostSummaryDto }) {
  const [revealed, setRevealed] = useState(false);
  const collapsed = post.author.blocked_by_viewer && !revealed;
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5 sm:p-5">
      <div className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
        <Badge tone="brand">{post.category}</Badge>
        {post.status !== 'published' && <Badge tone="accent">{STATUS_LABELS[post.status]}</Badge>}
        <time dateTime={post.created_at} title={formatDateTime(post.created_at)}>
          {formatLongDate(post.created_at)}
        </time>
      </div>
      <h3 className="text-base font-semibold tracking-tight break-words sm:text-lg">
        <Link
          to={`/forum/post/${encodeURIComponent(post.id)}`}
          className="rounded-sm hover:text-brand hover:underline"
        >
          {post.title}
        </Link>
      </h3>
      {collapsed ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-ink-muted">
          <p>This post is collapsed because you blocked its author.</p>
          <Button variant="ghost" size="sm" onClick={() => setRevealed(true)}>
            Show post
          </Button>
        </div>
      ) : (
        post.excerpt && (
          <p className="line-clamp-3 text-sm leading-relaxed break-words text-ink-muted">{post.excerpt}</p>
        )
      )}
      <p className="flex items-center gap-4 text-sm text-ink-muted">
        <span className="inline-flex items-center gap-1.5">
          <Heart aria-hidden="true" size={14} />
          {post.likes_count === 1 ? '1 like' : `${formatCount(post.likes_count)} likes`}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <MessageCircle aria-hidden="true" size={14} />
          {post.comments_count === 1 ? '1 comment' : `${formatCount(post.comments_count)} comments`}
        </span>
      </p>
    </article>
  );
}
