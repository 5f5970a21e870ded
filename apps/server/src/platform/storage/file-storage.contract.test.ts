import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import {
  bodyToBuffer,
  createFileStorage,
  createLocalFileStorage,
  createS3FileStorage,
  storageKeyFromUrl,
  StorageKeyError,
  type FileStorage,
} from './file-storage.js';
import { S3StorageError } from './s3-file-storage.js';
import { startS3Server, type S3Server } from './testing/s3-server.js';

interface DriverUnderTest {
  storage: FileStorage;
  close(): Promise<void>;
}

const drivers: Record<string, () => Promise<DriverUnderTest>> = {
  local: async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'castline-storage-'));
    return {
      storage: createLocalFileStorage(path.join(dir, 'files')),
      close: () => rm(dir, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const server = await startS3Server();
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: server.bucket,
      S3_REGION: server.region,
      S3_ENDPOINT: server.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
      S3_PREFIX: 'contract',
    });
    return { storage: createFileStorage(config.storage, tmpdir()), close: () => server.close() };
  },
};

describe.each(Object.keys(drivers))('file storage contract: %s driver', (name) => {
  let driver: DriverUnderTest;
  beforeAll(async () => {
    driver = await drivers[name]!();
  });
  afterAll(async () => {
    await driver.close();
  });

  it('stores a buffer and answers its public URL, type, size and a strong ETag', async () => {
    const { storage } = driver;
    const body = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await storage.put('avatars/u1.svg', body, 'image/svg+xml')).toBe('/files/avatars/u1.svg');
    expect(storage.kind).toBe(name);
    const info = await storage.head('avatars/u1.svg');
    expect(info).toMatchObject({ contentType: 'image/svg+xml', size: body.length });
    expect(info?.etag).toMatch(/^"[^"]+"$/);
    const file = await storage.get('avatars/u1.svg');
    expect(file).not.toBeNull();
    expect(file!.etag).toBe(info!.etag);
    expect(file!.size).toBe(body.length);
    expect((await bodyToBuffer(file!.body)).equals(body)).toBe(true);
    expect(await storage.exists('avatars/u1.svg')).toBe(true);
  });

  it('stores a stream and a string', async () => {
    const { storage } = driver;
    const bytes = Buffer.alloc(300_000, 7);
    await storage.put(
      'product-images/stream.webp',
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      'image/webp',
    );
    const file = await storage.get('product-images/stream.webp');
    expect(file?.contentType).toBe('image/webp');
    expect((await bodyToBuffer(file!.body)).equals(bytes)).toBe(true);
    await storage.put('notes/hello.txt', 'hello', 'text/plain; charset=utf-8');
    expect((await bodyToBuffer((await storage.get('notes/hello.txt'))!.body)).toString()).toBe('hello');
  });

  it('replaces an object and gives it a new ETag', async () => {
    const { storage } = driver;
    await storage.put('forum-images/replace.webp', Buffer.from('one'), 'image/webp');
    const first = await storage.head('forum-images/replace.webp');
    await storage.put('forum-images/replace.webp', Buffer.from('second'), 'image/webp');
    const second = await storage.head('forum-images/replace.webp');
    expect(second?.size).toBe(6);
    expect(second?.etag).not.toBe(first?.etag);
  });

  it('answers null for missing objects and deletes idempotently', async () => {
    const { storage } = driver;
    expect(await storage.get('product-images/missing.webp')).toBeNull();
    expect(await storage.head('product-images/missing.webp')).toBeNull();
    expect(await storage.exists('product-images/missing.webp')).toBe(false);
    await storage.put('product-images/gone.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('product-images/gone.webp');
    expect(await storage.exists('product-images/gone.webp')).toBe(false);
    await expect(storage.delete('product-images/gone.webp')).resolves.toBeUndefined();
  });

  it('treats a folder as no object', async () => {
    const { storage } = driver;
    await storage.put('avatars/nested/a.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    expect(await storage.get('avatars/nested')).toBeNull();
    expect(await storage.head('avatars/nested')).toBeNull();
  });

  it.each([
    '../etc/passwd',
    'avatars/../../x',
    '/abs.svg',
    'a//b',
    '.hidden',
    'a/./b',
    'a b',
    'x\\y',
    '',
    'a/',
  ])('refuses the unsafe key %j', async (key) => {
    const { storage } = driver;
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.head(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    expect(() => storage.publicUrl(key)).toThrow(StorageKeyError);
  });
});

describe('local driver layout', () => {
  it('keeps one file per key under its root, so /files/avatars/… URLs stay valid', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'castline-storage-'));
    try {
      const storage = createLocalFileStorage(dir);
      await storage.put('avatars/abc.svg', '<svg/>', 'image/svg+xml');
      expect(await readFile(path.join(dir, 'avatars', 'abc.svg'), 'utf8')).toBe('<svg/>');
      expect(storageKeyFromUrl('/files/avatars/abc.svg?w=64')).toBe('avatars/abc.svg');
      expect(storageKeyFromUrl('/files/../x')).toBeNull();
      expect(storageKeyFromUrl('https://elsewhere.example/a.png')).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('S3 driver', () => {
  let server: S3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => {
    await server.close();
  });

  const config = (overrides: Partial<Parameters<typeof createS3FileStorage>[0]> = {}) => ({
    driver: 's3' as const,
    bucket: server.bucket,
    region: server.region,
    endpoint: server.endpoint,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    prefix: '',
    ...overrides,
  });

  it('puts objects under the prefix, path-style, with their type and a long-lived cache policy', async () => {
    const storage = createS3FileStorage(config({ prefix: 'castline/prod/' }));
    await storage.put('avatars/p.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    expect(server.puts.at(-1)).toBe('castline/prod/avatars/p.svg');
    const stored = await server.readObject('castline/prod/avatars/p.svg');
    expect(stored?.body.toString()).toBe('<svg/>');
    expect(stored?.contentType).toBe('image/svg+xml');
    expect(stored?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(await server.readObject('avatars/p.svg')).toBeNull();
  });

  // s3rver refuses unknown access keys and skewed clocks but does not recompute SigV4
  // signatures; the signed requests themselves are checked in s3-file-storage.test.ts.
  it('fails loudly when the bucket does not know the access key', async () => {
    const storage = createS3FileStorage(config({ accessKeyId: 'AKIAUNKNOWN000000000' }));
    const error = await storage
      .put('avatars/x.svg', Buffer.from('<svg/>'), 'image/svg+xml')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error).toMatchObject({ status: 403, s3Code: 'InvalidAccessKeyId' });
    expect((error as Error).message).toBe('S3 PUT avatars/x.svg failed: HTTP 403 InvalidAccessKeyId');
    await expect(storage.get('avatars/x.svg')).rejects.toMatchObject({
      status: 403,
      s3Code: 'InvalidAccessKeyId',
    });
    // HEAD answers carry no body, so no S3 error code either.
    await expect(storage.head('avatars/x.svg')).rejects.toMatchObject({ status: 403, s3Code: undefined });
    await expect(storage.delete('avatars/x.svg')).rejects.toMatchObject({ status: 403 });
    expect(await server.readObject('avatars/x.svg')).toBeNull();
  });

  it("fails loudly when its clock is too far from the bucket's", async () => {
    const storage = createS3FileStorage(config(), { now: () => new Date(Date.now() - 20 * 60_000) });
    await expect(
      storage.put('avatars/late.svg', Buffer.from('<svg/>'), 'image/svg+xml'),
    ).rejects.toMatchObject({
      name: 'S3StorageError',
      status: 403,
      s3Code: 'RequestTimeTooSkewed',
    });
    expect(await server.readObject('avatars/late.svg')).toBeNull();
  });

  it('addresses the bucket virtual-hosted unless path style is forced', async () => {
    const urls: string[] = [];
    const storage = createS3FileStorage(
      config({ endpoint: undefined, forcePathStyle: false, region: 'eu-west-1', prefix: 'p/' }),
      {
        fetch: async (input) => {
          urls.push(String(input));
          return new Response(null, { status: 404 });
        },
      },
    );
    expect(await storage.head('avatars/a.svg')).toBeNull();
    expect(urls).toEqual([`https://${server.bucket}.s3.eu-west-1.amazonaws.com/p/avatars/a.svg`]);
  });

  it('gives up on a bucket that does not answer in time', async () => {
    const storage = createS3FileStorage(config(), {
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    });
    await expect(storage.head('avatars/slow.svg')).rejects.toThrow(/no answer in 50 ms/);
  });
});
