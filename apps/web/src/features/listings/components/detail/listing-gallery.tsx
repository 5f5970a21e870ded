import { IMAGE_SIZE_PRESETS } from '@castline/shared';
import * as RadixDialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Expand, ImageOff, X } from 'lucide-react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useRef, useState } from 'react';
import { cn } from '../../../../lib/cn';
import { measureImageLoad } from '../../../../lib/image-metrics';
import { DETAIL_TEXTS } from './detail-texts';
import type { ListingImagePreset } from '../listing-image';
import { buildSrcSet, imageVariantUrl } from '../listing-image';

/** A horizontal finger movement at least this long (and more sideways than up or down) is a swipe. */
export const SWIPE_THRESHOLD_PX = 40;

/** "Photo 2 of 5" */
export function photoLabel(index: number, count: number): string {
  return `Photo ${index + 1} of ${count}`;
}

/** Left and right arrows step through the photos (wrapping around); Home and End jump to the ends. */
function stepForKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** Touch and pen swipes (pointer events); a mouse drag is left alone. */
function useSwipe(onSwipe: (direction: -1 | 1) => void) {
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
function Photo({ url, alt, preset, sizes, className, loading = 'lazy' }: PhotoProps) {
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
      onLoad={(event) => measureImageLoad(event.currentTarget)}
      onError={() => setFailedUrl(url)}
    />
  );
}

const ARROW_BUTTON =
  'absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-surface/90 text-ink shadow-md ring-1 ring-line hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function ArrowButtons({ onStep }: { onStep: (direction: -1 | 1) => void }) {
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

interface ListingGalleryProps {
  images: readonly string[];
  /** The listing's title: the photos' alternative text. */
  title: string;
}

/**
 * The listing's photos: a main photo with previous/next buttons, arrow keys and swipes, a strip of
 * thumbnails, and a full-size view in a dialog. One photo shows without any of the stepping controls.
 */
export function ListingGallery({ images, title }: ListingGalleryProps) {
  const [selected, setSelected] = useState(0);
  const [fullSize, setFullSize] = useState(false);
  const count = images.length;
  const index = Math.min(selected, Math.max(0, count - 1));
  const several = count > 1;

  const step = (direction: -1 | 1) => setSelected((count + index + direction) % count);
  const swipe = useSwipe((direction) => {
    if (several) step(direction);
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (!several) return;
    const next = stepForKey(event.key, index, count);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
  };

  if (count === 0) {
    return (
      <section aria-label="Photos">
        <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-2xl bg-surface-muted text-ink-muted">
          <ImageOff aria-hidden="true" size={36} />
          <p className="text-sm font-medium">{DETAIL_TEXTS.noPhotos}</p>
        </div>
      </section>
    );
  }

  const url = images[index] ?? '';
  const label = photoLabel(index, count);
  const alt = several ? `${title}, ${label.toLowerCase()}` : title;

  return (
    <section aria-label="Photos" className="flex min-w-0 flex-col gap-3">
      <div className="relative overflow-hidden rounded-2xl bg-surface-muted">
        {/* The photo itself: arrow keys when focused, swipes on touch, a tap opens the full view
            (the "View full size" button is the keyboard way there). */}
        <div
          role="group"
          aria-label={label}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onClick={() => {
            if (!swipe.takeSwipe()) setFullSize(true);
          }}
          {...swipe.handlers}
          className="aspect-[4/3] w-full cursor-zoom-in touch-pan-y select-none focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring"
        >
          <Photo
            key={url}
            url={url}
            alt={alt}
            preset="preview"
            sizes="(min-width: 768px) 50vw, 100vw"
            loading="eager"
            className="size-full object-contain"
          />
        </div>
        {several && <ArrowButtons onStep={step} />}
        <button
          type="button"
          onClick={() => setFullSize(true)}
          className="absolute right-2 bottom-2 inline-flex min-h-9 items-center gap-1.5 rounded-full bg-surface/90 px-3 text-sm font-semibold text-ink shadow-md ring-1 ring-line hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:right-3 sm:bottom-3"
        >
          <Expand aria-hidden="true" size={16} />
          View full size
        </button>
        {several && (
          <span
            aria-hidden="true"
            className="absolute bottom-2 left-2 rounded-full bg-water-900/75 px-2.5 py-1 text-xs font-semibold text-white sm:bottom-3 sm:left-3"
          >
            {index + 1} / {count}
          </span>
        )}
      </div>
      {several && (
        <p className="sr-only" aria-live="polite">
          {label}
        </p>
      )}

      {several && (
        <ul aria-label="Photo thumbnails" className="flex gap-2 overflow-x-auto pb-1">
          {images.map((thumbnail, position) => (
            <li key={`${thumbnail}-${position}`} className="shrink-0">
              <button
                type="button"
                aria-label={`Show photo ${position + 1}`}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => setSelected(position)}
                className={cn(
                  'block size-16 overflow-hidden rounded-lg ring-2 ring-offset-2 ring-offset-canvas sm:size-20',
                  'focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring',
                  position === index ? 'ring-brand' : 'opacity-80 ring-transparent hover:opacity-100',
                )}
              >
                <Photo
                  url={thumbnail}
                  alt=""
                  preset="thumbnail"
                  sizes="80px"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      <RadixDialog.Root open={fullSize} onOpenChange={setFullSize}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/90 data-[state=open]:animate-fade-in" />
          <RadixDialog.Content
            aria-describedby={undefined}
            onKeyDown={onKeyDown}
            className="fixed inset-0 z-50 flex flex-col focus:outline-none"
          >
            <div className="flex items-center justify-between gap-3 px-3 py-2 text-white sm:px-5 sm:py-3">
              <RadixDialog.Title className="flex min-w-0 gap-1.5 text-sm font-semibold sm:text-base">
                <span className="min-w-0 truncate">{title}</span>
                {several && <span className="shrink-0 font-normal text-white/75">{`· ${label}`}</span>}
              </RadixDialog.Title>
              <RadixDialog.Close
                aria-label="Close full-size photo"
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
              >
                <X aria-hidden="true" size={22} />
              </RadixDialog.Close>
            </div>
            <div
              {...swipe.handlers}
              className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 pb-4 select-none sm:px-16"
            >
              <Photo
                key={url}
                url={url}
                alt={alt}
                preset="full"
                sizes="100vw"
                loading="eager"
                className="max-h-full max-w-full object-contain"
              />
              {several && <ArrowButtons onStep={step} />}
            </div>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </section>
  );
}
