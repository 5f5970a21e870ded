import type { ListingDto, ListingSummaryDto } from '@castline/shared';
import { termsTag } from '@castline/shared';
import { Tag } from 'lucide-react';
import { Link } from '../../../lib/router';
import { Badge } from '../../../components/ui/badge';
import { formatPrice, ListingImage } from '../../listings';

/** The card shape of a full listing (the one a conversation is being started from). */
export function listingSummaryOf(listing: ListingDto): ListingSummaryDto {
  return {
    id: listing.id,
    title: listing.title,
    price: listing.price,
    image: listing.images[0] ?? null,
    seller_id: listing.seller_id,
    sold: listing.sold,
    available: !listing.deleted && listing.visible_in_marketplace,
    handover: listing.handover,
    shipping_price: listing.shipping_price,
  };
}

/** The listing a conversation is about: photo, title, price and state, linking to its page. */
export function ConversationListingCard({ listing }: { listing: ListingSummaryDto }) {
  return (
    <Link
      to={`/marketplace/${encodeURIComponent(listing.id)}`}
      aria-label={`Listing: ${listing.title}`}
      className="flex items-center gap-3 rounded-xl border border-line bg-canvas p-2 pr-3 hover:border-brand/40 hover:bg-brand-soft/40"
    >
      <ListingImage
        src={listing.image ?? undefined}
        alt=""
        preset="thumbnail"
        sizes="4rem"
        aspectRatio={1}
        className="size-14 shrink-0 rounded-lg"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-ink-muted uppercase">
          <Tag aria-hidden="true" size={12} />
          About this listing
        </span>
        <span className="truncate font-semibold text-ink">{listing.title}</span>
        <span className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-bold text-ink tabular-nums">{formatPrice(listing.price)}</span>
          {listing.sold ? (
            <Badge tone="accent">Sold</Badge>
          ) : !listing.available ? (
            <Badge>No longer available</Badge>
          ) : termsTag(listing) ? (
            <Badge tone="reed">{termsTag(listing)}</Badge>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
