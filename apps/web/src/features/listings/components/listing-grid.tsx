import type { ListingDto } from '@castline/shared';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { listingsErrorMessage } from '../api/listing-lists';
import { ListingCard } from './listing-card';
import { formatListingCount } from '../lib/listing-count';
import { formatCount } from '../../../lib/format-number';

/** Two columns on a phone, three from a tablet on, four on a wide page. */
export const LISTING_GRID_COLUMNS = 'grid-cols-2 sm:grid-cols-3 xl:grid-cols-4';

interface ListingGridProps {
  listings: readonly ListingDto[];
  /** Where the product detail's Close goes back to (see ListingCard). */
  from?: string;
  /** Names the list for screen readers ("Featured gear"). */
  label?: string;
  /** Column classes for narrower places (a dashboard column). */
  columns?: string;
  /**
   * How many of the first cards fetch their photo at once and ahead of the rest: the top of a
   * page, whose photos are in view before any script has measured them (a server-rendered page).
   */
  priorityCount?: number;
  className?: string;
}

/** Listing cards in a responsive grid, as a list. */
export function ListingGrid({
  listings,
  from,
  label,
  columns = LISTING_GRID_COLUMNS,
  priorityCount = 0,
  className,
}: ListingGridProps) {
  return (
    <ul aria-label={label} className={cn('grid gap-3 sm:gap-4', columns, className)}>
      {listings.map((listing, index) => (
        <li key={listing.id} className="min-w-0">
          <ListingCard
            listing={listing}
            priority={index < priorityCount}
            {...(from === undefined ? {} : { from })}
          />
        </li>
      ))}
    </ul>
  );
}

interface ListingLoadMoreProps {
  /** How many are on screen, and how many there are. */
  shown: number;
  total: number;
  /** More match than `total` (a text search past its limit, decision 0013). */
  totalCapped?: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** Loads the next page by itself when the end of the list scrolls into view. */
  autoLoad?: boolean;
}

/** How far ahead of the end of the list the next page starts loading. */
const AUTO_LOAD_MARGIN = '600px 0px';

/**
 * The end of a paged list: the next page loads as the end scrolls near (where the browser can tell),
 * and a 'Load more' button does the same for everyone else.
 */
export function ListingLoadMore({
  shown,
  total,
  totalCapped = false,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  autoLoad = false,
}: ListingLoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  }, [onLoadMore]);

  const watching = autoLoad && hasNextPage && !isFetchingNextPage;
  useEffect(() => {
    const node = sentinel.current;
    if (!watching || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: AUTO_LOAD_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [watching]);

  if (!hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      <div ref={sentinel} aria-hidden="true" className="h-px w-full" />
      <p className="text-sm text-ink-muted">
        Showing {formatCount(shown)} of {formatListingCount(total, totalCapped)}
      </p>
      <Button variant="secondary" loading={isFetchingNextPage} onClick={onLoadMore}>
        {isFetchingNextPage ? 'Loading more…' : 'Load more'}
      </Button>
    </div>
  );
}

/** A listings request failed: 'Failed to fetch products: {message}' (spec 000 §8) and a way to try again. */
export function ListingsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert tone="error">
      <p>{listingsErrorMessage(message)}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** The parts of an infinite listings query that the pager reads. */
interface PagedListings {
  isFetchNextPageError: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
}

/** Under a paged list: the next page's failure with a retry, else 'Load more'. */
export function ListingPager({
  listings,
  shown,
  total,
  totalCapped = false,
  autoLoad,
  hasNextPage = listings.hasNextPage,
}: {
  listings: PagedListings;
  shown: number;
  total: number;
  totalCapped?: boolean;
  autoLoad?: boolean;
  hasNextPage?: boolean;
}) {
  if (listings.isFetchNextPageError) {
    return (
      <ListingsError message={listings.error?.message ?? ''} onRetry={() => void listings.fetchNextPage()} />
    );
  }
  return (
    <ListingLoadMore
      autoLoad={autoLoad}
      shown={shown}
      total={total}
      totalCapped={totalCapped}
      hasNextPage={hasNextPage}
      isFetchingNextPage={listings.isFetchingNextPage}
      onLoadMore={() => void listings.fetchNextPage({ cancelRefetch: false })}
    />
  );
}
