import type { ListingDto } from '@castline/shared';
import { Clock, MapPin } from 'lucide-react';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { formatDateTime, formatLongDate, formatRelativeTime } from '../../../../lib/format-date';
import { APPROVAL_TEXTS } from '../../lib/approval-texts';
import { categoryLabel, conditionLabel, formatDistanceAway, formatPrice } from '../listing-card';
import { DETAIL_TEXTS } from './detail-texts';

/** A time shown relative ("3 days ago") with the exact date and time as its tooltip. */
function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso)}
    </time>
  );
}

/**
 * The top of the listing: Sold badge, title, price, condition and category, where it is and when it
 * was posted; the owner also learns when it still waits for moderation.
 */
export function ListingOverview({ listing, isOwner }: { listing: ListingDto; isOwner: boolean }) {
  return (
    <div className="flex flex-col gap-3">
      {listing.sold && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <span className="rounded-full bg-water-900 px-3 py-1 text-xs font-bold tracking-wider text-white uppercase">
            {listing.sale_pending ? 'Sale pending' : 'Sold'}
          </span>
          {listing.sold_at && (
            <span>
              {'Sold on '}
              <time dateTime={listing.sold_at} title={formatDateTime(listing.sold_at)}>
                {formatLongDate(listing.sold_at)}
              </time>
            </span>
          )}
        </p>
      )}
      <h1 className="text-2xl font-semibold tracking-tight break-words text-ink sm:text-3xl">
        {listing.title}
      </h1>
      <p className="text-3xl font-bold text-ink tabular-nums">
        <span className="sr-only">Price: </span>
        {formatPrice(listing.price)}
      </p>
      <ul aria-label="Condition and category" className="flex flex-wrap gap-2">
        <li>
          <Badge tone="reed">{conditionLabel(listing.condition)}</Badge>
        </li>
        <li>
          <Badge tone="brand">{categoryLabel(listing.category)}</Badge>
        </li>
        {listing.is_featured && (
          <li>
            <Badge tone="accent">Featured</Badge>
          </li>
        )}
      </ul>
      <div className="flex flex-col gap-1 text-sm text-ink-muted">
        {listing.location && (
          <p className="flex min-w-0 items-start gap-1.5">
            <MapPin aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
            <span className="min-w-0 break-words">
              {listing.location}
              {listing.distance !== null && (
                <>
                  {' · '}
                  <span className="font-medium text-ink">{formatDistanceAway(listing.distance)}</span>
                </>
              )}
            </span>
          </p>
        )}
        <p className="flex items-center gap-1.5">
          <Clock aria-hidden="true" size={16} className="shrink-0" />
          <span>
            {'Posted '}
            <RelativeTime iso={listing.created_at} />
          </span>
        </p>
      </div>
      {isOwner && listing.moderation_status === 'pending' && (
        <Alert tone="info" title={DETAIL_TEXTS.pendingReviewTitle}>
          {/* Public already (approval not required), or kept back until a moderator approves it. */}
          {listing.visible_in_marketplace || listing.sold
            ? DETAIL_TEXTS.pendingReview
            : APPROVAL_TEXTS.awaitingApproval}
        </Alert>
      )}
    </div>
  );
}

/** The seller's description, line breaks kept. */
export function ListingDescription({ description }: { description: string }) {
  return <p className="leading-relaxed break-words whitespace-pre-line text-ink">{description}</p>;
}
