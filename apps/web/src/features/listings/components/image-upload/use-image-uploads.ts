import type { Bucket } from '@castline/shared';
import { IMAGE_MESSAGES, LISTING_IMAGES_MAX, UPLOAD_STAGGER_MS } from '@castline/shared';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useToast } from '../../../../components/ui/toaster';
import { errorMessage } from '../../../../lib/api-client';
import { isAbortError } from '../../lib/abort';
import type { ImageProblem } from '../../lib/file-checks';

const loadPipeline = () => import('./photo-pipeline');

export type UploadStatus = 'waiting' | 'preparing' | 'uploading' | 'failed';

/** A photo on its way to the server (or one whose upload failed and can be retried). */
export interface PendingUpload {
  id: string;
  /** fileKey of the chosen file: a file chosen again while this one is listed is skipped. */
  key: string;
  name: string;
  file: File;
  converted: boolean;
  /** Already compressed: a retry sends the same file again. */
  prepared: boolean;
  status: UploadStatus;
  /** 0–100. */
  progress: number;
  error?: string;
}

type Outcome = 'uploaded' | 'failed' | 'aborted';

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        reject(new DOMException('Upload aborted', 'AbortError'));
      },
      { once: true },
    );
  });

let nextUploadId = 0;

interface UseImageUploadsOptions {
  /** How many photos the listing already has. */
  imageCount: number;
  isMobile: boolean;
  /** Called with each stored photo's url as soon as its upload finishes. */
  onUploaded: (url: string) => void;
  /** The file store bucket; product-images unless told otherwise (forum posts use forum-images). */
  bucket?: Bucket;
  /** How many photos there may be in all; a listing's limit unless told otherwise. */
  max?: number;
}

/**
 * The photo flow (spec 000 §4): validate a selection, convert or compress each photo, upload them
 * 100 ms apart with progress, then add each to the listing; a summary toast follows every batch.
 */
export function useImageUploads({
  imageCount,
  isMobile,
  onUploaded,
  bucket,
  max = LISTING_IMAGES_MAX,
}: UseImageUploadsOptions) {
  const toast = useToast();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [problems, setProblems] = useState<ImageProblem[]>([]);
  /** Selections being checked (several may overlap). */
  const [checking, setChecking] = useState(0);

  // Read by async work that outlives a render.
  const latest = useRef({ imageCount, pendingCount: 0, onUploaded });
  useLayoutEffect(() => {
    latest.current = { imageCount, pendingCount: pending.length, onUploaded };
  });
  /** Files added in this visit (uploading, failed or uploaded): chosen again, they are skipped. */
  const knownKeys = useRef(new Set<string>());
  const keysOfImages = useRef(new Map<string, string>());
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const patch = useCallback((id: string, change: Partial<PendingUpload>) => {
    setPending((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    async (item: PendingUpload, delayMs: number): Promise<Outcome> => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      try {
        const { compressForUpload, uploadListingImage } = await loadPipeline();
        await wait(delayMs, controller.signal);
        let file = item.file;
        if (!item.prepared) {
          patch(item.id, { status: 'preparing' });
          file = await compressForUpload(item.file, item.converted);
          if (controller.signal.aborted) return 'aborted';
        }
        patch(item.id, { status: 'uploading', progress: 0, file, prepared: true, error: undefined });
        const uploaded = await uploadListingImage(file, {
          ...(bucket ? { bucket } : {}),
          signal: controller.signal,
          onProgress: (progress) => patch(item.id, { progress }),
        });
        setPending((list) => list.filter((entry) => entry.id !== item.id));
        keysOfImages.current.set(uploaded.url, item.key);
        latest.current.onUploaded(uploaded.url);
        return 'uploaded';
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) return 'aborted';
        patch(item.id, { status: 'failed', progress: 0, error: errorMessage(error) });
        return 'failed';
      } finally {
        controllers.current.delete(item.id);
      }
    },
    [bucket, patch],
  );

  const report = useCallback(
    (outcomes: Outcome[]) => {
      if (outcomes.includes('aborted')) return;
      const uploaded = outcomes.filter((outcome) => outcome === 'uploaded').length;
      const failed = outcomes.length - uploaded;
      if (uploaded > 0) toast.show(IMAGE_MESSAGES.uploaded(uploaded), { tone: 'success' });
      if (failed > 0 && uploaded === 0) toast.show(IMAGE_MESSAGES.allFailed, { tone: 'error' });
      else if (failed > 0) toast.show(IMAGE_MESSAGES.someFailed(failed), { tone: 'error' });
    },
    [toast],
  );

  /** Checks a selection and uploads the photos that pass. */
  const addFiles = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      setProblems([]);
      setChecking((count) => count + 1);
      let result: Awaited<ReturnType<Awaited<ReturnType<typeof loadPipeline>>['checkFiles']>>;
      try {
        const { checkFiles, convertHeicToJpeg, readImageSize } = await loadPipeline();
        result = await checkFiles(files, {
          isMobile,
          knownKeys: knownKeys.current,
          slots: max - latest.current.imageCount - latest.current.pendingCount,
          readSize: readImageSize,
          convertHeic: convertHeicToJpeg,
        });
      } finally {
        setChecking((count) => count - 1);
      }
      setProblems(result.problems);
      // Another selection may have been checked meanwhile: skip what it added and respect the limit.
      const room = max - latest.current.imageCount - latest.current.pendingCount;
      const fresh = result.accepted
        .filter((accepted) => !knownKeys.current.has(accepted.key))
        .slice(0, Math.max(0, room));
      if (fresh.length === 0) return;

      const items: PendingUpload[] = fresh.map((accepted) => {
        nextUploadId += 1;
        knownKeys.current.add(accepted.key);
        return {
          id: `upload-${nextUploadId}`,
          key: accepted.key,
          name: accepted.name,
          file: accepted.file,
          converted: accepted.converted,
          prepared: false,
          status: 'waiting',
          progress: 0,
        };
      });
      latest.current.pendingCount += items.length;
      setPending((list) => [...list, ...items]);
      const outcomes = await Promise.all(items.map((item, index) => run(item, index * UPLOAD_STAGGER_MS)));
      report(outcomes);
    },
    [isMobile, max, report, run],
  );

  const retry = useCallback(
    async (item: PendingUpload) => {
      if (item.status !== 'failed') return;
      patch(item.id, { status: 'waiting', progress: 0, error: undefined });
      const outcome = await run(item, 0);
      report([outcome]);
    },
    [patch, report, run],
  );

  const discard = useCallback((item: PendingUpload) => {
    controllers.current.get(item.id)?.abort();
    knownKeys.current.delete(item.key);
    setPending((list) => list.filter((entry) => entry.id !== item.id));
  }, []);

  /** A photo was removed from the listing: its file may be chosen again. */
  const forgetImage = useCallback((url: string) => {
    const key = keysOfImages.current.get(url);
    if (key === undefined) return;
    keysOfImages.current.delete(url);
    knownKeys.current.delete(key);
  }, []);

  return { pending, problems, checking: checking > 0, addFiles, retry, discard, forgetImage };
}
