import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';

interface MemberAvatarProps {
  url: string | null;
  className?: string;
  /** Size of the stand-in figure when there is no picture. */
  iconSize?: number;
}

/** The member's picture, or a neutral figure when there is none (or it fails to load). */
export function MemberAvatar({ url, className, iconSize = 30 }: MemberAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  // The caller's size class (size-8, size-12 …) replaces the default; cn does not merge conflicts.
  const size = cn(
    'shrink-0 rounded-full',
    className?.includes('size-') ? className : cn('size-16', className),
  );
  if (url && failedUrl !== url) {
    return (
      <img
        src={url}
        alt=""
        width={64}
        height={64}
        className={cn(size, 'bg-surface-muted object-cover')}
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(size, 'inline-flex items-center justify-center bg-brand-soft text-brand')}
    >
      <UserRound size={iconSize} />
    </span>
  );
}
