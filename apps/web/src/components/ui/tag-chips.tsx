import { tagLabel } from '@castline/shared';
import { Link } from '../../lib/router';
import { cn } from '../../lib/cn';

/** A tag page's address. */
export function tagPath(slug: string): string {
  return `/tags/${encodeURIComponent(slug)}`;
}

interface TagChipsProps {
  tags: readonly string[];
  /** Names the list for screen readers. */
  label?: string;
  className?: string;
}

/**
 * A topic's or listing's species and technique tags, each a link to its tag page. Raised above a
 * card's stretched link so each chip stays its own target.
 */
export function TagChips({ tags, label = 'Tags', className }: TagChipsProps) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className={cn('relative z-10 flex flex-wrap gap-1.5', className)}>
      {tags.map((slug) => (
        <li key={slug}>
          <Link
            to={tagPath(slug)}
            className="inline-flex min-h-7 items-center rounded-full border border-line bg-surface px-2.5 text-xs font-medium text-ink-muted transition-colors hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span aria-hidden="true">#</span>
            {tagLabel(slug)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
