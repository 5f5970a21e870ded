import { FORUM_LIMITS, FORUM_MESSAGES } from '@castline/shared';
import { MessagesSquare, SearchX } from 'lucide-react';
import { useId, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageNav } from '../../../components/ui/page-nav';
import { SearchForm } from '../../../components/ui/search-form';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { usePostList } from '../api/forum-lists.api';
import { useForumFilters } from '../api/forum-filters';
import { useForumLiveUpdates } from '../api/use-forum-live-updates';
import { CreatePostAction } from '../components/create-post-action';
import { CategoryFilter } from '../components/forum-filters';
import { ForumListTabs } from '../components/forum-list-tabs';
import { CategoryWatchSelect } from '../components/category-watch';
import { useSession } from '../../../lib/session';
import { TopContributors, TrendingPosts } from '../components/forum-sidebar';
import { PostCard } from '../components/post-card';
import { TagFilterNotice } from '../components/tag-filter-notice';
import { formatCount } from '../../../lib/format-number';

function countLabel(total: number): string {
  return `${formatCount(total)} ${total === 1 ? 'post' : 'posts'}`;
}

/** The forum list, titled Community: posts newest first, filters in the address, trending and contributors. */
export function ForumRoute() {
  useForumLiveUpdates();
  const { filters: asked, setFilters, setPage } = useForumFilters();
  const signedIn = Boolean(useSession().data?.user);
  // A member's own views need a session: a guest given such an address sees every topic.
  const filters = signedIn || asked.view === 'all' ? asked : { ...asked, view: 'all' as const };
  const posts = usePostList(filters);
  const resultsHeadingId = useId();
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const filtered = filters.category !== '' || filters.q !== '' || Boolean(filters.tag);
  const ownView = filters.view !== 'all';

  const total = posts.data?.total ?? 0;
  const pages = posts.data ? Math.max(1, Math.ceil(posts.data.total / Math.max(1, posts.data.pageSize))) : 1;

  const turnPage = (page: number) => {
    setPage(page);
    resultsHeadingRef.current?.focus();
  };

  let results;
  if (posts.isPending) {
    results = (
      <LoadingSkeleton label="Loading posts" className="flex flex-col gap-4">
        {Array.from({ length: 4 }, (_, index) => (
          <CardSkeleton key={index} lines={2} />
        ))}
      </LoadingSkeleton>
    );
  } else if (posts.isError && !posts.data) {
    results = (
      <Alert tone="error">
        <p>{FORUM_MESSAGES.fetchPostsFailed}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void posts.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  } else if (posts.data.items.length === 0 && !posts.isPlaceholderData && filters.page > 1) {
    results = (
      <EmptyState
        icon={SearchX}
        title="No posts on this page"
        description={`There are ${countLabel(total)} in all, on fewer pages than this.`}
        action={
          <Button variant="secondary" onClick={() => turnPage(1)}>
            Go to the first page
          </Button>
        }
      />
    );
  } else if (posts.data.items.length === 0 && !posts.isPlaceholderData && ownView && !filtered) {
    results = (
      <EmptyState
        icon={MessagesSquare}
        title={filters.view === 'unread' ? 'All caught up' : 'Nothing new to you'}
        description={
          filters.view === 'unread'
            ? 'Every comment in the topics you have opened is read. New replies will show here.'
            : `You have opened every topic posted in the last ${FORUM_LIMITS.newTopicDays} days.`
        }
        action={
          <Button variant="secondary" onClick={() => setFilters({ sort: 'latest', view: 'all' })}>
            Show the latest topics
          </Button>
        }
      />
    );
  } else if (posts.data.items.length === 0 && !posts.isPlaceholderData) {
    results = filtered ? (
      <EmptyState
        icon={SearchX}
        title="No posts match"
        description="Try another category, another tag or fewer search words."
        action={
          <Button
            variant="secondary"
            onClick={() => {
              setFilters({ category: '', q: '', tag: '' });
              resultsHeadingRef.current?.focus();
            }}
          >
            Show all posts
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={MessagesSquare}
        title="No posts yet"
        description="Questions, catch reports and gear tips from the community will appear here, newest first. Use Create Post and be the one who starts the conversation."
      />
    );
  } else {
    results = (
      <div className="flex flex-col gap-4">
        {posts.isRefetchError && (
          <Alert tone="error">
            <p>{FORUM_MESSAGES.fetchPostsFailed}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void posts.refetch()}>
              Retry
            </Button>
          </Alert>
        )}
        <ul
          aria-label="Posts"
          aria-busy={posts.isPlaceholderData || undefined}
          className={cn('flex flex-col gap-4 transition-opacity', posts.isPlaceholderData && 'opacity-60')}
        >
          {posts.data.items.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
        <PageNav
          label="Post pages"
          page={filters.page}
          pages={pages}
          busy={posts.isPlaceholderData}
          onPage={turnPage}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Community · Castline</title>
      <PageHeader
        title="Community"
        description="Ask for advice, share your catches and swap tips on spots, rigs and seasons with anglers everywhere."
        actions={<CreatePostAction />}
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby={resultsHeadingId} className="flex min-w-0 flex-col gap-4">
          <h2 id={resultsHeadingId} ref={resultsHeadingRef} tabIndex={-1} className="sr-only">
            Posts
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <SearchForm
              name="Posts"
              label="Search posts"
              value={filters.q}
              onSearch={(q) => setFilters({ q })}
              applyOnBlur
              placeholder="Search posts…"
              maxLength={FORUM_LIMITS.searchMax}
              className="sm:flex-1"
            />
            <CategoryFilter
              value={filters.category}
              onChange={(category) => setFilters({ category })}
              className="sm:w-72"
            />
          </div>
          {filters.tag && <TagFilterNotice tag={filters.tag} onClear={() => setFilters({ tag: '' })} />}
          <ForumListTabs filters={filters} signedIn={signedIn} onChange={setFilters} />
          {signedIn && filters.category && <CategoryWatchSelect category={filters.category} />}
          <p role="status" className="text-sm font-semibold text-ink">
            {posts.isPlaceholderData ? 'Loading posts…' : posts.data ? countLabel(total) : ''}
          </p>
          {results}
        </section>
        <aside aria-label="Community highlights" className="flex flex-col gap-6">
          <TrendingPosts />
          <TopContributors />
        </aside>
      </div>
    </div>
  );
}
