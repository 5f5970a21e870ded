import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageNav } from '../../../components/ui/page-nav';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useBookmarks } from '../api/forum.api';
import { PostTime } from './post-time';

/**
 * The profile's Bookmarks tab: the topics and comments the member bookmarked, newest first, each
 * linking to the topic (a comment's to the comment itself).
 */
export function ForumBookmarks({ empty }: { empty: ReactNode }) {
  const [page, setPage] = useState(1);
  const bookmarks = useBookmarks(page);
  if (bookmarks.isPending) {
    return (
      <LoadingSkeleton label="Loading bookmarks" className="flex flex-col gap-3">
        <CardSkeleton />
        <CardSkeleton />
      </LoadingSkeleton>
    );
  }
  if (!bookmarks.data) {
    return (
      <Alert tone="error">
        <p>{errorMessage(bookmarks.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void bookmarks.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { items, total, pageSize } = bookmarks.data;
  if (items.length === 0 && page === 1) return empty;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Bookmarks" className="flex flex-col gap-3">
        {items.map((bookmark) => {
          const href = `/forum/post/${encodeURIComponent(bookmark.post.id)}${
            bookmark.comment ? `#comment-${bookmark.comment.id}` : ''
          }`;
          return (
            <li key={bookmark.id} className="rounded-xl border border-line bg-surface p-4">
              <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                <Badge tone="brand">{bookmark.post.category}</Badge>
                {bookmark.comment ? `Comment by @${bookmark.comment.author_username}` : 'Topic'}
                <span aria-hidden="true">·</span>
                <span>
                  {'Bookmarked '}
                  <PostTime iso={bookmark.created_at} />
                </span>
              </p>
              <Link to={href} className="mt-1 block font-semibold text-ink hover:text-brand hover:underline">
                {bookmark.post.title}
              </Link>
              {bookmark.comment && (
                <p className="mt-1 line-clamp-2 text-sm text-ink-muted">{bookmark.comment.excerpt}</p>
              )}
            </li>
          );
        })}
      </ul>
      <PageNav
        label="Bookmark pages"
        page={page}
        pages={Math.max(1, Math.ceil(total / pageSize))}
        busy={bookmarks.isPlaceholderData}
        onPage={setPage}
      />
    </div>
  );
}
