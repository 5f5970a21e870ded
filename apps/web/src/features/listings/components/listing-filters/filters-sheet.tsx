import { lazy, Suspense } from 'react';
import { Button } from '../../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../../components/ui/lazy-layer';
import type { ListingFilters } from '../../api/listing-queries';
import { filterCount } from '../../api/listing-queries';
import type { FiltersUpdate } from './use-listing-filters';

const loadSheet = () => import('./filters-sheet-dialog');
const FiltersSheetDialog = lazy(lazyNamed(loadSheet, 'FiltersSheetDialog'));

interface FiltersSheetProps {
  filters: ListingFilters;
  onChange: (update: FiltersUpdate) => void;
  /** The number of results for the filters as they are now; null while it is being counted. */
  resultCount: number | null;
  /** More match than `resultCount` (decision 0013). */
  resultCountCapped?: boolean;
  className?: string;
}

/**
 * On a phone: a 'Filters' button opening the filters in a sheet, closed with 'Show N results'. The
 * sheet's code (the dialog layer and the filter panel) loads on the first opening, or on hover or
 * focus; until it is in, the button stays on screen, marked busy, and the opening is not lost.
 */
export function FiltersSheet({
  filters,
  onChange,
  resultCount,
  resultCountCapped = false,
  className,
}: FiltersSheetProps) {
  const sheet = useLazyDialog(loadSheet);
  const count = filterCount(filters);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className={className}
        aria-label={count > 0 ? `Filters, ${count} applied` : undefined}
        {...sheet.triggerProps}
      >
        Filters
        {count > 0 && (
          <span
            aria-hidden="true"
            className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-bold text-surface"
          >
            {count}
          </span>
        )}
      </Button>
      <Suspense fallback={null}>
        {sheet.mounted && (
          <FiltersSheetDialog
            filters={filters}
            onChange={onChange}
            resultCount={resultCount}
            resultCountCapped={resultCountCapped}
            open={sheet.open}
            onOpenChange={sheet.setOpen}
          />
        )}
      </Suspense>
    </>
  );
}
