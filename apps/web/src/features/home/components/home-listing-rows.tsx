import type { HomeListingsDto, ListingDto } from '@castline/shared';
import { HOME_ROW_SIZE } from '@castline/shared';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useHomeListings, ListingGrid, ListingGridSkeleton } from '../../listings';

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

/**
 * Featured, newest and recently sold gear (4 each); a row with nothing in it is left out. When the
 * rows cannot be loaded, the newest row says so ('Failed to fetch newest listings: {message}',
 * spec 000 §8) with a way to try again; the others are left out, as empty rows are.
 */
export function HomeListingRows({ className }: { className?: string }) {
  const home = useHomeListings();

  if (home.isError) {
    const newest = HOME_ROWS.find((row) => row.key === 'newest')!;
    return (
      <div className={className}>
        <ListingRow row={newest}>
          <Alert tone="error">
            <p>{`Failed to fetch newest listings: ${home.error.message}`}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void home.refetch()}>
              Try again
            </Button>
          </Alert>
        </ListingRow>
      </div>
    );
  }

  const rows = HOME_ROWS.filter((row) => home.isPending || (home.data[row.key]?.length ?? 0) > 0);
  if (rows.length === 0) return null;
  return (
    <div className={cn('flex flex-col gap-10', className)}>
      {rows.map((row) => (
        <ListingRow key={row.key} row={row}>
          <RowListings row={row} listings={home.data?.[row.key]} />
        </ListingRow>
      ))}
    </div>
  );
}

function RowListings({ row, listings }: { row: HomeRow; listings: ListingDto[] | undefined }) {
  return listings ? (
    <ListingGrid listings={listings.slice(0, HOME_ROW_SIZE)} label={row.title} columns={ROW_COLUMNS} />
  ) : (
    <ListingGridSkeleton
      count={HOME_ROW_SIZE}
      label={`Loading ${row.title.toLowerCase()}`}
      columns={ROW_COLUMNS}
    />
  );
}

/** A row: its heading, the marketplace address that continues it, and what it shows. */
function ListingRow({ row, children }: { row: HomeRow; children: ReactNode }) {
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
      {children}
    </section>
  );
}
