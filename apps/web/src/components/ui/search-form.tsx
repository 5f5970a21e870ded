import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { cn } from '../../lib/cn';

interface SearchFormProps {
  /** The search landmark's name, e.g. "Listings". */
  name: string;
  /** The field's label (read by screen readers), e.g. "Search listings". */
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Enter: apply the search now. */
  onSubmit: () => void;
  /** The clear button emptied the field (focus goes back to it). */
  onClear: () => void;
  onBlur?: () => void;
  placeholder: string;
  maxLength: number;
  /** What the search matches, for screen readers. */
  hint?: string;
  className?: string;
}

/**
 * A search box: magnifier, field and a clear button while it holds text. The caller owns the
 * text and decides when a search applies (typically a moment after typing stops, or on Enter).
 */
export function SearchForm({
  name,
  label,
  value,
  onChange,
  onSubmit,
  onClear,
  onBlur,
  placeholder,
  maxLength,
  hint,
  className,
}: SearchFormProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <form
      role="search"
      aria-label={name}
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
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
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        placeholder={placeholder}
        className="block min-h-11 w-full rounded-lg border border-line bg-surface py-2 pr-11 pl-10 text-base text-ink shadow-xs placeholder:text-ink-muted/70 focus-visible:border-ring [&::-webkit-search-cancel-button]:hidden"
      />
      {hint && (
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      )}
      {value !== '' && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            onClear();
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
