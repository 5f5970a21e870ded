import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and generated files live. The local driver serves them at /files/. */
export interface FileStorage {
  readonly kind: 'local';
  readonly root: string;
  put(key: string, body: Buffer | string, contentType: string): Promise<string>;
  publicUrl(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function createLocalFileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    root,
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return `/files/${key}`;
    },
    publicUrl(key) {
      resolve(key);
      return `/files/${key}`;
    },
  };
}
