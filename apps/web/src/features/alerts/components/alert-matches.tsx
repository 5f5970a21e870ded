import type { AlertMatchDto } from '@castline/shared';
import { termsTag } from '@castline/shared';
import { Check, ChevronDown, PackageSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { PageNav } from '../../../components/ui/page-nav';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { formatPrice, ListingImage } from '../../listings';
import { useAlertMatches, useAlerts, useMarkMatchRead } from '../api/alerts.api';

/**
 * The listings the member's alerts matched, newest first, 20 to a page: each links to the listing
 * (and is marked read on the way), with the alert that matched it and a 'Mark read' button while new.
 */
export function AlertMatches() {
  const selectId = useId();
  const [alertId, setAlertId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const alerts = useAlerts();
  const matches = useAlertMatches(alertId, page);
  const markRead = useMarkMatchRead();
  const toast = useToast();

  const open = (match: AlertMatchDto) => {
    if (match.is_read) return;
    markRead
      .mutateAsync(match.id)
      .catch((error: unknown) => toast.show(errorMessage(error), { tone: 'error' }));
  };

  let content;
  if (matches.isPending) {
    content = (
      <LoadingSkeleton label="Loading matches" className="flex flex-col gap-2">
        {[0, 1, 2].map((index) => (
          <div key={index} className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3">
            <Skeleton className="size-16 rounded-lg" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
        ))}
      </LoadingSkeleton>
    );
  } else if (matches.isError && !matches.data) {
    content = (
      <Alert tone="error">
        <p>{errorMessage(matches.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void matches.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (matches.data.total === 0 && !matches.isPlaceholderData) {
    content = (
      <EmptyState
        icon={PackageSearch}
        headingLevel={3}
        title="No matches yet"
        description="When gear matching one of your active saved searches is listed, it appears here, newest first."
        action={
          <Link to="/marketplace" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Browse the Marketplace
          </Link>
        }
      />
    );
  } else {
    const { items, total, pageSize, unread_count } = matches.data;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    content = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-ink-muted">
          {`${total} ${total === 1 ? 'match' : 'matches'}`}
          {unread_count > 0 && <span className="font-semibold text-brand">{` · ${unread_count} new`}</span>}
        </p>
        <ul
          aria-label="Matches"
          aria-busy={matches.isPlaceholderData || undefined}
          className={cn('flex flex-col gap-2 transition-opacity', matches.isPlaceholderData && 'opacity-60')}
        >
          {items.map((match) => (
            <MatchRow key={match.id} match={match} onOpen={() => open(match)} />
          ))}
        </ul>
        <PageNav
          label="Match pages"
          page={page}
          pages={pages}
          busy={matches.isPlaceholderData}
          onPage={setPage}
        />
      </div>
    );
  }

  const alertOptions = alerts.data?.items ?? [];
  return (
    <div className="flex flex-col gap-4">
      {alertOptions.length > 1 && (
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium whitespace-nowrap text-ink-muted">
            Alert
          </label>
          <div className="relative min-w-0">
            <select
              id={selectId}
              value={alertId ?? ''}
              onChange={(event) => {
                setAlertId(event.target.value || null);
                setPage(1);
              }}
              className="block min-h-10 w-full max-w-xs appearance-none truncate rounded-lg border border-line bg-surface py-1.5 pr-9 pl-3 text-sm font-medium text-ink shadow-xs focus-visible:border-ring"
            >
              <option value="">All saved searches</option>
              {alertOptions.map((alert) => (
                <option key={alert.id} value={alert.id}>
                  {alert.name}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden="true"
              size={16}
              className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-ink-muted"
            />
          </div>
        </div>
      )}
      {content}
    </div>
  );
}

function MatchRow({ match, onOpen }: { match: AlertMatchDto; onOpen: () => void }) {
  const { listing } = match;
  const href = `/marketplace/${encodeURIComponent(listing.id)}`;
  return (
    <li
      className={cn(
        'relative flex items-center gap-3 rounded-xl border p-3 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring',
        match.is_read ? 'border-line bg-surface' : 'border-brand/30 bg-brand-soft/50',
      )}
    >
      <div className="w-16 shrink-0 overflow-hidden rounded-lg sm:w-20">
        <ListingImage
          src={listing.image ?? undefined}
          alt=""
          preset="thumbnail"
          sizes="80px"
          aspectRatio={1}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link
          to={href}
          onClick={onOpen}
          className="font-semibold break-words text-ink after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none"
        >
          {listing.title}
        </Link>
        <p className="text-sm font-bold tabular-nums">
          {formatPrice(listing.price)}
          {listing.sold && <span className="ml-2 font-medium text-ink-muted">Sold</span>}
          {!listing.sold && !listing.available && (
            <span className="ml-2 font-medium text-ink-muted">No longer available</span>
          )}
          {!listing.sold && listing.available && termsTag(listing) && (
            <span className="ml-2 font-medium text-reed">{termsTag(listing)}</span>
          )}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink-muted">
          {!match.is_read && <span className="font-semibold text-brand">New</span>}
          <span className="break-words">{`Matched “${match.alert_name}”`}</span>
          <time dateTime={match.created_at} title={formatDateTime(match.created_at)}>
            {formatRelativeTime(match.created_at)}
          </time>
        </p>
      </div>
      {!match.is_read && (
        <Button variant="ghost" size="sm" onClick={onOpen} className="relative z-10 shrink-0 px-2 sm:px-3">
          <Check aria-hidden="true" size={16} />
          <span className="sr-only sm:not-sr-only">Mark read</span>
        </Button>
      )}
    </li>
  );
}
