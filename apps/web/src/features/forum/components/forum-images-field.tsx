import { FORUM_LIMITS } from '@castline/shared';
import { CircleExclamationPoint, ImagePlus, X } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import {
  thumbnailUrl,
  PhotoChooserInput,
  UploadProblems,
  UploadQueue,
  useImageUploads,
  isMobileDevice,
} from '../../listings';

interface ForumImagesFieldProps {
  /** Stored images (/files/forum-images/…), in the order they are shown. */
  value: readonly string[];
  onChange: Dispatch<SetStateAction<string[]>>;
  error?: string | undefined;
  /** Told whether images are being checked or uploaded (the post waits for them). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * A post's images: the listing photo pipeline (checks, HEIC conversion, compression, uploads with a
 * progress bar each) sending to the forum-images bucket, then thumbnails that can be removed.
 */
export function ForumImagesField({ value, onChange, error, onBusyChange }: ForumImagesFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [isMobile] = useState(() => isMobileDevice());

  const onUploaded = useCallback(
    (url: string) => onChange((images) => (images.includes(url) ? images : [...images, url])),
    [onChange],
  );
  const { pending, problems, checking, addFiles, retry, discard, forgetImage } = useImageUploads({
    imageCount: value.length,
    isMobile,
    onUploaded,
    bucket: 'forum-images',
  });

  const busy = checking || pending.some((item) => item.status !== 'failed');
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const added = value.length + pending.length;
  const full = added >= FORUM_LIMITS.imagesMax;
  const hint = full
    ? `A post can have ${FORUM_LIMITS.imagesMax} images. Remove one to add another.`
    : `Optional. JPEG, PNG or WebP, up to 10 MB each; up to ${FORUM_LIMITS.imagesMax} images (${added} added).`;

  const remove = (url: string, index: number) => {
    forgetImage(url);
    onChange((images) => images.filter((image) => image !== url));
    // Focus stays in the field: on the next image's remove button, or on the chooser.
    requestAnimationFrame(() => {
      const buttons = document.querySelectorAll<HTMLButtonElement>(`[data-remove-image="${id}"]`);
      (buttons[Math.min(index, buttons.length - 1)] ?? chooseRef.current)?.focus();
    });
  };

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="mb-1.5 text-sm font-medium text-ink">Images</legend>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          ref={chooseRef}
          variant="secondary"
          size="sm"
          disabled={full}
          onClick={() => inputRef.current?.click()}
        >
          <ImagePlus aria-hidden="true" size={16} />
          Add images
        </Button>
        <PhotoChooserInput ref={inputRef} label="Post images" onFiles={(files) => void addFiles(files)} />
        {checking && (
          <span role="status" className="inline-flex items-center gap-2 text-sm text-ink-muted">
            <Spinner size={14} />
            Checking images…
          </span>
        )}
      </div>
      <p id={hintId} className="text-sm text-ink-muted">
        {hint}
      </p>
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
          <span>{error}</span>
        </p>
      )}
      <UploadProblems problems={problems} />
      <UploadQueue items={pending} onRetry={(item) => void retry(item)} onRemove={discard} />
      {value.length > 0 && (
        <ul aria-label="Added images" className="grid grid-cols-[repeat(auto-fill,minmax(6rem,1fr))] gap-3">
          {value.map((url, index) => (
            <li
              key={url}
              className="relative aspect-square overflow-hidden rounded-lg border border-line bg-surface-muted"
            >
              <img src={thumbnailUrl(url)} alt={`Image ${index + 1}`} className="size-full object-cover" />
              <button
                type="button"
                data-remove-image={id}
                aria-label={`Remove image ${index + 1}`}
                onClick={() => remove(url, index)}
                className={cn(
                  'absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-surface/90 text-ink shadow ring-1 ring-line',
                  'hover:bg-danger-soft hover:text-danger focus-visible:outline-2 focus-visible:outline-ring',
                )}
              >
                <X aria-hidden="true" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
