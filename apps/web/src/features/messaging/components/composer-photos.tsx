import { MESSAGE_PHOTOS_MAX } from '@castline/shared';
import { X } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { useCallback, useEffect, useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { isMobileDevice, thumbnailUrl, UploadProblems, UploadQueue, useImageUploads } from '../../listings';

interface ComposerPhotosProps {
  /** Files just chosen in the composer's picker, handed over once (then cleared by `onTaken`). */
  files: readonly File[];
  onTaken: () => void;
  /** The photos uploaded so far (/files/message-images/…), in the order they will be sent. */
  value: readonly string[];
  onChange: Dispatch<SetStateAction<string[]>>;
  /** Told whether photos are still being checked or uploaded (sending waits for them). */
  onBusyChange: (busy: boolean) => void;
}

/**
 * A message's photos before it is sent: the listing photo pipeline (checks, HEIC conversion,
 * compression, uploads with a progress bar each) sending to the message-images bucket, then
 * thumbnails that can be removed. Loaded with the first photo chosen.
 */
export function ComposerPhotos({ files, onTaken, value, onChange, onBusyChange }: ComposerPhotosProps) {
  const id = useId();
  const [isMobile] = useState(() => isMobileDevice());
  const onUploaded = useCallback(
    (url: string) => onChange((images) => (images.includes(url) ? images : [...images, url])),
    [onChange],
  );
  const { pending, problems, checking, addFiles, retry, discard, forgetImage } = useImageUploads({
    imageCount: value.length,
    isMobile,
    onUploaded,
    bucket: 'message-images',
    max: MESSAGE_PHOTOS_MAX,
  });

  useEffect(() => {
    if (files.length === 0) return;
    onTaken();
    void addFiles(files);
  }, [files, onTaken, addFiles]);

  const busy = checking || pending.some((item) => item.status !== 'failed');
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const remove = (url: string, index: number) => {
    forgetImage(url);
    onChange((images) => images.filter((image) => image !== url));
    requestAnimationFrame(() => {
      const buttons = document.querySelectorAll<HTMLButtonElement>(`[data-remove-photo="${id}"]`);
      (buttons[Math.min(index, buttons.length - 1)] ?? document.getElementById(`${id}-none`))?.focus();
    });
  };

  if (value.length === 0 && pending.length === 0 && problems.length === 0 && !checking) return null;
  return (
    <div className="flex flex-col gap-2">
      {checking && (
        <p role="status" className="text-sm text-ink-muted">
          Checking photos…
        </p>
      )}
      <UploadProblems problems={problems} />
      <UploadQueue items={pending} onRetry={(item) => void retry(item)} onRemove={discard} />
      {value.length > 0 && (
        <ul aria-label="Photos to send" className="flex flex-wrap gap-2">
          {value.map((url, index) => (
            <li
              key={url}
              className="relative size-16 overflow-hidden rounded-lg border border-line bg-surface-muted"
            >
              <img src={thumbnailUrl(url)} alt={`Photo ${index + 1}`} className="size-full object-cover" />
              <button
                type="button"
                data-remove-photo={id}
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => remove(url, index)}
                className={cn(
                  'absolute top-0.5 right-0.5 inline-flex size-7 items-center justify-center rounded-full bg-surface/90 text-ink shadow ring-1 ring-line',
                  'hover:bg-danger-soft hover:text-danger focus-visible:outline-2 focus-visible:outline-ring',
                )}
              >
                <X aria-hidden="true" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
