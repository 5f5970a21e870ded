import type { ForumWatchLevel } from '@castline/shared';
import { FORUM_WATCH_LABELS, FORUM_WATCH_LEVELS } from '@castline/shared';
import { useId } from 'react';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useForumWatches, useWatchCategory } from '../api/forum.api';

/** How the member follows the category they are looking at: watching, normal or muted. */
export function CategoryWatchSelect({ category }: { category: string }) {
  const id = useId();
  const watches = useForumWatches(true);
  const watch = useWatchCategory();
  const toast = useToast();
  const level: ForumWatchLevel =
    watches.data?.categories.find((entry) => entry.category === category)?.level ?? 'normal';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink-muted">
        {`Notifications for ${category}`}
      </label>
      <select
        id={id}
        value={level}
        disabled={watches.isPending || watch.isPending}
        aria-describedby={`${id}-hint`}
        onChange={(event) =>
          watch.mutate(
            { category, level: event.target.value as ForumWatchLevel },
            { onError: (error) => toast.show(errorMessage(error), { tone: 'error' }) },
          )
        }
        className="min-h-9 rounded-lg border border-line bg-surface px-2 text-sm font-medium text-ink"
      >
        {FORUM_WATCH_LEVELS.map((entry) => (
          <option key={entry} value={entry}>
            {FORUM_WATCH_LABELS[entry].label}
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className="text-xs text-ink-muted">
        {level === 'muted' ? 'Its topics are left out of your other lists.' : FORUM_WATCH_LABELS[level].hint}
      </span>
    </div>
  );
}
