import { tagLabel } from '@castline/shared';
import { X } from 'lucide-react';
import { Link } from '../../../lib/router';
import { tagPath } from '../../../components/ui/tag-chips';

/** The list is narrowed to one tag (`?tag=`): which, a link to its page, and a way back to every tag. */
export function TagFilterNotice({ tag, onClear }: { tag: string; onClear: () => void }) {
  const label = tagLabel(tag);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
      <span>
        Tagged{' '}
        <Link to={tagPath(tag)} className="font-semibold text-brand hover:underline">
          {label}
        </Link>
      </span>
      <button
        type="button"
        onClick={onClear}
        className="inline-flex min-h-9 items-center gap-1 rounded-full border border-line bg-surface px-3 font-medium text-ink hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" size={14} />
        {`Clear tag ${label}`}
      </button>
    </p>
  );
}
