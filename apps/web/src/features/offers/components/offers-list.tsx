import { HandCoins, PackagePlus, Tag } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { PageNav } from '../../../components/ui/page-nav';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import type { OfferRole, OfferStatusFilter } from '../api/offers.api';
import { useOffers } from '../api/offers.api';
import { OfferCard } from './offer-card';

const FILTERS: { id: OfferStatusFilter; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'all', label: 'All' },
];

const EMPTY: Record<OfferRole, { title: string; description: string }> = {
  received: {
    title: 'No offers received yet',
    description:
      'When a buyer makes an offer on one of your listings, it appears here for you to accept, reject or counter. Fair prices and good photos bring offers in.',
  },
  made: {
    title: "You haven't made any offers yet",
    description:
      'Found gear you like but not the price? Open the listing and choose “Make an offer”. Your offers and the sellers’ answers appear here.',
  },
};

const EMPTY_OPEN: Record<OfferRole, { title: string; description: string }> = {
  received: {
    title: 'No open offers',
    description: 'Every offer on your gear has been answered. Choose All to see past offers.',
  },
  made: {
    title: 'No open offers',
    description: 'None of your offers is waiting for an answer. Choose All to see past offers.',
  },
};

/**
 * The offers a member received (as seller) or made (as buyer), 10 to a page, open ones or all,
 * each with its state and the steps open to them.
 */
export function OffersList({ role }: { role: OfferRole }) {
  const session = useSession();
  const viewerId = session.data?.user?.id ?? '';
  const [status, setStatus] = useState<OfferStatusFilter>('all');
  const [page, setPage] = useState(1);
  const offers = useOffers(role, status, page);
  const listLabel = role === 'received' ? 'Offers received' : 'Offers made';

  const choose = (next: OfferStatusFilter) => {
    setStatus(next);
    setPage(1);
  };

  let content;
  if (offers.isPending) {
    content = (
      <LoadingSkeleton label="Loading offers" className="flex flex-col gap-3">
        <CardSkeleton lines={3} />
        <CardSkeleton lines={3} />
      </LoadingSkeleton>
    );
  } else if (offers.isError && !offers.data) {
    content = (
      <Alert tone="error">
        <p>{errorMessage(offers.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void offers.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (offers.data.total === 0 && !offers.isPlaceholderData) {
    const empty = status === 'open' ? EMPTY_OPEN[role] : EMPTY[role];
    content = (
      <EmptyState
        icon={role === 'received' ? HandCoins : Tag}
        title={empty.title}
        description={empty.description}
        action={
          status === 'open' ? (
            <Button variant="secondary" onClick={() => choose('all')}>
              Show all offers
            </Button>
          ) : role === 'received' ? (
            <Link to="/marketplace/new" className={buttonClasses()}>
              <PackagePlus aria-hidden="true" size={18} />
              List My Gear
            </Link>
          ) : (
            <Link to="/marketplace" className={buttonClasses({ variant: 'secondary' })}>
              Browse the Marketplace
            </Link>
          )
        }
      />
    );
  } else {
    const { items, total, pageSize } = offers.data;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    content = (
      <div className="flex flex-col gap-4">
        <ul
          aria-label={listLabel}
          aria-busy={offers.isPlaceholderData || undefined}
          className={cn('flex flex-col gap-3 transition-opacity', offers.isPlaceholderData && 'opacity-60')}
        >
          {items.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} viewerId={viewerId} />
            </li>
          ))}
        </ul>
        <PageNav
          label="Offer pages"
          page={page}
          pages={pages}
          busy={offers.isPlaceholderData}
          onPage={setPage}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div
        role="group"
        aria-label="Show offers"
        className="inline-flex w-fit rounded-lg border border-line bg-surface p-1"
      >
        {FILTERS.map((filter) => (
          <button
            key={filter.id}
            type="button"
            aria-pressed={status === filter.id}
            onClick={() => choose(filter.id)}
            className={cn(
              'min-h-9 rounded-md px-4 text-sm font-semibold transition-colors',
              status === filter.id
                ? 'bg-brand text-white'
                : 'text-ink-muted hover:bg-surface-muted hover:text-ink',
            )}
          >
            {filter.label}
          </button>
        ))}
      </div>
      {content}
    </div>
  );
}
