import type { ListingSort } from '@castline/shared';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import type { ListingFilters } from '../../api/listing-queries';
import { effectiveSort, isSortAvailable } from '../../api/listing-queries';
import { SORT_OPTIONS } from './filter-labels';

interface SortSelectProps {
  filters: ListingFilters;
  onChange: (sort: ListingSort) => void;
}

/** The order of the results; Distance only with a location, Best match only with search words. */
export function SortSelect({ filters, onChange }: SortSelectProps) {
  const selectId = useId();
  const options = SORT_OPTIONS.filter((option) => isSortAvailable(option.value, filters));
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-medium whitespace-nowrap text-ink-muted">
        Sort by
      </label>
      <div className="relative">
        <select
          id={selectId}
          value={effectiveSort(filters)}
          onChange={(event) => onChange(event.target.value as ListingSort)}
          className="block min-h-10 appearance-none rounded-lg border border-line bg-surface py-1.5 pr-9 pl-3 text-sm font-medium text-ink shadow-xs focus-visible:border-ring"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
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
  );
}
