import { FORUM_LIMITS, FORUM_MESSAGES } from '@castline/shared';
import { ChevronDown, Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { cn } from '../../../lib/cn';
import { useDebouncedDraft } from '../../listings/components/listing-filters/use-debounced-draft';
import { useForumCategories } from '../api/forum.api';

const sameSearch = (a: string, b: string) => a.trim() === b.trim();

/** Searches posts a moment after typing stops, or at once on Enter. */
export function ForumSearchBox({
  value,
  onSearch,
  className,
}: {
  value: string;
  onSearch: (q: string) => void;
  className?: string;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { draft, change, flush, commit } = useDebouncedDraft(value, (text) => onSearch(text.trim()), {
    same: sameSearch,
  });

  return (
    <form
      role="search"
      aria-label="Posts"
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        flush();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Search posts
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
        maxLength={FORUM_LIMITS.searchMax}
        value={draft}
        onChange={(event) => change(event.target.value)}
        onBlur={flush}
        placeholder="Search posts…"
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

/** The category filter: the categories posts use (GET /api/forum/categories) with their counts. */
export function CategoryFilter({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (category: string) => void;
  className?: string;
}) {
  const selectId = useId();
  const errorId = useId();
  const categories = useForumCategories();
  const items = categories.data?.items ?? [];
  // A category from the address that no post uses (any more) stays selectable, so the select shows it.
  const options =
    value && !items.some((item) => item.category === value)
      ? [{ category: value, count: 0 }, ...items]
      : items;

  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-medium whitespace-nowrap text-ink-muted">
          Category
        </label>
        <div className="relative min-w-0 flex-1">
          <select
            id={selectId}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-describedby={categories.isError ? errorId : undefined}
            className="block min-h-11 w-full appearance-none rounded-lg border border-line bg-surface py-1.5 pr-9 pl-3 text-sm font-medium text-ink shadow-xs focus-visible:border-ring"
          >
            <option value="">All categories</option>
            {options.map((item) => (
              <option key={item.category} value={item.category}>
                {item.count > 0 ? `${item.category} (${item.count.toLocaleString('en-US')})` : item.category}
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
      {categories.isError && (
        <p id={errorId} className="text-sm text-danger">
          {FORUM_MESSAGES.fetchCategoriesFailed}
        </p>
      )}
    </div>
  );
}
