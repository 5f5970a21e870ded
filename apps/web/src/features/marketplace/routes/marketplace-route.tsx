import { PackagePlus, SearchX, Store } from 'lucide-react';
import { lazy, Suspense, useId, useRef } from 'react';
import { Link } from '../../../lib/router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchForm } from '../../../components/ui/search-form';
import { SkipLink } from '../../../components/ui/skip-link';
import { cn } from '../../../lib/cn';
import type { FromState } from '../../../lib/redirect-target';
import { SaveSearchButton } from '../../alerts';
import { useSession } from '../../../lib/session';
import {
  flattenPages,
  hasActiveFilters,
  useListingsInfinite,
  ListingGrid,
  ListingPager,
  ListingsError,
  ListingGridSkeleton,
  clearedFilters,
  ActiveFilterChips,
  FiltersSheet,
  ListingFilterPanel,
  SortSelect,
  useListingFilters,
  formatListingCount,
} from '../../listings';

/**
 * Back from a listing returns to the same place in the list (lib/list-return-position). Its code
 * loads after the page's first paint, as putting the place back waits for the list anyway; should
 * it fail to load, the page works as before.
 */
const ListReturnPosition = lazy(() =>
  import('../lib/list-return-position').then(
    (module) => ({ default: module.ListReturnPosition }),
    () => ({ default: () => null }),
  ),
);

/** After signing in, a guest who wanted to list gear lands on the listing form. */
const SIGN_IN_TO_LIST: FromState = { from: '/marketplace/new' };

function countLabel(total: number, capped: boolean): string {
  return `${formatListingCount(total, capped)} ${total === 1 && !capped ? 'listing' : 'listings'}`;
}

/** The public listing list: search, filters in the address, and results 20 at a time. */
export function MarketplaceRoute() {
  const { filters, setFilters } = useListingFilters();
  const listings = useListingsInfinite(filters);
  const filtersHeadingId = useId();
  const resultsHeadingId = useId();
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);

  const { items, total, totalCapped } = flattenPages(listings.data);
  const counting = listings.isPending || listings.isPlaceholderData;
  const filtered = hasActiveFilters(filters);

  let results;
  if (listings.isPending) {
    results = <ListingGridSkeleton label="Loading listings" />;
  } else if (listings.isError && !listings.data) {
    results = <ListingsError message={listings.error.message} onRetry={() => void listings.refetch()} />;
  } else if (total === 0 && !listings.isPlaceholderData) {
    results = filtered ? (
      <EmptyState
        icon={SearchX}
        title="No listings match your filters"
        description="Try removing a filter, widening the distance or searching for something broader."
        action={
          <Button
            variant="secondary"
            onClick={() => {
              setFilters(clearedFilters);
              resultsHeadingRef.current?.focus();
            }}
          >
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={Store}
        title="No gear listed yet"
        description="The first listings will appear here as soon as anglers put their gear up for sale. Yours could be the first."
        action={<ListGearAction />}
      />
    );
  } else {
    results = (
      <div className="flex flex-col gap-4">
        {listings.isRefetchError && (
          <ListingsError message={listings.error.message} onRetry={() => void listings.refetch()} />
        )}
        <div
          aria-busy={listings.isPlaceholderData || undefined}
          className={cn('transition-opacity', listings.isPlaceholderData && 'opacity-60')}
        >
          <ListingGrid listings={items} label="Listings" priorityCount={4} />
        </div>
        <ListingPager
          listings={listings}
          autoLoad
          shown={items.length}
          total={total}
          totalCapped={totalCapped}
          hasNextPage={listings.hasNextPage && !listings.isPlaceholderData}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <title>Marketplace · Castline</title>
      <Suspense fallback={null}>
        <ListReturnPosition list={listings} />
      </Suspense>
      <PageHeader
        title="Marketplace"
        description="Rods, reels, combos and tackle from anglers near you."
        className="sm:mb-6"
      />
      <SearchForm
        name="Listings"
        label="Search listings"
        value={filters.q}
        onSearch={(q) => setFilters((current) => ({ ...current, q }))}
        placeholder="Search rods, reels, brands…"
        maxLength={200}
      />
      <div className="relative mt-6 grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        {/* Keyboard users need not tab through every filter to reach the listings. */}
        <SkipLink target={resultsHeadingId} className="focus:absolute focus:-top-2 focus:left-0 focus:z-20">
          Skip to results
        </SkipLink>
        <aside aria-labelledby={filtersHeadingId} className="hidden lg:block">
          <h2 id={filtersHeadingId} className="mb-4 text-lg font-semibold tracking-tight">
            Filters
          </h2>
          <ListingFilterPanel filters={filters} onChange={setFilters} />
        </aside>
        <section aria-labelledby={resultsHeadingId} className="flex min-w-0 flex-col gap-4">
          <h2 id={resultsHeadingId} ref={resultsHeadingRef} tabIndex={-1} className="sr-only">
            Results
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-3">
              <FiltersSheet
                filters={filters}
                onChange={setFilters}
                resultCount={counting ? null : total}
                resultCountCapped={totalCapped}
                className="lg:hidden"
              />
              <p role="status" className="text-sm font-semibold text-ink">
                {listings.isError && !listings.data
                  ? ''
                  : counting
                    ? 'Searching…'
                    : countLabel(total, totalCapped)}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <SaveSearchButton filters={filters} />
              <SortSelect
                filters={filters}
                onChange={(sort) => setFilters((current) => ({ ...current, sort }))}
              />
            </div>
          </div>
          <ActiveFilterChips filters={filters} onChange={setFilters} focusWhenEmpty={resultsHeadingRef} />
          {results}
        </section>
      </div>
    </div>
  );
}

/** Members go to the listing form; guests sign in first and land on it afterwards. */
function ListGearAction() {
  const session = useSession();
  if (session.isPending) return null;
  return session.data?.user ? (
    <Link to="/marketplace/new" className={buttonClasses()}>
      <PackagePlus aria-hidden="true" size={18} />
      List My Gear
    </Link>
  ) : (
    <Link to="/auth/login" state={SIGN_IN_TO_LIST} className={buttonClasses()}>
      Sign in to list gear
    </Link>
  );
}
