import { act } from '@testing-library/react';
import { vi } from 'vitest';

/*
 * Stand-ins for browser APIs jsdom lacks or cannot drive (tests only): XMLHttpRequest uploads whose
 * progress and answer a test controls, and image decoding that reports a chosen pixel size.
 */

type Handler = (() => void) | null;

/** One upload request; the test makes it progress, answer or fail. */
export class FakeUploadRequest {
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  constructor(private readonly sent: FakeUploadRequest[]) {}

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: unknown) {
    this.body = body;
    this.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The `file` field of the multipart body. */
  get file(): File {
    return (this.body as FormData).get('file') as File;
  }

  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }

  respond(status: number, body: unknown) {
    act(() => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }

  failNetwork() {
    act(() => this.onerror?.());
  }
}

/** Replaces XMLHttpRequest; `requests` lists every request sent, in order. */
export function installFakeXhr() {
  const requests: FakeUploadRequest[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeUploadRequest {
      constructor() {
        super(requests);
      }
    },
  );
  return { requests };
}

export type FakeImageSize = { width: number; height: number } | 'unreadable';

/**
 * Makes `new Image()` + `URL.createObjectURL(file)` report a size per file name (others are
 * 1200×900); 'unreadable' fails to load like a corrupted file.
 */
export function installFakeImageDecoding(sizes: Record<string, FakeImageSize> = {}) {
  const blobs = new Map<string, Blob>();
  let next = 0;
  const RealUrl = URL;
  vi.stubGlobal(
    'URL',
    class extends RealUrl {
      static override createObjectURL(blob: Blob) {
        next += 1;
        const url = `blob:castline-test/${next}`;
        blobs.set(url, blob);
        return url;
      }
      static override revokeObjectURL(url: string) {
        blobs.delete(url);
      }
    },
  );
  vi.stubGlobal(
    'Image',
    class {
      onload: Handler = null;
      onerror: Handler = null;
      naturalWidth = 0;
      naturalHeight = 0;
      width = 0;
      height = 0;
      set src(url: string) {
        const blob = blobs.get(url);
        const size = blob instanceof File ? (sizes[blob.name] ?? { width: 1200, height: 900 }) : 'unreadable';
        setTimeout(() => {
          if (size === 'unreadable') return this.onerror?.();
          this.naturalWidth = this.width = size.width;
          this.naturalHeight = this.height = size.height;
          this.onload?.();
        }, 0);
      }
    },
  );
}

/** A small image file (below the compression threshold, so it is uploaded as chosen). */
export function imageFile(
  name: string,
  { type = 'image/jpeg', lastModified = 1_700_000_000_000, bytes = 2048 } = {},
) {
  return new File([new Uint8Array(bytes)], name, { type, lastModified });
}

/** What POST /api/uploads/product-images answers for a stored photo. */
export function uploaded(key: string) {
  return { url: `/files/product-images/${key}`, key, width: 1200, height: 900, format: 'webp', bytes: 2048 };
}
