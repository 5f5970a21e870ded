import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { cn } from '../../lib/cn';
import { useDebouncedDraft } from '../../lib/use-debounced-draft';

/** Texts that differ only in surrounding spaces are the same search. */
const sameSearch = (a: string, b: string) => a.trim() === b.trim();

interface SearchFormProps {
  /** The search landmark's name, e.g. "Listings". */
  name: string;
  /** The field's label (read by screen readers), e.g. "Search listings". */
  label: string;
  /** The search in force (usually from the address); the field follows it when it changes elsewhere. */
  value: string;
  /** Applies a search (trimmed): a moment after typing stops, or at once on Enter or Clear. */
  onSearch: (q: string) => void;
  /** Also applies what is typed when the field loses focus. */
  applyOnBlur?: boolean;
  placeholder: string;
  maxLength: number;
  /** What the search matches, for screen readers. */
  hint?: string;
  className?: string;
}

/**
 * A search box: magnifier, field and a clear button while it holds text. What is typed applies a
 * moment after typing stops (FILTER_DEBOUNCE_MS), at once on Enter, and the clear button empties
 * the field, applies the empty search and puts focus back in the field.
 */
export function SearchForm({
  name,
  label,
  value,
  onSearch,
  applyOnBlur = false,
  placeholder,
  maxLength,
  hint,
  className,
}: SearchFormProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { draft, change, flush, commit } = useDebouncedDraft(value, (text) => onSearch(text.trim()), {
    same: sameSearch,
  });
  return (
    <form
      role="search"
      aria-label={name}
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        flush();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {label}
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
        aria-describedby={hint ? hintId : undefined}
        maxLength={maxLength}
        value={draft}
        onChange={(event) => change(event.target.value)}
        onBlur={applyOnBlur ? flush : undefined}
        placeholder={placeholder}
        className="block min-h-11 w-full rounded-lg border border-line bg-surface py-2 pr-11 pl-10 text-base text-ink shadow-xs placeholder:text-ink-muted/70 focus-visible:border-ring [&::-webkit-search-cancel-button]:hidden"
      />
      {hint && (
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      )}
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
