import type { HomeListingsDto, ListingDto } from '@castline/shared';
import { HOME_ROW_SIZE } from '@castline/shared';
import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { useHomeListings } from '../../listings/api/listing-queries';
import { ListingGrid, ListingsError } from '../../listings/components/listing-grid';
import { ListingGridSkeleton } from '../../listings/components/listing-grid-skeleton';

interface HomeRow {
  key: keyof HomeListingsDto;
  title: string;
  /** The marketplace showing the whole of this row. */
  viewAll: string;
}

/** The start page's rows, each with the marketplace address that continues it. */
export const HOME_ROWS: readonly HomeRow[] = [
  { key: 'featured', title: 'Featured gear', viewAll: '/marketplace?featured=true' },
  { key: 'newest', title: 'Newest listings', viewAll: '/marketplace' },
  { key: 'recentlySold', title: 'Recently sold', viewAll: '/marketplace?sold=true' },
];

/** Four across from a tablet on, two by two on a phone. */
const ROW_COLUMNS = 'grid-cols-2 md:grid-cols-4';

/** Featured, newest and recently sold gear (4 each); a row with nothing in it is left out. */
export function HomeListingRows({ className }: { className?: string }) {
  const home = useHomeListings();

  if (home.isError) {
    return (
      <div className={className}>
        <ListingsError message={home.error.message} onRetry={() => void home.refetch()} />
      </div>
    );
  }

  const rows = HOME_ROWS.filter((row) => home.isPending || (home.data[row.key]?.length ?? 0) > 0);
  if (rows.length === 0) return null;
  return (
    <div className={cn('flex flex-col gap-10', className)}>
      {rows.map((row) => (
        <ListingRow key={row.key} row={row} listings={home.data?.[row.key]} />
      ))}
    </div>
  );
}

function ListingRow({ row, listings }: { row: HomeRow; listings: ListingDto[] | undefined }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-end justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight sm:text-2xl">
          {row.title}
        </h2>
        <Link
          to={row.viewAll}
          aria-label={`View all ${row.title.toLowerCase()}`}
          className="inline-flex min-h-9 shrink-0 items-center gap-1 rounded-md text-sm font-semibold text-brand hover:underline"
        >
          View all
          <ChevronRight aria-hidden="true" size={16} />
        </Link>
      </div>
      {listings ? (
        <ListingGrid listings={listings.slice(0, HOME_ROW_SIZE)} label={row.title} columns={ROW_COLUMNS} />
      ) : (
        <ListingGridSkeleton
          count={HOME_ROW_SIZE}
          label={`Loading ${row.title.toLowerCase()}`}
          columns={ROW_COLUMNS}
        />
      )}
    </section>
  );
}
