import type { KeyboardEvent } from 'react';
import { lazy, Suspense, useState } from 'react';
import { Expand, ImageOff } from 'lucide-react';
import { cn } from '../../../../lib/cn';
import { lazyNamed, useLazyDialog } from '../../../../components/ui/lazy-layer';
import { DETAIL_TEXTS } from './detail-texts';
import { ArrowButtons, Photo, photoLabel, stepForKey, useSwipe } from './gallery-parts';

export { photoLabel, SWIPE_THRESHOLD_PX } from './gallery-parts';

// The full-size view (and the dialog library) loads on first use, or when the photo is hovered.
const loadViewer = () => import('./listing-photo-viewer');
const PhotoViewer = lazy(lazyNamed(loadViewer, 'PhotoViewer'));

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
  const viewer = useLazyDialog(loadViewer);
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
            if (!swipe.takeSwipe()) viewer.show();
          }}
          onPointerEnter={viewer.layer.prefetch}
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
          {...viewer.triggerProps}
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

      <Suspense fallback={null}>
        {viewer.mounted && (
          <PhotoViewer
            open={viewer.open}
            onOpenChange={viewer.setOpen}
            title={title}
            label={several ? label : null}
            url={url}
            alt={alt}
            onStep={several ? step : null}
            onKeyDown={onKeyDown}
            returnFocusTo={viewer.triggerRef}
          />
        )}
      </Suspense>
    </section>
  );
}
