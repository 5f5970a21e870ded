import { FORUM_MESSAGES } from '@castline/shared';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/cn';
import { useForumCategories } from '../api/forum-lists.api';
import { formatCount } from '../../../lib/format-number';

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
                {item.count > 0 ? `${item.category} (${formatCount(item.count)})` : item.category}
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
