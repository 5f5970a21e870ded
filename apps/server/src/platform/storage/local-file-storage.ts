import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, StoredFile, StoredObjectInfo } from './file-storage.js';
import { assertValidStorageKey, contentTypeForKey, publicUrlFor } from './storage-keys.js';

export interface LocalFileStorage extends FileStorage {
  readonly kind: 'local';
  /** The folder that holds the files (DATA_DIR/files). */
  readonly root: string;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/**
 * Files in a folder, one file per key (`<root>/avatars/<id>.svg` is served at
 * `/files/avatars/<id>.svg`). The content type comes from the file name. Writes go to a
 * temporary file that is renamed into place, so a reader never sees half a file.
 */
export function createLocalFileStorage(root: string): LocalFileStorage {
  const resolvedRoot = path.resolve(root);
  const fileFor = (key: string) => {
    assertValidStorageKey(key);
    const file = path.resolve(resolvedRoot, key);
    // The key rules already exclude it; this keeps any future change of them honest.
    if (!file.startsWith(resolvedRoot + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return file;
  };
  const infoOf = (key: string, size: number, mtimeNs: bigint): StoredObjectInfo => ({
    contentType: contentTypeForKey(key),
    size,
    // Objects are written once under fresh names; size plus the nanosecond write time names
    // one exact content.
    etag: `"${size.toString(16)}-${mtimeNs.toString(16)}"`,
  });

  const head = async (key: string): Promise<StoredObjectInfo | null> => {
    try {
      const stats = await stat(fileFor(key), { bigint: true });
      return stats.isFile() ? infoOf(key, Number(stats.size), stats.mtimeNs) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    kind: 'local',
    root: resolvedRoot,

    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        const source = Buffer.isBuffer(body) || typeof body === 'string' ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(temporary));
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return publicUrlFor(key);
    },

    async get(key): Promise<StoredFile | null> {
      const file = fileFor(key);
      let handle: FileHandle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const stats = await handle.stat({ bigint: true });
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        return { ...infoOf(key, Number(stats.size), stats.mtimeNs), body: handle.createReadStream() };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    head,

    async exists(key) {
      return (await head(key)) !== null;
    },

    async delete(key) {
      const file = fileFor(key);
      // Only files are objects; a folder of that name is left alone.
      if ((await head(key)) !== null) await rm(file, { force: true });
    },

    publicUrl(key) {
      return publicUrlFor(key);
    },
  };
}
