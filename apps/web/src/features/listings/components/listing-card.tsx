import type { Category, Condition, ListingDto } from '@castline/shared';
import { CATEGORY_OPTIONS, CONDITION_OPTIONS, termsTag } from '@castline/shared';
import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation } from '../../../lib/router';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { ListingImage } from './listing-image';
import { formatCount, formatDollars } from '../../../lib/format-number';

const CONDITION_LABELS = new Map(CONDITION_OPTIONS.map((option) => [option.value, option.label]));
const CATEGORY_LABELS = new Map(CATEGORY_OPTIONS.map((option) => [option.value, option.label]));

export function conditionLabel(condition: Condition): string {
  return CONDITION_LABELS.get(condition) ?? condition;
}

export function categoryLabel(category: Category): string {
  return CATEGORY_LABELS.get(category) ?? category;
}

/** "$1,250" for whole dollars, "$0.50" or "$12.99" when there are cents. */
export const formatPrice = formatDollars;

/** "12 mi away", "0.4 mi away", "under 0.1 mi away": whole miles from 10 on, one decimal below. */
export function formatDistanceAway(miles: number): string {
  if (miles < 0.05) return 'under 0.1 mi away';
  const rounded = miles >= 9.95 ? Math.round(miles) : Math.round(miles * 10) / 10;
  return `${formatCount(rounded)} mi away`;
}

interface ListingCardProps {
  listing: ListingDto;
  /**
   * The address the product detail's Close goes back to (navigation state `{ from }`); the current
   * address by default.
   */
  from?: string;
  /** The photo loads at once with high priority (the first cards of a page). */
  priority?: boolean;
}

/**
 * A listing in a grid: photo, price, title (the link to its page, covering the whole card),
 * condition and category (with "Pickup only" or "Free shipping" when the terms say so), where it is,
 * and when it was listed.
 */
export function ListingCard({ listing, from, priority = false }: ListingCardProps) {
  const location = useLocation();
  const session = useSession();
  const titleId = useId();
  const viewerId = session.data?.user?.id;
  const own = viewerId !== undefined && viewerId === listing.seller_id;
  const backTo = from ?? `${location.pathname}${location.search}`;
  const tag = termsTag(listing);

  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm shadow-black/5 transition-shadow hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
    >
      <div className="relative">
        {/* The title next to it names the photo; it would only be read twice. */}
        <ListingImage src={listing.images[0]} alt="" priority={priority} />
        {listing.sold && (
          <span className="absolute top-3 left-0 rounded-r-full bg-water-900/90 px-3 py-1 text-xs font-bold tracking-wider text-white uppercase shadow">
            Sold
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <p className="text-lg font-bold text-ink tabular-nums">{formatPrice(listing.price)}</p>
          {own && listing.moderation_status === 'pending' && (
            <Badge tone="accent" className="px-2 text-[0.7rem]">
              Pending review
            </Badge>
          )}
        </div>
        <h3 id={titleId} className="line-clamp-2 font-semibold break-words text-ink">
          <Link
            to={`/marketplace/${encodeURIComponent(listing.id)}`}
            state={{ from: backTo }}
            className="after:absolute after:inset-0 after:rounded-2xl hover:underline focus-visible:outline-none"
          >
            {listing.title}
          </Link>
        </h3>
        <ul aria-label="Details" className="flex flex-wrap gap-1.5">
          <li>
            <Badge tone="reed">{conditionLabel(listing.condition)}</Badge>
          </li>
          <li>
            <Badge tone="brand">{categoryLabel(listing.category)}</Badge>
          </li>
          {tag && (
            <li>
              <Badge>{tag}</Badge>
            </li>
          )}
        </ul>
        <div className="mt-auto flex flex-col gap-0.5 pt-1 text-xs text-ink-muted sm:text-sm">
          {(listing.location || listing.distance !== null) && (
            <p className="flex min-w-0 items-start gap-1">
              <MapPin aria-hidden="true" size={14} className="mt-0.5 shrink-0" />
              <span className="min-w-0 break-words">
                {listing.location}
                {listing.location && listing.distance !== null && ' · '}
                {listing.distance !== null && (
                  <span className="font-medium whitespace-nowrap text-ink">
                    {formatDistanceAway(listing.distance)}
                  </span>
                )}
              </span>
            </p>
          )}
          <p>
            Listed{' '}
            <time dateTime={listing.created_at} title={formatDateTime(listing.created_at)}>
              {formatRelativeTime(listing.created_at)}
            </time>
          </p>
        </div>
      </div>
    </article>
  );
}
