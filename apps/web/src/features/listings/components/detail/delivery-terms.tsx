import type { ListingDto } from '@castline/shared';
import { HANDOVER_LABELS, LISTING_TERMS_MESSAGES, ships } from '@castline/shared';
import { useId } from 'react';
import { DetailItem } from '../../../../components/ui/detail-list';
import { formatPrice } from '../listing-card';

type TermsOf = Pick<
  ListingDto,
  | 'handover'
  | 'shipping_price'
  | 'ships_from'
  | 'handling_days'
  | 'accepts_offers'
  | 'returns_accepted'
  | 'return_window_days'
  | 'location'
  | 'sold'
>;

interface TermRow {
  label: string;
  value: string;
}

/** "Ships within 1 business day", "Ships within 3 business days". */
export function handlingText(days: number): string {
  return `Ships within ${days} business ${days === 1 ? 'day' : 'days'}`;
}

/** The rows of a listing's terms, in the order the page shows them. */
export function termRowsOf(listing: TermsOf): TermRow[] {
  const rows: TermRow[] = [{ label: 'Delivery', value: HANDOVER_LABELS[listing.handover] }];
  if (ships(listing.handover)) {
    const price = listing.shipping_price ?? 0;
    rows.push({ label: 'Shipping', value: price === 0 ? 'Free shipping' : `${formatPrice(price)} shipping` });
    const from = listing.ships_from ?? listing.location;
    if (from) rows.push({ label: 'Ships from', value: from });
    if (listing.handling_days !== null)
      rows.push({ label: 'Handling time', value: handlingText(listing.handling_days) });
  }
  // Sold gear takes no offers whatever its terms said.
  if (!listing.sold) {
    rows.push({
      label: 'Offers',
      value: listing.accepts_offers ? 'Offers accepted' : LISTING_TERMS_MESSAGES.offersClosed,
    });
  }
  rows.push({
    label: 'Returns',
    value:
      listing.returns_accepted && listing.return_window_days !== null
        ? `Returns accepted within ${listing.return_window_days} days`
        : 'No returns',
  });
  return rows;
}

/** The listing's "Delivery and terms": handover, shipping, offers and returns. */
export function DeliveryTerms({ listing }: { listing: TermsOf }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <h2 id={headingId} className="mb-3 text-base font-semibold tracking-tight">
        Delivery and terms
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {termRowsOf(listing).map((row) => (
          <DetailItem key={row.label} label={row.label}>
            {row.value}
          </DetailItem>
        ))}
      </dl>
    </section>
  );
}
