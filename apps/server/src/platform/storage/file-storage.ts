import path from 'node:path';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../../config.js';
import { createLocalFileStorage } from './local-file-storage.js';
import { createS3FileStorage } from './s3-file-storage.js';

export { createLocalFileStorage } from './local-file-storage.js';
export { createS3FileStorage } from './s3-file-storage.js';
export * from './storage-keys.js';

/** What the store knows about one object without reading it. */
export interface StoredObjectInfo {
  contentType: string;
  /** Bytes. */
  size: number;
  /** A strong entity tag, quoted (`"…"`), when the driver has one. */
  etag: string | undefined;
}

/** One object opened for reading; the caller must consume or destroy `body`. */
export interface StoredFile extends StoredObjectInfo {
  body: Readable;
}

/**
 * Where uploaded and generated files live: one interface, two drivers (a folder under
 * DATA_DIR, or an S3-compatible bucket). Castline serves every object itself at
 * `/files/<key>`, so browsers never need bucket credentials.
 *
 * Keys are `segment/segment/…`, each segment letters, digits, `_`, `.` and `-` and starting
 * with a letter or digit (no `..`, no absolute paths); any other key throws StorageKeyError.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores (or replaces) an object and answers its public URL, `/files/<key>`. */
  put(key: string, body: Buffer | Readable | string, contentType: string): Promise<string>;
  /** Opens an object, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Type, size and ETag of an object, or null when there is none. */
  head(key: string): Promise<StoredObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes an object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
}

/** Builds the driver the configuration names. */
export function createFileStorage(config: StorageConfig, dataDir: string): FileStorage {
  if (config.driver === 's3') return createS3FileStorage(config);
  return createLocalFileStorage(path.join(dataDir, 'files'));
}
