import { MESSAGE_MAX_LENGTH, MESSAGE_PHOTOS_MAX } from '@castline/shared';
import { ImagePlus, LockKeyhole, SendHorizontal } from 'lucide-react';
import type { FormEvent, KeyboardEvent } from 'react';
import { lazy, Suspense, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { lazyNamed } from '../../../components/ui/lazy-layer';
import { cn } from '../../../lib/cn';
import { useTypingSignal } from '../api/use-typing-signal';
import { PhotoChooserInput } from '../../listings';

// The photo pipeline (checks, compression, uploads with progress) loads with the first photo chosen.
const loadPhotos = () => import('./composer-photos');
const ComposerPhotos = lazy(lazyNamed(loadPhotos, 'ComposerPhotos'));

/** The counter shows once a message gets this close to the limit. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;
const MAX_HEIGHT_PX = 160;

interface ComposerProps {
  recipientId: string;
  recipientName: string;
  /** Why this member cannot write here (a block); the composer is disabled and says so. */
  disabledReason: string | null;
  /** Sends the text and the photos attached (either may be empty, not both). */
  onSend: (content: string, images: string[]) => void;
}

/** Writing a message: Enter sends, Shift+Enter starts a new line. */
export function Composer({ recipientId, recipientName, disabledReason, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const typing = useTypingSignal(recipientId);
  const fieldId = useId();
  const reasonId = useId();
  const hintId = useId();
  const photosHintId = useId();
  const disabled = disabledReason !== null;
  const content = text.trim();
  const fileInput = useRef<HTMLInputElement>(null);
  /** Files chosen and not yet handed to the photo pipeline. */
  const [chosen, setChosen] = useState<File[]>([]);
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [photosOpened, setPhotosOpened] = useState(false);
  const taken = useCallback(() => setChosen([]), []);
  const canSend = !disabled && !uploading && (content !== '' || photos.length > 0);
  const photosFull = photos.length >= MESSAGE_PHOTOS_MAX;

  // Grow with the text up to a few lines, then scroll.
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  const submit = () => {
    if (!canSend) return;
    onSend(content, photos);
    setText('');
    setPhotos([]);
    typing.stop();
    textarea.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 border-t border-line bg-surface p-3">
      {disabledReason && (
        <p id={reasonId} className="flex items-start gap-2 text-sm text-ink-muted">
          <LockKeyhole aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
          <span>{disabledReason}</span>
        </p>
      )}
      {photosOpened && (
        <Suspense fallback={null}>
          <ComposerPhotos
            files={chosen}
            onTaken={taken}
            value={photos}
            onChange={setPhotos}
            onBusyChange={setUploading}
          />
        </Suspense>
      )}
      <div className="flex items-end gap-2">
        <button
          type="button"
          disabled={disabled || photosFull}
          aria-label="Add photos"
          aria-describedby={photosHintId}
          title={photosFull ? `At most ${MESSAGE_PHOTOS_MAX} photos` : 'Add photos'}
          onPointerEnter={() => void loadPhotos().catch(() => {})}
          onFocus={() => void loadPhotos().catch(() => {})}
          onClick={() => fileInput.current?.click()}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-brand hover:bg-brand-soft disabled:cursor-not-allowed disabled:opacity-50"
        >
          <ImagePlus aria-hidden="true" size={20} />
        </button>
        <span id={photosHintId} className="sr-only">
          {`Up to ${MESSAGE_PHOTOS_MAX} photos a message, ${photos.length} added`}
        </span>
        <PhotoChooserInput
          ref={fileInput}
          label="Message photos"
          onFiles={(files) => {
            setChosen(files);
            setPhotosOpened(true);
          }}
        />
        <label htmlFor={fieldId} className="sr-only">
          {`Message ${recipientName}`}
        </label>
        <textarea
          id={fieldId}
          ref={textarea}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          disabled={disabled}
          aria-describedby={disabled ? reasonId : hintId}
          placeholder={disabled ? 'You cannot message this member' : `Message ${recipientName}…`}
          onChange={(event) => {
            setText(event.target.value);
            typing.typed(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={typing.stop}
          className={cn(
            'block max-h-40 min-h-11 w-full flex-1 resize-none rounded-lg border border-line bg-canvas px-3 py-2.5 text-base text-ink',
            'placeholder:text-ink-muted/70 focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60',
          )}
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-label={uploading ? 'Send message (waiting for the photos to upload)' : 'Send message'}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-cta text-cta-ink shadow-sm hover:bg-cta-hover disabled:cursor-not-allowed disabled:opacity-50"
        >
          <SendHorizontal aria-hidden="true" size={20} />
        </button>
      </div>
      {!disabled && (
        <p id={hintId} className="flex justify-between gap-3 text-xs text-ink-muted">
          <span className="hidden sm:inline">Enter to send · Shift+Enter for a new line</span>
          {text.length >= COUNTER_FROM && (
            <span className="ml-auto tabular-nums">{`${text.length.toLocaleString('en-US')} / ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')}`}</span>
          )}
        </p>
      )}
    </form>
  );
}
