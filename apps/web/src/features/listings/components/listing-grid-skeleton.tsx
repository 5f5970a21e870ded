import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { LISTING_GRID_COLUMNS } from './listing-grid';

/** The outline of one card: photo, price, title and details. */
export function ListingCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface"
    >
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="flex flex-col gap-2 p-3 sm:p-4">
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-5/6" />
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-14 rounded-full" />
          <Skeleton className="h-5 w-12 rounded-full" />
        </div>
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}

interface ListingGridSkeletonProps {
  count?: number;
  /** Announced while the placeholders are shown. */
  label?: string;
  columns?: string;
  className?: string;
}

/** Placeholder cards in the grid's shape while listings load. */
export function ListingGridSkeleton({
  count = 8,
  label = 'Loading listings',
  columns = LISTING_GRID_COLUMNS,
  className,
}: ListingGridSkeletonProps) {
  return (
    <LoadingSkeleton label={label} className={cn('grid gap-3 sm:gap-4', columns, className)}>
      {Array.from({ length: count }, (_, index) => (
        <ListingCardSkeleton key={index} />
      ))}
    </LoadingSkeleton>
  );
}
