import type { ForumAuthorDto } from '@castline/shared';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { buttonClasses } from '../../../components/ui/button';
import { PresenceLabel } from '../../presence';
import { AuthorAvatar, DELETED_MEMBER } from './forum-author';

/** Who wrote the post: picture, name (to their profile), whether they are here now. */
export function AuthorCard({ author }: { author: ForumAuthorDto }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5 lg:flex-col lg:items-start"
    >
      <h2 id={headingId} className="sr-only">
        About the author
      </h2>
      <AuthorAvatar author={author} className="size-14" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {author.deleted ? (
          <p className="text-ink-muted italic">{DELETED_MEMBER}</p>
        ) : (
          <>
            <Link
              to={`/profile/${encodeURIComponent(author.id)}`}
              className="truncate text-lg font-semibold text-ink hover:text-brand hover:underline"
            >
              {author.username}
            </Link>
            {author.full_name && <p className="truncate text-sm text-ink-muted">{author.full_name}</p>}
            <PresenceLabel userId={author.id} />
          </>
        )}
      </div>
      {!author.deleted && (
        <Link
          to={`/profile/${encodeURIComponent(author.id)}`}
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'shrink-0 lg:w-full' })}
        >
          View profile
          <span className="sr-only">{` of ${author.username}`}</span>
        </Link>
      )}
    </section>
  );
}
