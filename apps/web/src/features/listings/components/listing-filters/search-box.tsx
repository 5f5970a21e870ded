import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { cn } from '../../../../lib/cn';
import { useDebouncedDraft } from './use-debounced-draft';

const sameSearch = (a: string, b: string) => a.trim() === b.trim();

interface SearchBoxProps {
  value: string;
  onSearch: (q: string) => void;
  className?: string;
}

/** The marketplace search: applies a moment after typing stops, or at once on Enter. */
export function SearchBox({ value, onSearch, className }: SearchBoxProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { draft, change, flush, commit } = useDebouncedDraft(value, (text) => onSearch(text.trim()), {
    same: sameSearch,
  });

  return (
    <form
      role="search"
      aria-label="Listings"
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        flush();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Search listings
      </label>
      <Search
        aria-hidden="true"
        size={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-muted"
      />
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        enterKeyHint="search"
        maxLength={200}
        value={draft}
        onChange={(event) => change(event.target.value)}
        placeholder="Search rods, reels, brands…"
        className="block min-h-11 w-full rounded-lg border border-line bg-surface py-2 pr-11 pl-10 text-base text-ink shadow-xs placeholder:text-ink-muted/70 focus-visible:border-ring [&::-webkit-search-cancel-button]:hidden"
      />
      {draft !== '' && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            commit('');
            inputRef.current?.focus();
          }}
          className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <X aria-hidden="true" size={16} />
        </button>
      )}
    </form>
  );
}
