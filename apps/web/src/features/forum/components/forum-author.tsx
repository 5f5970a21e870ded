import type { ForumAuthorDto } from '@castline/shared';
import { Link } from '../../../lib/router';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { cn } from '../../../lib/cn';

/** How a removed account is named wherever its posts and comments stay. */
export const DELETED_MEMBER = 'deleted member';

export function authorName(author: Pick<ForumAuthorDto, 'username' | 'deleted'>): string {
  return author.deleted ? DELETED_MEMBER : author.username;
}

/** The author's profile link, or plain "deleted member" for a removed account. */
export function AuthorName({ author, className }: { author: ForumAuthorDto; className?: string }) {
  if (author.deleted) return <span className={cn('text-ink-muted italic', className)}>{DELETED_MEMBER}</span>;
  return (
    <Link
      to={`/profile/${encodeURIComponent(author.id)}`}
      className={cn('font-semibold text-ink hover:text-brand hover:underline', className)}
    >
      {author.username}
    </Link>
  );
}

/** The author's picture (a neutral figure for a removed account or one without a picture). */
export function AuthorAvatar({ author, className }: { author: ForumAuthorDto; className?: string }) {
  return (
    <MemberAvatar
      url={author.deleted ? null : author.avatar_url}
      className={className ?? 'size-8'}
      iconSize={16}
    />
  );
}
