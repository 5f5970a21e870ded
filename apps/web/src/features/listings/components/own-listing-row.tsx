import type { ListingDto } from '@castline/shared';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { formatCount, formatDollars } from '../../../lib/format-number';
import { ListingImage } from './listing-image';

/** What a member's own listing is doing now. */
export function listingStatus(listing: Pick<ListingDto, 'sold' | 'moderation_status'>): {
  label: string;
  tone: 'brand' | 'reed' | 'neutral' | 'accent';
} {
  if (listing.sold) return { label: 'Sold', tone: 'neutral' };
  switch (listing.moderation_status) {
    case 'pending':
      return { label: 'Pending review', tone: 'accent' };
    case 'active':
      return { label: 'Live', tone: 'reed' };
    case 'hidden':
      return { label: 'Hidden', tone: 'neutral' };
    case 'flagged':
      return { label: 'Flagged', tone: 'accent' };
  }
}

/** "12 views · 3 favourites": the seller's own numbers (views count each reader once a day). */
export function listingReach(views: number, favourites: number): string {
  return `${formatCount(views)} ${views === 1 ? 'view' : 'views'} · ${formatCount(favourites)} ${
    favourites === 1 ? 'favourite' : 'favourites'
  }`;
}

interface OwnListingRowProps {
  listing: ListingDto;
  /** The page the listing is opened from (its Close comes back here). */
  from: string;
  /** Smaller photo and a link covering the whole row (the member home's sections). */
  compact?: boolean;
  /** At the row's end, e.g. an Edit button (not with `compact`, whose link covers the row). */
  action?: ReactNode;
}

/**
 * One of the member's own listings in a list: photo, title, price, status, when it was listed
 * and, for its seller, its views and favourites.
 */
export function OwnListingRow({ listing, from, compact = false, action }: OwnListingRowProps) {
  const status = listingStatus(listing);
  return (
    <li
      className={cn(
        'flex items-center gap-3 border border-line p-3',
        compact
          ? 'relative rounded-xl has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring'
          : 'rounded-2xl bg-surface shadow-sm shadow-black/5',
      )}
    >
      <ListingImage
        src={listing.images[0]}
        alt=""
        preset="thumbnail"
        sizes={compact ? '56px' : '80px'}
        aspectRatio={1}
        className={cn('shrink-0 rounded-lg', compact ? 'size-12 sm:size-14' : 'size-16 sm:size-20')}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={`/marketplace/${encodeURIComponent(listing.id)}`}
          state={{ from }}
          className={cn(
            'font-semibold text-ink hover:underline',
            compact
              ? 'line-clamp-2 break-words after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none'
              : 'truncate',
          )}
        >
          {listing.title}
        </Link>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold tabular-nums">{formatDollars(listing.price)}</span>
          <Badge tone={status.tone}>{status.label}</Badge>
          <span className="text-ink-muted">
            Listed{' '}
            <time dateTime={listing.created_at} title={formatDateTime(listing.created_at)}>
              {formatRelativeTime(listing.created_at)}
            </time>
          </span>
          {listing.views_count !== null && (
            <span className="text-ink-muted tabular-nums">
              {listingReach(listing.views_count, listing.favorites_count)}
            </span>
          )}
        </div>
      </div>
      {action}
    </li>
  );
}
