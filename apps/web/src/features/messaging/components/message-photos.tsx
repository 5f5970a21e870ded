import { cn } from '../../../lib/cn';
import { imageVariantUrl } from '../../listings';

/** The width of a message's photo thumbnails (twice for sharp screens). */
const THUMBNAIL_WIDTH = 320;

interface MessagePhotosProps {
  images: readonly string[];
  /** Who sent them, in each thumbnail's name ("Photo 1 of 2 from rita"). */
  from: string;
  /** Opens the full-size view at this photo; null while the message is still on its way. */
  onOpen: ((index: number, trigger: HTMLButtonElement) => void) | null;
  /** Starts loading the full-size view's code (hover or focus). */
  onIntent?: () => void;
}

/** A message's photos as thumbnails; each opens the full-size view. */
export function MessagePhotos({ images, from, onOpen, onIntent }: MessagePhotosProps) {
  if (images.length === 0) return null;
  const several = images.length > 1;
  return (
    <ul className={cn('grid gap-1', several ? 'grid-cols-2' : 'grid-cols-1')}>
      {images.map((url, index) => {
        const name = several ? `Photo ${index + 1} of ${images.length} from ${from}` : `Photo from ${from}`;
        const image = (
          <img
            src={imageVariantUrl(url, THUMBNAIL_WIDTH)}
            alt={onOpen ? '' : name}
            loading="lazy"
            decoding="async"
            className="aspect-square size-full rounded-lg object-cover"
          />
        );
        return (
          <li key={url} className="size-28 sm:size-36">
            {onOpen ? (
              <button
                type="button"
                aria-label={`${name}, open full size`}
                aria-haspopup="dialog"
                onPointerEnter={onIntent}
                onFocus={onIntent}
                onClick={(event) => onOpen(index, event.currentTarget)}
                className="block size-full cursor-zoom-in rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {image}
              </button>
            ) : (
              image
            )}
          </li>
        );
      })}
    </ul>
  );
}
