import type { ReactNode } from 'react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogTrigger, SheetContent } from '../../../../components/ui/dialog';
import type { ListingFilters } from '../../api/listing-queries';
import { filterCount } from '../../api/listing-queries';
import { clearedFilters } from './active-filters';
import { ListingFilterPanel } from './listing-filter-panel';
import type { FiltersUpdate } from './use-listing-filters';

interface FiltersSheetProps {
  filters: ListingFilters;
  onChange: (update: FiltersUpdate) => void;
  /** The number of results for the filters as they are now; null while it is being counted. */
  resultCount: number | null;
  className?: string;
}

function showResultsLabel(count: number | null): ReactNode {
  if (count === null) return 'Show results';
  return `Show ${count.toLocaleString('en-US')} ${count === 1 ? 'result' : 'results'}`;
}

/** On a phone: a 'Filters' button opening the filters in a sheet, closed with 'Show N results'. */
export function FiltersSheet({ filters, onChange, resultCount, className }: FiltersSheetProps) {
  const [open, setOpen] = useState(false);
  const count = filterCount(filters);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          size="sm"
          className={className}
          aria-label={count > 0 ? `Filters, ${count} applied` : undefined}
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
      </DialogTrigger>
      <SheetContent title="Filters" closeLabel="Close filters" className="w-[min(24rem,100vw)]">
        <div className="flex-1 px-4 py-4">
          <ListingFilterPanel filters={filters} onChange={onChange} />
        </div>
        <div className="sticky bottom-0 flex items-center gap-3 border-t border-line bg-surface px-4 py-3">
          <Button variant="ghost" size="sm" disabled={count === 0} onClick={() => onChange(clearedFilters)}>
            Clear all
          </Button>
          <DialogClose asChild>
            <Button className="flex-1">{showResultsLabel(resultCount)}</Button>
          </DialogClose>
        </div>
      </SheetContent>
    </Dialog>
  );
}
