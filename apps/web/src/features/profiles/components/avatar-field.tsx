import { IMAGE_FORM_MAX_BYTES, IMAGE_MESSAGES } from '@castline/shared';
import { Camera, CircleExclamationPoint, Trash2, X } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { isAbortError, uploadListingImage } from '../../listings';
import { ProfileAvatar } from './profile-avatar';

interface AvatarFieldProps {
  /** The stored avatar (/files/avatars/…), or null for none. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Whose picture it is: initials stand in while there is none. */
  name: string;
  /** True while a picture is on its way up (the form waits for it). */
  onBusyChange?: (busy: boolean) => void;
  /** The server's or the form's message about the picture. */
  error?: string | undefined;
}

/** Checks a chosen file before sending it: an image, within the upload size. */
function fileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.notAnImage(file.name);
  if (file.size > IMAGE_FORM_MAX_BYTES) return IMAGE_MESSAGES.tooLargeForForm(file.name);
  return null;
}

/**
 * The profile picture: a preview, 'Upload photo' (to the avatars bucket, with a progress bar and a
 * way to cancel) and 'Remove photo'. The server makes the 64, 128 and 256 px variants.
 */
export function AvatarField({ value, onChange, name, onBusyChange, error }: AvatarFieldProps) {
  const inputId = useId();
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;

  const busyRef = useRef(onBusyChange);
  useEffect(() => {
    busyRef.current = onBusyChange;
  });
  // An upload still running when the form closes is dropped.
  useEffect(() => () => controller.current?.abort(), []);

  function setBusy(busy: boolean) {
    busyRef.current?.(busy);
  }

  async function upload(file: File) {
    const reason = fileProblem(file);
    if (reason) {
      setProblem(reason);
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProblem(null);
    setProgress(0);
    setBusy(true);
    try {
      const image = await uploadListingImage(file, {
        bucket: 'avatars',
        signal: current.signal,
        onProgress: (percent) => {
          if (controller.current === current) setProgress(percent);
        },
      });
      if (controller.current !== current) return;
      onChange(image.url);
    } catch (failure) {
      if (controller.current !== current || isAbortError(failure)) return;
      setProblem(errorMessage(failure));
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setProgress(null);
        setBusy(false);
      }
    }
  }

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (file) void upload(file);
  }

  function cancel() {
    controller.current?.abort();
    controller.current = null;
    setProgress(null);
    setBusy(false);
  }

  const uploading = progress !== null;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1.5 text-sm font-medium text-ink">Profile photo</legend>
      <div className="flex flex-wrap items-center gap-4">
        <ProfileAvatar
          url={value}
          name={name}
          alt={value ? 'Your profile photo' : ''}
          sizeClass="size-20"
          displayPx={80}
          sizes="80px"
        />
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={handleFile}
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={uploading}
            aria-describedby={shownError ? statusId : undefined}
            onClick={() => inputRef.current?.click()}
          >
            <Camera aria-hidden="true" size={16} />
            {value ? 'Change photo' : 'Upload photo'}
          </Button>
          {value && !uploading && (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              <Trash2 aria-hidden="true" size={16} />
              Remove photo
            </Button>
          )}
        </div>
      </div>
      {uploading && (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Uploading profile photo"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-surface-muted"
          >
            <div
              className="h-full rounded-full bg-brand transition-[width]"
              style={{ width: `${progress}%` }}
            />
          </div>
          <span className="w-10 shrink-0 text-right text-xs text-ink-muted tabular-nums">{`${progress}%`}</span>
          <Button variant="ghost" size="sm" aria-label="Cancel upload" onClick={cancel}>
            <X aria-hidden="true" size={16} />
          </Button>
        </div>
      )}
      {shownError && (
        <p id={statusId} role="alert" className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
          <span>{shownError}</span>
        </p>
      )}
    </fieldset>
  );
}
