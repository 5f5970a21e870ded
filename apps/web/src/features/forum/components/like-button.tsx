import { Heart } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format-number';

interface LikeButtonProps {
  liked: boolean;
  count: number;
  /** What is liked, for screen readers: "post", "comment". */
  subject: string;
  onToggle: () => void;
  size?: 'sm' | 'xs';
}

/** A heart toggle with its count; pressed when the viewer likes it. */
export function LikeButton({ liked, count, subject, onToggle, size = 'sm' }: LikeButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`Like this ${subject}, ${formatCount(count)} ${count === 1 ? 'like' : 'likes'}`}
      onClick={onToggle}
      className={cn(
        size === 'sm'
          ? buttonClasses({ variant: 'secondary', size: 'sm' })
          : 'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-ink-muted hover:bg-surface-muted hover:text-ink',
        liked && size === 'sm' && 'border-brand/40 bg-brand-soft',
      )}
    >
      <Heart aria-hidden="true" size={16} className={cn(liked && 'fill-danger text-danger')} />
      {size === 'sm' && <span aria-hidden="true">Like</span>}
      <span aria-hidden="true" className="min-w-4 text-left tabular-nums">
        {formatCount(count)}
      </span>
    </button>
  );
}
