import { IMAGE_QUALITY_PRESETS, IMAGE_SIZE_PRESETS, SRCSET_MULTIPLIERS } from '@castline/shared';
import { ImageOff } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { measureImageLoadSoon } from '../../../lib/measure-image-load';

export type ListingImagePreset = keyof typeof IMAGE_SIZE_PRESETS.product;

/** Grid cards: two columns on a phone, three on a tablet, four on a wide screen. */
export const LISTING_CARD_SIZES = '(min-width: 1280px) 18rem, (min-width: 640px) 33vw, 50vw';

/** Photos Castline stored itself; only those can be asked for in other sizes. */
function isStoredFile(src: string): boolean {
  return src.startsWith('/files/');
}

/** A variant of a stored photo: `width` pixels wide, WebP, the product quality. */
export function imageVariantUrl(src: string, width: number): string {
  if (!isStoredFile(src)) return src;
  const [path = src, query = ''] = src.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('w', String(width));
  params.set('format', 'webp');
  params.set('q', String(IMAGE_QUALITY_PRESETS.product));
  return `${path}?${params.toString()}`;
}

/** The widths offered for a preset: its base width times each srcset multiplier. */
export function srcSetWidths(preset: ListingImagePreset): number[] {
  const base = IMAGE_SIZE_PRESETS.product[preset];
  return [...new Set(SRCSET_MULTIPLIERS.map((multiplier) => Math.round(base * multiplier)))];
}

/** "…?w=300… 300w, …?w=600… 600w, …": undefined for photos that have no variants. */
export function buildSrcSet(src: string, preset: ListingImagePreset): string | undefined {
  if (!isStoredFile(src)) return undefined;
  return srcSetWidths(preset)
    .map((width) => `${imageVariantUrl(src, width)} ${width}w`)
    .join(', ');
}

interface ListingImageProps {
  /** The stored photo (/files/product-images/…); none shows a placeholder. */
  src: string | undefined;
  /** '' when the photo only repeats text next to it (a card's title). */
  alt: string;
  preset?: ListingImagePreset;
  /** Which width the photo takes in the layout, for the browser's choice in the srcset. */
  sizes?: string;
  /** Width / height; the box keeps this shape before the photo arrives (no layout shift). */
  aspectRatio?: number;
  /** Load at once (the first photo of a page) instead of when it scrolls into view. */
  priority?: boolean;
  className?: string;
}

/**
 * A listing photo in responsive sizes (WebP variants made by the server), loaded lazily inside a box
 * of fixed shape, except when it is in view as it is drawn (then at once, with high priority). Each
 * load is measured for the admin image performance dashboard.
 */
export function ListingImage({
  src,
  alt,
  preset = 'preview',
  sizes = LISTING_CARD_SIZES,
  aspectRatio = 4 / 3,
  priority = false,
  className,
}: ListingImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  // A photo already in view when it is drawn (the first cards of a page, most often the page's
  // largest paint) is fetched at once and ahead of the rest; the others wait until they scroll near.
  useLayoutEffect(() => {
    const image = imageRef.current;
    if (!image || priority) return;
    const box = image.getBoundingClientRect();
    if (box.width === 0 || box.top >= window.innerHeight || box.bottom <= 0) return;
    image.loading = 'eager';
    image.setAttribute('fetchpriority', 'high');
  }, [priority, src]);
  const width = IMAGE_SIZE_PRESETS.product[preset];
  const height = Math.round(width / aspectRatio);
  const box = cn('relative overflow-hidden bg-surface-muted', className);

  if (!src || failedSrc === src) {
    return (
      <div
        {...(alt ? { role: 'img', 'aria-label': `${alt}: no photo` } : { 'aria-hidden': true })}
        style={{ aspectRatio }}
        className={cn(box, 'flex flex-col items-center justify-center gap-1 text-ink-muted')}
      >
        <ImageOff aria-hidden="true" size={28} />
        <span aria-hidden="true" className="text-xs font-medium">
          No photo
        </span>
      </div>
    );
  }

  return (
    <div style={{ aspectRatio }} className={box}>
      <img
        ref={imageRef}
        src={imageVariantUrl(src, width)}
        srcSet={buildSrcSet(src, preset)}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className="absolute inset-0 size-full object-cover"
        onLoad={(event) => {
          measureImageLoadSoon(event.currentTarget);
        }}
        onError={() => setFailedSrc(src)}
      />
    </div>
  );
}
