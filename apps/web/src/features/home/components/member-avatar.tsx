import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

interface MemberAvatarProps {
  url: string | null;
  className?: string;
}

/** The member's picture, or a neutral figure when there is none (or it fails to load). */
export function MemberAvatar({ url, className }: MemberAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const size = cn('size-16 shrink-0 rounded-full', className);
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
      <UserRound size={30} />
    </span>
  );
}
