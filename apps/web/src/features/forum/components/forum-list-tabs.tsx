import type { ForumSort, ForumTopPeriod, ForumView } from '@castline/shared';
import { FORUM_SORT_LABELS, FORUM_TOP_PERIOD_LABELS, FORUM_TOP_PERIODS } from '@castline/shared';
import { useId } from 'react';
import { cn } from '../../../lib/cn';
import type { ForumListFilters } from '../api/forum-keys';

type ListChoice = Pick<ForumListFilters, 'sort' | 'view'>;

interface Choice {
  label: string;
  choice: ListChoice;
  membersOnly?: boolean;
}

/** Every topic in three orders, and a member's own views (sorted by last activity). */
const CHOICES: Choice[] = [
  ...(['new', 'latest', 'top'] as ForumSort[]).map((sort) => ({
    label: FORUM_SORT_LABELS[sort],
    choice: { sort, view: 'all' as ForumView },
  })),
  { label: 'New to you', choice: { sort: 'latest', view: 'new' }, membersOnly: true },
  { label: 'Unread', choice: { sort: 'latest', view: 'unread' }, membersOnly: true },
];

interface ForumListTabsProps {
  filters: ForumListFilters;
  signedIn: boolean;
  onChange: (change: Partial<Omit<ForumListFilters, 'page'>>) => void;
}

/** How the list is ordered (Newest, Latest, Top over a period) and, for members, their own views. */
export function ForumListTabs({ filters, signedIn, onChange }: ForumListTabsProps) {
  const periodId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div
        role="group"
        aria-label="Show topics"
        className="flex flex-wrap gap-1 rounded-xl bg-surface-muted p-1"
      >
        {CHOICES.filter((entry) => signedIn || !entry.membersOnly).map(({ label, choice }) => {
          const selected = filters.sort === choice.sort && filters.view === choice.view;
          return (
            <button
              key={label}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(choice)}
              className={cn(
                'min-h-9 rounded-lg px-3 text-sm font-semibold',
                selected ? 'bg-surface text-ink shadow-sm' : 'text-ink-muted hover:text-ink',
              )}
            >
              {label}
            </button>
          );
        })}
      </div>
      {filters.sort === 'top' && filters.view === 'all' && (
        <div className="flex items-center gap-2">
          <label htmlFor={periodId} className="text-sm font-medium text-ink-muted">
            Likes over
          </label>
          <select
            id={periodId}
            value={filters.period}
            onChange={(event) => onChange({ period: event.target.value as ForumTopPeriod })}
            className="min-h-9 rounded-lg border border-line bg-surface px-2 text-sm font-medium text-ink"
          >
            {FORUM_TOP_PERIODS.map((period) => (
              <option key={period} value={period}>
                {FORUM_TOP_PERIOD_LABELS[period]}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
