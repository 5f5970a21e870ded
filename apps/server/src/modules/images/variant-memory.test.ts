import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../http/errors.js';
import { createImageProcessor } from '../../platform/images/image-processor.js';
import { orientedJpeg } from '../../platform/images/testing/image-fixtures.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import {
  bodyToBuffer,
  createLocalFileStorage,
  type FileStorage,
} from '../../platform/storage/file-storage.js';
import { createImagesService, type ServedFile } from './images.service.js';
import { createVariantMemory } from './variant-memory.js';

const info = (size: number) => ({ contentType: 'image/webp', size, etag: `"${size}"` });
const entry = (size: number) => ({ data: Buffer.alloc(size, 1), info: info(size) });

describe('variant memory', () => {
  it('keeps the most recently served variants within its byte budget', () => {
    const memory = createVariantMemory({ maxBytes: 300, maxItemBytes: 200 });
    memory.remember('a', entry(100));
    memory.remember('b', entry(100));
    memory.remember('c', entry(100));
    expect(memory.get('a')?.data.length).toBe(100);
    // b is now the least recently served: it goes first.
    memory.remember('d', entry(100));
    expect(memory.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => memory.get(key)?.info.etag)).toEqual(['"100"', '"100"', '"100"']);
    expect(memory.bytes).toBe(300);
  });

  it('does not keep a variant larger than its item limit, and replaces one kept again', () => {
    const memory = createVariantMemory({ maxBytes: 1000, maxItemBytes: 200 });
    memory.remember('big', entry(201));
    expect(memory.get('big')).toBeUndefined();
    memory.remember('a', entry(150));
    memory.remember('a', entry(120));
    expect(memory.get('a')?.data.length).toBe(120);
    expect(memory.bytes).toBe(120);
  });
});

// Two instances of the service over one store, as two servers behind a load balancer.
const allowAll: RateLimiter = {
  kind: 'database',
  consume: async () => ({ allowed: true, count: 1, retryAfterMs: 0 }),
  reset: async () => {},
  close: async () => {},
};
const logger = pino({ level: 'silent' });
let root: string;
let storage: FileStorage;
const KEY = 'product-images/1700000000000-0123456789abcdef.webp';

function instance(variantMemory?: { maxBytes: number; maxItemBytes: number }) {
  return createImagesService({
    storage,
    processor: createImageProcessor({ concurrency: 1 }),
    rateLimiter: allowAll,
    logger,
    ...(variantMemory ? { variantMemory } : {}),
  });
}

async function bytesOf(served: ServedFile): Promise<Buffer> {
  expect(served.body).not.toBeNull();
  return bodyToBuffer(served.body!);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'castline-variants-'));
  storage = createLocalFileStorage(root);
  await storage.put(
    KEY,
    await sharp(await orientedJpeg(600, 400))
      .webp()
      .toBuffer(),
    'image/webp',
  );
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('variants across instances', () => {
  const caller = { clientIp: '203.0.113.9', bodyless: false };

  it('serves a variant another instance made from the shared store: the same bytes and ETag', async () => {
    const made = await instance().open(KEY, { w: 120 }, caller);
    expect(made.cacheStatus).toBe('MISS');
    const madeBytes = await bytesOf(made);

    const other = instance();
    for (let i = 0; i < 2; i += 1) {
      const served = await other.open(KEY, { w: 120 }, caller);
      expect(served.cacheStatus).toBe('HIT');
      expect(served.info.etag).toBe(made.info.etag);
      expect((await bytesOf(served)).equals(madeBytes)).toBe(true);
    }
    const head = await other.open(KEY, { w: 120 }, { ...caller, bodyless: true });
    expect(head).toMatchObject({ body: null, cacheStatus: 'HIT', info: { size: madeBytes.length } });
  });

  it('streams a variant too large to keep in memory from the store every time', async () => {
    const made = await instance().open(KEY, { w: 300, format: 'png' }, caller);
    const madeBytes = await bytesOf(made);
    const small = instance({ maxBytes: 1024, maxItemBytes: 16 });
    for (let i = 0; i < 2; i += 1) {
      const served = await small.open(KEY, { w: 300, format: 'png' }, caller);
      expect(served.cacheStatus).toBe('HIT');
      expect(Buffer.isBuffer(served.body)).toBe(false);
      expect((await bytesOf(served)).equals(madeBytes)).toBe(true);
    }
  });

  it('stops serving a remembered variant once its original is gone', async () => {
    const key = 'product-images/1700000000001-fedcba9876543210.webp';
    await storage.put(
      key,
      await sharp(await orientedJpeg(300, 200))
        .webp()
        .toBuffer(),
      'image/webp',
    );
    const images = instance();
    await bytesOf(await images.open(key, { w: 64 }, caller));
    expect((await images.open(key, { w: 64 }, caller)).cacheStatus).toBe('HIT');
    await storage.delete(key);
    await expect(images.open(key, { w: 64 }, caller)).rejects.toBeInstanceOf(NotFoundError);
  });
});
