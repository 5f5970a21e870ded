import type { PostSummaryDto } from '@castline/shared';
import { Heart, Lock, MessageCircle, Pin } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../lib/router';
import { Badge } from '../../../components/ui/badge';
import { TagChips } from '../../../components/ui/tag-chips';
import { ListingImage } from '../../listings';
import { BlockedNotice } from './blocked-notice';
import { AuthorAvatar, AuthorName } from './forum-author';
import { PostTime } from './post-time';
import { formatCount } from '../../../lib/format-number';

/** "1 like", "12 comments": the number shows, the word is for screen readers. */
export function Count({
  icon: Icon,
  count,
  one,
  many,
}: {
  icon: typeof Heart;
  count: number;
  one: string;
  many: string;
}) {
  return (
    <span className="inline-flex items-center gap-1 tabular-nums">
      <Icon aria-hidden="true" size={15} />
      {formatCount(count)}
      <span className="sr-only">{` ${count === 1 ? one : many}`}</span>
    </span>
  );
}

/**
 * A post in the Community list: category, title (the link to the post), excerpt, first image, the
 * author, when, and its likes and comments. A post by a member the viewer blocked is collapsed.
 */
export function PostCard({ post }: { post: PostSummaryDto }) {
  const [revealed, setRevealed] = useState(false);
  if (post.author.blocked_by_viewer && !revealed) {
    return <BlockedNotice what="Post" onShow={() => setRevealed(true)} />;
  }

  const thumbnail = post.images[0];
  return (
    <article className="relative flex gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5 transition-colors focus-within:border-brand hover:border-brand/50 sm:p-5">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{post.category}</Badge>
          {post.pinned && (
            <Badge>
              <Pin aria-hidden="true" size={12} />
              Pinned
            </Badge>
          )}
          {post.locked && (
            <Badge>
              <Lock aria-hidden="true" size={12} />
              Locked
            </Badge>
          )}
          {post.is_new && <Badge tone="reed">New</Badge>}
          {post.unread_count !== null && post.unread_count > 0 && (
            <Badge tone="reed">{`${formatCount(post.unread_count)} unread`}</Badge>
          )}
        </div>
        <h3 className="text-lg leading-snug font-semibold tracking-tight break-words text-ink">
          <Link
            to={`/forum/post/${encodeURIComponent(post.id)}`}
            className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </h3>
        {post.excerpt && (
          <p className="line-clamp-3 text-sm leading-relaxed break-words text-ink-muted">{post.excerpt}</p>
        )}
        <TagChips tags={post.tags} />
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-muted">
          <span className="relative z-10 inline-flex min-w-0 items-center gap-2">
            <AuthorAvatar author={post.author} className="size-7" />
            <AuthorName author={post.author} className="truncate" />
          </span>
          <PostTime iso={post.created_at} />
          <span className="inline-flex items-center gap-3">
            <Count icon={Heart} count={post.likes_count} one="like" many="likes" />
            <Count icon={MessageCircle} count={post.comments_count} one="comment" many="comments" />
          </span>
        </div>
      </div>
      {thumbnail && (
        <ListingImage
          src={thumbnail}
          alt=""
          preset="thumbnail"
          sizes="(min-width: 640px) 8rem, 5rem"
          aspectRatio={1}
          className="size-20 shrink-0 self-start rounded-xl sm:size-32"
        />
      )}
    </article>
  );
}
