import type { StoredObjectInfo } from '../../platform/storage/file-storage.js';

/** A variant's bytes and what the store said about them (type, size, ETag). */
export interface RememberedVariant {
  data: Buffer;
  info: StoredObjectInfo;
}

export interface VariantMemoryOptions {
  /** The most bytes kept in all; the least recently served go first. */
  maxBytes: number;
  /** Variants larger than this are not kept (they are served from storage every time). */
  maxItemBytes: number;
}

/**
 * The most recently served variants of this process, in memory: a hot photo of the listing grid
 * is answered without opening a file or asking the bucket. Keys are variant keys, which name the
 * original's ETag, so an entry can never be stale; it only ever falls out by age.
 */
export function createVariantMemory({ maxBytes, maxItemBytes }: VariantMemoryOptions) {
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const entries = new Map<string, RememberedVariant>();
  let bytes = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.data.length;
  };

  return {
    /** The remembered variant, now the most recent one; undefined when it is not kept. */
    get(key: string): RememberedVariant | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },

    /** Keeps a variant when it is small enough, dropping the least recent ones beyond maxBytes. */
    remember(key: string, entry: RememberedVariant): void {
      if (entry.data.length > maxItemBytes || entry.data.length > maxBytes) return;
      forget(key);
      entries.set(key, entry);
      bytes += entry.data.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        forget(oldest);
      }
    },

    /** Bytes kept now. */
    get bytes(): number {
      return bytes;
    },
  };
}

export type VariantMemory = ReturnType<typeof createVariantMemory>;
