import type { Bucket, UploadedImageDto as UploadedImage } from '@castline/shared';
import { ERROR_CODES, IMAGE_MESSAGES } from '@castline/shared';
import { ApiError, UNEXPECTED_ERROR } from '../../../lib/api-client';
import { loadRequestSchemas } from '../../../lib/load-request-schemas';

export const LISTING_IMAGE_UPLOAD_PATH = '/api/uploads/product-images';

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

const knownCode = (code: string | undefined) =>
  (ERROR_CODES as readonly string[]).includes(code ?? '')
    ? (code as (typeof ERROR_CODES)[number])
    : undefined;

export interface UploadOptions {
  /** The file store bucket; product-images unless told otherwise. */
  bucket?: Bucket;
  /** Percent sent, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/uploads/product-images with one `file` field. XMLHttpRequest rather than fetch so that
 * the upload's progress can be shown; the session cookie goes along (same origin). Rejects with an
 * ApiError carrying the server's message, or with an AbortError when `signal` aborts.
 */
export function uploadListingImage(
  file: File,
  { bucket, onProgress, signal }: UploadOptions = {},
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', bucket ? `/api/uploads/${bucket}` : LISTING_IMAGE_UPLOAD_PATH);
    // Like fetch's credentials: 'same-origin': the session cookie goes to this origin only.
    xhr.withCredentials = false;
    xhr.setRequestHeader('accept', 'application/json');

    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      settle();
      const payload = parseJson(xhr.responseText);
      // The answer is checked with the shared schemas, loaded with the first upload.
      loadRequestSchemas().then(
        ({ UploadedImageDto, AnyErrorBody }) => {
          if (xhr.status >= 200 && xhr.status < 300) {
            const parsed = UploadedImageDto.safeParse(payload);
            if (parsed.success) {
              onProgress?.(100);
              resolve(parsed.data);
            } else {
              reject(
                new ApiError({
                  status: xhr.status,
                  code: 'UNEXPECTED_RESPONSE',
                  message: IMAGE_MESSAGES.noData,
                }),
              );
            }
            return;
          }
          const failure = AnyErrorBody.safeParse(payload);
          reject(
            new ApiError({
              status: xhr.status,
              code: (failure.success && knownCode(failure.data.error.code)) || 'UNEXPECTED_RESPONSE',
              message: failure.success ? failure.data.error.message : UNEXPECTED_ERROR,
              issues: failure.success ? failure.data.error.issues : undefined,
            }),
          );
        },
        () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: UNEXPECTED_ERROR })),
      );
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: UNEXPECTED_ERROR }));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Upload aborted', 'AbortError'));
    };

    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

export { isAbortError } from '../lib/abort';
