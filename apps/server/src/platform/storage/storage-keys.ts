import path from 'node:path';
import type { Readable } from 'node:stream';

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`unsafe storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'StorageKeyError';
  }
}

export const STORAGE_KEY_MAX_LENGTH = 512;
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= STORAGE_KEY_MAX_LENGTH && SAFE_KEY.test(key) && !key.includes('..');
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new StorageKeyError(key);
}

export const FILES_URL_PREFIX = '/files/';

export function publicUrlFor(key: string): string {
  assertValidStorageKey(key);
  return `${FILES_URL_PREFIX}${key}`;
}

/** The key behind a public `/files/<key>` URL (query ignored), or null for any other URL. */
export function storageKeyFromUrl(url: string): string | null {
  if (!url.startsWith(FILES_URL_PREFIX)) return null;
  const key = url.slice(FILES_URL_PREFIX.length).split(/[?#]/)[0] ?? '';
  return isValidStorageKey(key) ? key : null;
}

const CONTENT_TYPES: Record<string, string> = {
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type a file name stands for (the local driver has no metadata store). */
export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Reads a body into memory; stored files are small (uploads stop at 10 MB). */
export async function bodyToBuffer(body: Buffer | Readable | string): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
