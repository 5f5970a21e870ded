import { LISTING_IMAGES_MAX } from '@castline/shared';
import { Camera, CircleExclamationPoint, Info } from 'lucide-react';
import type { Dispatch, DragEvent, SetStateAction } from 'react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { cn } from '../../../../lib/cn';
import { isMobileDevice } from '../../lib/device';
import type { ImageProblem } from '../../lib/file-checks';
import type { ImageListState } from '../../lib/image-list';
import { addImages, removeImage, setMainImage } from '../../lib/image-list';
import { PhotoGrid } from './photo-grid';
import { useImageUploads } from './use-image-uploads';
import { lazyNamed } from '../../../../components/ui/lazy-layer';

// The how-to-resize dialog (and the dialog library) loads the first time it is asked for.
// The list of photos on their way loads with the first photo chosen.
const UploadQueue = lazy(lazyNamed(() => import('./upload-queue'), 'UploadQueue'));
const ResizeHelpDialog = lazy(lazyNamed(() => import('./resize-help-dialog'), 'ResizeHelpDialog'));

export interface ImageUploadProps {
  value: ImageListState;
  onChange: Dispatch<SetStateAction<ImageListState>>;
  /** The form's image error ('Please upload at least one product image'): the area is highlighted. */
  error?: string | undefined;
  /** Told whether photos are being checked or uploaded (the form waits for them before saving). */
  onBusyChange?: (busy: boolean) => void;
}

function ProblemList({ problems, onResizeHelp }: { problems: ImageProblem[]; onResizeHelp: () => void }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="rounded-xl border border-danger/35 bg-danger-soft px-4 py-3 text-sm">
      <ul className="flex flex-col gap-2">
        {problems.map((problem, index) => (
          <li key={`${problem.message}-${index}`} className="flex items-start gap-2">
            <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-danger" />
            <div className="flex min-w-0 flex-col gap-1">
              <p className="break-words">
                {problem.kind === 'file' && problem.name && (
                  <span className="font-semibold">{`${problem.name}: `}</span>
                )}
                <span>{problem.message}</span>
              </p>
              {problem.kind === 'file' && problem.advice && (
                <p className="text-ink-muted">{problem.advice}</p>
              )}
              {problem.kind === 'dimensions' && (
                <div className="flex flex-wrap items-center gap-2">
                  <p className="text-ink-muted">
                    Resize them to at most 9000 pixels on each side and add them again.
                  </p>
                  <Button variant="secondary" size="sm" onClick={onResizeHelp}>
                    <Info aria-hidden="true" size={14} />
                    How to resize
                  </Button>
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The listing's photo area: a drop zone with a 'Choose photos' button, checks with the spec's
 * messages, uploads with progress, and the thumbnail grid where the main photo is chosen.
 */
export function ImageUpload({ value, onChange, error, onBusyChange }: ImageUploadProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [isMobile] = useState(() => isMobileDevice());
  const [dragging, setDragging] = useState(false);
  const [resizeHelpOpen, setResizeHelpOpen] = useState(false);
  /** Asked for once: the dialog stays mounted from then on (focus goes back on close). */
  const [resizeHelpUsed, setResizeHelpUsed] = useState(false);

  const onUploaded = useCallback((url: string) => onChange((state) => addImages(state, [url])), [onChange]);
  const uploads = useImageUploads({ imageCount: value.images.length, isMobile, onUploaded });
  const { pending, problems, checking, addFiles, retry, discard, forgetImage } = uploads;

  const busy = checking || pending.some((item) => item.status !== 'failed');
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const slots = LISTING_IMAGES_MAX - value.images.length - pending.length;
  const full = slots <= 0;
  const oversized = problems.find((problem) => problem.kind === 'dimensions');

  const choose = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    void addFiles(Array.from(files));
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = full ? 'none' : 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!full) choose(event.dataTransfer.files);
  };

  const focusChooser = useCallback(() => chooseRef.current?.focus(), []);
  const hint = full
    ? `This listing has ${LISTING_IMAGES_MAX} photos, the most it can have. Remove one to add another.`
    : `JPEG, PNG or WebP${isMobile ? ' (or HEIC from this device)' : ''}, up to 10 MB each. Up to ${LISTING_IMAGES_MAX} photos; ${value.images.length + pending.length} added.`;

  return (
    <div className="flex flex-col gap-4">
      <div
        data-testid="photo-drop-zone"
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragging
            ? 'border-brand bg-brand-soft'
            : error
              ? 'border-danger bg-danger-soft'
              : 'border-line bg-surface-muted/40',
        )}
      >
        <span
          className={cn(
            'inline-flex size-12 items-center justify-center rounded-full',
            error ? 'bg-surface text-danger' : 'bg-brand-soft text-brand',
          )}
        >
          <Camera aria-hidden="true" size={24} />
        </span>
        <p className="font-medium">
          <span className="hidden sm:inline">Drag photos here, or </span>
          <span className="sm:hidden">Add photos from your camera roll</span>
        </p>
        <Button
          ref={chooseRef}
          variant="secondary"
          disabled={full}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          onClick={() => inputRef.current?.click()}
        >
          <Camera aria-hidden="true" size={18} />
          Choose photos
        </Button>
        <p id={hintId} className="max-w-md text-sm text-ink-muted">
          {hint}
        </p>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          multiple
          aria-label="Product photos"
          tabIndex={-1}
          className="hidden"
          onChange={(event) => {
            choose(event.target.files);
            event.target.value = '';
          }}
        />
      </div>

      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
          <span>{error}</span>
        </p>
      )}

      {checking && (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner size={16} />
          Checking photos…
        </p>
      )}

      <ProblemList
        problems={problems}
        onResizeHelp={() => {
          setResizeHelpUsed(true);
          setResizeHelpOpen(true);
        }}
      />
      {pending.length > 0 && (
        <Suspense fallback={null}>
          <UploadQueue items={pending} onRetry={(item) => void retry(item)} onRemove={discard} />
        </Suspense>
      )}
      <PhotoGrid
        images={value.images}
        mainImageIndex={value.mainImageIndex}
        onSetMain={(index) => onChange((state) => setMainImage(state, index))}
        onRemove={(index) => {
          const url = value.images[index];
          if (url !== undefined) forgetImage(url);
          onChange((state) => removeImage(state, index));
        }}
        onEmptied={focusChooser}
      />
      {value.images.length > 1 && (
        <p className="text-sm text-ink-muted">The main photo is shown first in the Marketplace.</p>
      )}

      {resizeHelpUsed && (
        <Suspense fallback={null}>
          <ResizeHelpDialog
            open={resizeHelpOpen}
            onOpenChange={setResizeHelpOpen}
            names={oversized?.kind === 'dimensions' ? oversized.names : []}
          />
        </Suspense>
      )}
    </div>
  );
}
