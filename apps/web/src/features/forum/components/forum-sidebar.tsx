import { Heart, TrendingUp, Trophy } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { useTopContributors, useTrendingPosts } from '../api/forum-lists.api';
import { formatCount } from '../../../lib/format-number';

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

function SidebarSection({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5"
    >
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-base font-semibold tracking-tight">
        <Icon aria-hidden="true" size={18} className="text-brand" />
        {title}
      </h2>
      {children}
    </section>
  );
}

function RowsSkeleton({ label }: { label: string }) {
  return (
    <LoadingSkeleton label={label} className="flex flex-col gap-3">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="flex items-center gap-3">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-4 flex-1" />
        </div>
      ))}
    </LoadingSkeleton>
  );
}

function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-sm text-ink-muted">
      <p>{text}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** The 10 most liked posts (posts of members the viewer blocked are left out). */
export function TrendingPosts() {
  const trending = useTrendingPosts();
  const posts = trending.data?.items.filter((post) => !post.author.blocked_by_viewer) ?? [];
  return (
    <SidebarSection title="Trending" icon={TrendingUp}>
      {trending.isPending ? (
        <RowsSkeleton label="Loading trending posts" />
      ) : trending.isError ? (
        <LoadFailed text="Trending posts could not be loaded." onRetry={() => void trending.refetch()} />
      ) : posts.length === 0 ? (
        <p className="text-sm text-ink-muted">Posts members like most will show up here.</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {posts.map((post, index) => (
            <li key={post.id} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="w-5 shrink-0 pt-2 text-right text-sm font-semibold text-ink-muted"
              >
                {index + 1}
              </span>
              <Link
                to={`/forum/post/${encodeURIComponent(post.id)}`}
                className="flex min-w-0 flex-1 flex-col rounded-lg px-2 py-1.5 hover:bg-surface-muted"
              >
                <span className="line-clamp-2 text-sm font-medium break-words text-ink">{post.title}</span>
                <span className="inline-flex items-center gap-1 text-xs text-ink-muted">
                  <Heart aria-hidden="true" size={12} />
                  {plural(post.likes_count, 'like', 'likes')}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </SidebarSection>
  );
}

/** The 10 members with the most posts, refreshed every 2 minutes. */
export function TopContributors() {
  const contributors = useTopContributors();
  const items = contributors.data?.items ?? [];
  return (
    <SidebarSection title="Top contributors" icon={Trophy}>
      {contributors.isPending ? (
        <RowsSkeleton label="Loading top contributors" />
      ) : contributors.isError ? (
        <LoadFailed
          text="Top contributors could not be loaded."
          onRetry={() => void contributors.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="text-sm text-ink-muted">Members who post and reply most will be listed here.</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {items.map((member) => (
            <li key={member.id}>
              <Link
                to={`/profile/${encodeURIComponent(member.id)}`}
                className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-surface-muted"
              >
                <MemberAvatar url={member.avatar_url} className="size-8" iconSize={16} />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-semibold text-ink">{member.username}</span>
                  <span className="text-xs text-ink-muted">
                    {`${plural(member.posts_count, 'post', 'posts')} · ${plural(member.comments_count, 'comment', 'comments')} · ${plural(member.total_likes, 'like', 'likes')}`}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </SidebarSection>
  );
}
