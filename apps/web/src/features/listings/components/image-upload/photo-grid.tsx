import { IMAGE_THUMBNAIL_SIZE } from '@castline/shared';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '../../../../lib/cn';

/** A 2× variant of a stored photo for a 150×150 thumbnail (other urls are used as they are). */
export function thumbnailUrl(url: string): string {
  if (!url.startsWith('/files/')) return url;
  const side = IMAGE_THUMBNAIL_SIZE * 2;
  return `${url}?w=${side}&h=${side}&format=webp`;
}

interface PhotoGridProps {
  images: readonly string[];
  mainImageIndex: number | undefined;
  onSetMain: (index: number) => void;
  onRemove: (index: number) => void;
  /** Where focus goes when the last photo is removed. */
  onEmptied: () => void;
}

/** The listing's photos as 150×150 thumbnails: the main one is badged, each can be made main or removed. */
export function PhotoGrid({ images, mainImageIndex, onSetMain, onRemove, onEmptied }: PhotoGridProps) {
  const removeButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusAfterRemoval = useRef<number | null>(null);

  // After a removal the focus stays in the grid: on the photo that took its place, or the one before.
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    if (images.length === 0) {
      onEmptied();
      return;
    }
    removeButtons.current[Math.min(index, images.length - 1)]?.focus();
  }, [images, onEmptied]);

  if (images.length === 0) return null;

  return (
    <ul
      aria-label="Your photos"
      className="grid grid-cols-[repeat(auto-fill,150px)] justify-center gap-4 sm:justify-start"
    >
      {images.map((url, index) => {
        const number = index + 1;
        const main = index === mainImageIndex;
        return (
          <li key={url} className="flex w-[150px] flex-col gap-2">
            <div
              className={cn(
                'relative size-[150px] overflow-hidden rounded-xl border bg-surface-muted',
                main ? 'border-cta ring-2 ring-cta' : 'border-line',
              )}
            >
              <img
                src={thumbnailUrl(url)}
                alt={main ? `Photo ${number} (main photo)` : `Photo ${number}`}
                width={IMAGE_THUMBNAIL_SIZE}
                height={IMAGE_THUMBNAIL_SIZE}
                loading="lazy"
                decoding="async"
                className="size-[150px] object-cover"
              />
              {main && (
                <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-cta px-2 py-0.5 text-xs font-bold text-cta-ink shadow">
                  Main
                </span>
              )}
              <button
                type="button"
                ref={(element) => {
                  removeButtons.current[index] = element;
                }}
                onClick={() => {
                  focusAfterRemoval.current = index;
                  onRemove(index);
                }}
                aria-label={`Remove photo ${number}`}
                className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full bg-water-900/70 text-white shadow hover:bg-danger focus-visible:bg-danger"
              >
                <X aria-hidden="true" size={16} />
              </button>
            </div>
            {main ? (
              <p className="py-1.5 text-center text-xs font-semibold text-ink-muted">Main photo</p>
            ) : (
              <button
                type="button"
                onClick={() => onSetMain(index)}
                aria-label={`Set as main, photo ${number}`}
                className="min-h-9 rounded-lg border border-line bg-surface px-2 text-xs font-semibold text-brand hover:bg-brand-soft"
              >
                Set as main
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
