import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { measureImageLoadSoon } from '../../../lib/measure-image-load';
import { avatarFallbackWidth, avatarSrcSet, avatarVariantUrl } from '../../members';

/** Up to two letters standing in for a missing picture ("River Runner" → "RR"). */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s_.-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]?.[0], words[1]?.[0]] : [...(words[0] ?? '?').slice(0, 2)];
  return letters.join('').toUpperCase() || '?';
}

interface ProfileAvatarProps {
  url: string | null;
  /** Whose picture it is ("Profile photo of …"); initials come from it when there is none. */
  name: string;
  /** Tailwind size classes and the largest size in CSS pixels they give (for the srcset choice). */
  sizeClass?: string;
  displayPx?: number;
  /** The `sizes` attribute matching `sizeClass`. */
  sizes?: string;
  /** '' when the picture only repeats a name next to it. */
  alt?: string;
  /** The text size of the initials, to suit `sizeClass`. */
  initialsClass?: string;
  className?: string;
}

/**
 * A member's picture in the spec's avatar sizes (64, 128 and 256 px WebP variants through a
 * srcset, so a dense screen gets a sharp one), or their initials.
 */
export function ProfileAvatar({
  url,
  name,
  sizeClass = 'size-20 sm:size-24',
  displayPx = 96,
  sizes = '(min-width: 640px) 96px, 80px',
  alt,
  initialsClass = 'text-2xl',
  className,
}: ProfileAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const box = cn('shrink-0 rounded-full', sizeClass, className);
  if (url && failedUrl !== url) {
    return (
      <img
        src={avatarVariantUrl(url, avatarFallbackWidth(displayPx * 2))}
        srcSet={avatarSrcSet(url)}
        sizes={sizes}
        alt={alt ?? `Profile photo of ${name}`}
        width={displayPx}
        height={displayPx}
        decoding="async"
        className={cn(box, 'bg-surface-muted object-cover')}
        onLoad={(event) => {
          measureImageLoadSoon(event.currentTarget);
        }}
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        box,
        'inline-flex items-center justify-center bg-brand-soft font-semibold text-brand',
        initialsClass,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
