import type { ModerationPersonDto } from '@castline/shared';
import { useCallback } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';

/** A positive whole page number from the address, 1 when missing or wrong. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * Reads and writes list state kept in the address. `update` sets the given keys (an empty string
 * or the default removes one) and, unless `page` is among them, goes back to page 1.
 */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | number>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in changes)) next.delete('page');
          for (const [key, value] of Object.entries(changes)) {
            const text = String(value);
            if (text === '' || (key === 'page' && text === '1')) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { preventScrollReset: true, ...options },
      );
    },
    [setSearchParams],
  );
  return { searchParams, page: pageFrom(searchParams.get('page')), update };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** "Pia Hunter (@pike_hunter)" linked to the profile, or "Unknown member". */
export function PersonLink({
  person,
  fallback = 'Unknown member',
}: {
  person: ModerationPersonDto | null;
  fallback?: string;
}) {
  if (!person) return <span className="text-ink-muted">{fallback}</span>;
  return (
    <Link to={`/profile/${encodeURIComponent(person.id)}`} className="font-medium text-brand hover:underline">
      {person.full_name ? `${person.full_name} (@${person.username})` : `@${person.username}`}
    </Link>
  );
}

/** "3 hours ago" with the full date and time on hover. */
export function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso)}
    </time>
  );
}

/** A failed load: the reason and a way to try again. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert tone="error">
      <p>{error.message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** Card-shaped placeholders while a list loads. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <LoadingSkeleton label={label}>
      <div aria-hidden="true" className="flex flex-col gap-3">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ))}
      </div>
    </LoadingSkeleton>
  );
}

/** A labelled <select> for list filters. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        className="block min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink shadow-xs focus-visible:border-ring sm:w-48"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "Content moderated" → "Content moderated"; snake_case values → "Forum post". */
export function humanize(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
