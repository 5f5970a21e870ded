import type { SellerSummaryDto } from '@castline/shared';
import { CalendarDays, Star, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../../lib/router';
import { Card } from '../../../../components/ui/card';
import { MemberAvatar } from '../../../../components/ui/member-avatar';
import { formatLongDate } from '../../../../lib/format-date';
import { PresenceLabel } from '../../../presence';
import { formatRating, formatSales } from './listing-format';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5">
      {icon}
      <span>{children}</span>
    </li>
  );
}

/** Who sells the item: picture, name (to their profile), rating, sales and how long they have been here. */
export function SellerCard({ seller, isOwner = false }: { seller: SellerSummaryDto; isOwner?: boolean }) {
  const rated = seller.seller_rating > 0;
  return (
    <Card aria-label="Seller" className="flex items-center gap-4 p-4">
      <MemberAvatar url={seller.avatar_url} className="size-14" iconSize={26} />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-xs font-semibold tracking-wider text-ink-muted uppercase">
          {isOwner ? 'Your listing' : 'Seller'}
        </p>
        <Link
          to={`/profile/${encodeURIComponent(seller.id)}`}
          className="truncate text-base font-semibold text-brand hover:underline"
        >
          {seller.username}
        </Link>
        {!isOwner && <PresenceLabel userId={seller.id} />}
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
          <Fact icon={<Star aria-hidden="true" size={14} className={rated ? 'fill-cta text-cta' : ''} />}>
            {rated ? (
              <>
                <span aria-hidden="true" className="font-semibold text-ink">
                  {formatRating(seller.seller_rating)}
                </span>
                <span className="sr-only">{`Seller rating ${formatRating(seller.seller_rating)} out of 5`}</span>
              </>
            ) : (
              'No ratings yet'
            )}
          </Fact>
          <Fact icon={<Store aria-hidden="true" size={14} />}>{formatSales(seller.sales_count)}</Fact>
          <Fact icon={<CalendarDays aria-hidden="true" size={14} />}>
            {`Member since ${formatLongDate(seller.created_at)}`}
          </Fact>
        </ul>
      </div>
    </Card>
  );
}
