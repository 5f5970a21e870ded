import { IMAGE_SIZE_PRESETS } from '@castline/shared';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import type { PointerEvent } from 'react';
import { useRef, useState } from 'react';
import { cn } from '../../../../lib/cn';
import { measureImageLoadSoon } from '../../../../lib/measure-image-load';
import { DETAIL_TEXTS } from './detail-texts';
import type { ListingImagePreset } from '../listing-image';
import { buildSrcSet, imageVariantUrl } from '../listing-image';

/* The pieces the listing gallery and its full-size view share. */

/** A horizontal finger movement at least this long (and more sideways than up or down) is a swipe. */
export const SWIPE_THRESHOLD_PX = 40;

/** "Photo 2 of 5" */
export function photoLabel(index: number, count: number): string {
  return `Photo ${index + 1} of ${count}`;
}

/** Left and right arrows step through the photos (wrapping around); Home and End jump to the ends. */
export function stepForKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** Touch and pen swipes (pointer events); a mouse drag is left alone. */
export function useSwipe(onSwipe: (direction: -1 | 1) => void) {
  const start = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const swiped = useRef(false);
  return {
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        swiped.current = false;
        start.current = null;
        if (event.pointerType === 'mouse') return;
        start.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
      },
      onPointerUp: (event: PointerEvent) => {
        const from = start.current;
        start.current = null;
        if (!from || from.pointerId !== event.pointerId) return;
        const dx = event.clientX - from.x;
        const dy = event.clientY - from.y;
        if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return;
        swiped.current = true;
        onSwipe(dx < 0 ? 1 : -1);
      },
      onPointerCancel: () => {
        start.current = null;
      },
    },
    /** True (once) when the click that follows was the end of a swipe, not a tap. */
    takeSwipe: () => {
      const was = swiped.current;
      swiped.current = false;
      return was;
    },
  };
}

interface PhotoProps {
  url: string;
  alt: string;
  /** The preset this place shows the photo at (thumbnail 200, preview 600, full 1200). */
  preset: ListingImagePreset;
  sizes: string;
  className?: string;
  loading?: 'eager' | 'lazy';
}

/** One photo in the widths the screen needs; a broken photo becomes a quiet placeholder. */
export function Photo({ url, alt, preset, sizes, className, loading = 'lazy' }: PhotoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (failedUrl === url) {
    return (
      <span
        role="img"
        aria-label={alt ? `${alt} (${DETAIL_TEXTS.photoUnavailable})` : DETAIL_TEXTS.photoUnavailable}
        className={cn('flex items-center justify-center bg-surface-muted text-ink-muted', className)}
      >
        <ImageOff aria-hidden="true" size={28} />
      </span>
    );
  }
  return (
    <img
      src={imageVariantUrl(url, IMAGE_SIZE_PRESETS.product[preset])}
      srcSet={buildSrcSet(url, preset)}
      sizes={sizes}
      alt={alt}
      loading={loading}
      decoding="async"
      draggable={false}
      className={className}
      onLoad={(event) => measureImageLoadSoon(event.currentTarget)}
      onError={() => setFailedUrl(url)}
    />
  );
}

const ARROW_BUTTON =
  'absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-surface/90 text-ink shadow-md ring-1 ring-line hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

export function ArrowButtons({ onStep }: { onStep: (direction: -1 | 1) => void }) {
  return (
    <>
      <button
        type="button"
        aria-label="Previous photo"
        onClick={() => onStep(-1)}
        className={cn(ARROW_BUTTON, 'left-2 sm:left-3')}
      >
        <ChevronLeft aria-hidden="true" size={22} />
      </button>
      <button
        type="button"
        aria-label="Next photo"
        onClick={() => onStep(1)}
        className={cn(ARROW_BUTTON, 'right-2 sm:right-3')}
      >
        <ChevronRight aria-hidden="true" size={22} />
      </button>
    </>
  );
}
