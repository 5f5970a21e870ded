import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, SheetContent } from '../../../../components/ui/dialog';
import type { ListingFilters } from '../../api/listing-queries';
import { filterCount } from '../../api/listing-queries';
import { formatListingCount } from '../../lib/listing-count';
import { clearedFilters } from './active-filters';
import { ListingFilterPanel } from './listing-filter-panel';
import type { FiltersUpdate } from './use-listing-filters';

interface FiltersSheetDialogProps {
  filters: ListingFilters;
  onChange: (update: FiltersUpdate) => void;
  /** The number of results for the filters as they are now; null while it is being counted. */
  resultCount: number | null;
  /** More match than `resultCount` (decision 0013). */
  resultCountCapped?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function showResultsLabel(count: number | null, capped: boolean): ReactNode {
  if (count === null) return 'Show results';
  return `Show ${formatListingCount(count, capped)} ${count === 1 && !capped ? 'result' : 'results'}`;
}

/** The filters sheet itself (loaded on the first opening of the 'Filters' button, filters-sheet.tsx). */
export function FiltersSheetDialog({
  filters,
  onChange,
  resultCount,
  resultCountCapped = false,
  open,
  onOpenChange,
}: FiltersSheetDialogProps) {
  const count = filterCount(filters);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent title="Filters" closeLabel="Close filters" className="w-[min(24rem,100vw)]">
        <div className="flex-1 px-4 py-4">
          <ListingFilterPanel filters={filters} onChange={onChange} />
        </div>
        <div className="sticky bottom-0 flex items-center gap-3 border-t border-line bg-surface px-4 py-3">
          <Button variant="ghost" size="sm" disabled={count === 0} onClick={() => onChange(clearedFilters)}>
            Clear all
          </Button>
          <DialogClose asChild>
            <Button className="flex-1">{showResultsLabel(resultCount, resultCountCapped)}</Button>
          </DialogClose>
        </div>
      </SheetContent>
    </Dialog>
  );
}
