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

/**
 * A heart toggle with its count; pressed when the viewer likes it. Its name ("Like this post,
 * 3 likes") is its own text with a few words only screen readers hear, so the words on the button
 * are the words of its name (WCAG 2.5.3).
 */
export function LikeButton({ liked, count, subject, onToggle, size = 'sm' }: LikeButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={liked}
      onClick={onToggle}
      className={cn(
        size === 'sm'
          ? buttonClasses({ variant: 'secondary', size: 'sm' })
          : 'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-ink-muted hover:bg-surface-muted hover:text-ink',
        liked && size === 'sm' && 'border-brand/40 bg-brand-soft',
      )}
    >
      <Heart aria-hidden="true" size={16} className={cn(liked && 'fill-danger text-danger')} />
      {/* The spaces between the parts keep the words apart in the name (flex drops them on screen). */}
      <span className={size === 'sm' ? undefined : 'sr-only'}>Like</span>{' '}
      <span className="sr-only">{`this ${subject},`}</span>{' '}
      <span className="min-w-4 text-left tabular-nums">{formatCount(count)}</span>{' '}
      <span className="sr-only">{count === 1 ? 'like' : 'likes'}</span>
    </button>
  );
}
