import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUTH_MESSAGES,
  avatarUploadNamePrefix,
  BUCKETS,
  IMAGE_VARIANT_DEFAULTS,
  messagePhotoNamePrefix,
  UPLOAD_RATE_LIMIT,
  VARIANT_RENDER_RATE_LIMIT,
  type Bucket,
  type ImageFormat,
  type ImageVariantQuery,
  type UploadedImageDto,
} from '@castline/shared';
import { NotFoundError, RateLimitedError } from '../../http/errors.js';
import type { ImageProcessor } from '../../platform/images/image-processor.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import {
  bodyToBuffer,
  isValidStorageKey,
  type FileStorage,
  type StoredObjectInfo,
} from '../../platform/storage/file-storage.js';
import { presentUploadedImage } from './images.presenter.js';
import { createVariantMemory, type VariantMemoryOptions } from './variant-memory.js';

export type CacheStatus = 'HIT' | 'MISS';

/** A stored file ready to answer: a stream, the bytes just made, or nothing (HEAD). */
export interface ServedFile {
  info: StoredObjectInfo;
  body: Readable | Buffer | null;
  /** MISS when this request made the variant; HIT when it was served as stored. */
  cacheStatus: CacheStatus;
}

export interface ImagesServiceDeps {
  storage: FileStorage;
  processor: ImageProcessor;
  rateLimiter: RateLimiter;
  logger: FastifyBaseLogger;
  /** How many bytes of recently served variants this process keeps in memory. */
  variantMemory?: VariantMemoryOptions;
}

/**
 * Recently served variants kept in memory: 32 MB holds several hundred grid-sized photos
 * (20–100 KB each); larger variants are served from storage every time.
 */
export const VARIANT_MEMORY_DEFAULTS: VariantMemoryOptions = {
  maxBytes: 32 * 1024 * 1024,
  maxItemBytes: 512 * 1024,
};

/** Stored types a variant can be made from; anything else (SVG avatars …) is served as it is. */
const RASTER_TYPES = new Set(['image/webp', 'image/jpeg', 'image/png', 'image/gif', 'image/avif']);
const VARIANT_FOLDER = 'variants';

interface NormalizedVariant {
  w: number | undefined;
  h: number | undefined;
  q: number;
  format: ImageFormat;
}

function normalizeVariant(query: ImageVariantQuery): NormalizedVariant | null {
  if (query.w === undefined && query.h === undefined && query.q === undefined && query.format === undefined) {
    return null;
  }
  return {
    w: query.w,
    h: query.h,
    q: query.q ?? IMAGE_VARIANT_DEFAULTS.q,
    format: query.format ?? IMAGE_VARIANT_DEFAULTS.format,
  };
}

function isImageBucketKey(key: string): boolean {
  return (BUCKETS as readonly string[]).includes(key.split('/')[0] ?? '');
}

function baseType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * Where a variant is kept: a hash of the original's key and ETag (a replaced original gets
 * fresh variants) and the normalized parameters (w=300 and w=300&q=80&format=webp share one).
 */
function variantKeyFor(key: string, original: StoredObjectInfo, variant: NormalizedVariant): string {
  const source = [
    key,
    original.etag ?? `size:${original.size}`,
    `w=${variant.w ?? ''}&h=${variant.h ?? ''}&q=${variant.q}&f=${variant.format}`,
  ].join('\n');
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 40);
  return `${VARIANT_FOLDER}/${hash}.${variant.format}`;
}

/**
 * The server names every upload: `<bucket>/<timestamp>-<random>.webp`. An avatar's name begins
 * with its uploader's id (`avatars/<user id>-<timestamp>-<random>.webp`), so that no member can
 * show another member's upload as their avatar (canUseAvatar). A message photo's name begins the
 * same way (`message-images/<user id>-…`), so that no member can attach another's (canAttachMessagePhoto).
 */
export function uploadKeyFor(bucket: Bucket, uploaderId: string, now: Date = new Date()): string {
  const owner =
    bucket === 'avatars'
      ? avatarUploadNamePrefix(uploaderId)
      : bucket === 'message-images'
        ? messagePhotoNamePrefix(uploaderId)
        : '';
  return `${bucket}/${owner}${now.getTime()}-${randomBytes(8).toString('hex')}.webp`;
}

export function createImagesService({
  storage,
  processor,
  rateLimiter,
  logger,
  variantMemory = VARIANT_MEMORY_DEFAULTS,
}: ImagesServiceDeps) {
  /** Renders of one variant in progress in this process: identical requests share one. */
  const rendering = new Map<string, Promise<{ data: Buffer; info: StoredObjectInfo }>>();
  const memory = createVariantMemory(variantMemory);

  async function openStored(key: string, bodyless: boolean, cacheStatus: CacheStatus): Promise<ServedFile> {
    if (bodyless) {
      const info = await storage.head(key);
      if (!info) throw new NotFoundError();
      return { info, body: null, cacheStatus };
    }
    const file = await storage.get(key);
    if (!file) throw new NotFoundError();
    const { body, ...info } = file;
    return { info, body, cacheStatus };
  }

  /**
   * A variant made before: from memory when it was served lately, else from storage (a small one
   * is then kept in memory for the next request).
   */
  async function openCached(variantKey: string, bodyless: boolean): Promise<ServedFile | null> {
    const remembered = memory.get(variantKey);
    if (remembered)
      return { info: remembered.info, body: bodyless ? null : remembered.data, cacheStatus: 'HIT' };
    if (bodyless) {
      const info = await storage.head(variantKey);
      return info ? { info, body: null, cacheStatus: 'HIT' } : null;
    }
    const file = await storage.get(variantKey);
    if (!file) return null;
    const { body, ...info } = file;
    if (info.size > variantMemory.maxItemBytes) return { info, body, cacheStatus: 'HIT' };
    const data = await bodyToBuffer(body);
    memory.remember(variantKey, { data, info });
    return { info, body: data, cacheStatus: 'HIT' };
  }

  function renderOnce(key: string, variantKey: string, variant: NormalizedVariant, clientIp: string) {
    const running = rendering.get(variantKey);
    if (running) return running;
    const render = (async () => {
      const allowed = await rateLimiter.consume(`image-variant:ip:${clientIp}`, VARIANT_RENDER_RATE_LIMIT);
      if (!allowed.allowed) {
        throw new RateLimitedError(AUTH_MESSAGES.tooManyRequests, Math.ceil(allowed.retryAfterMs / 1000));
      }
      const original = await storage.get(key);
      if (!original) throw new NotFoundError();
      const image = await processor.renderVariant(await bodyToBuffer(original.body), variant);
      await storage.put(variantKey, image.data, image.contentType);
      // Answer the stored ETag, so that this response and every later HIT agree.
      const info = (await storage.head(variantKey)) ?? {
        contentType: image.contentType,
        size: image.data.length,
        etag: undefined,
      };
      logger.debug({ key, variantKey, bytes: image.data.length }, 'image variant stored');
      memory.remember(variantKey, { data: image.data, info });
      return { data: image.data, info };
    })().finally(() => rendering.delete(variantKey));
    rendering.set(variantKey, render);
    return render;
  }

  return {
    /** Counts one upload against the member's limit; call it before reading the body. */
    async assertUploadAllowed(userId: string): Promise<void> {
      const result = await rateLimiter.consume(`image-upload:user:${userId}`, UPLOAD_RATE_LIMIT);
      if (!result.allowed) {
        throw new RateLimitedError(AUTH_MESSAGES.tooManyRequests, Math.ceil(result.retryAfterMs / 1000));
      }
    },

    /** Checks and re-encodes an upload, stores it under a name of the server's choosing. */
    async upload(
      bucket: Bucket,
      userId: string,
      file: { name: string; bytes: Buffer },
    ): Promise<UploadedImageDto> {
      const image = await processor.processUpload(file.bytes, file.name);
      const key = uploadKeyFor(bucket, userId);
      const url = await storage.put(key, image.data, image.contentType);
      logger.info({ userId, key, bytes: image.data.length }, 'image uploaded');
      return presentUploadedImage(key, url, image);
    },

    /**
     * A stored file for `/files/<key>`. With variant parameters on a raster image of an upload
     * bucket, the variant, made on first request and then served from storage.
     */
    async open(
      key: string,
      query: ImageVariantQuery,
      options: { clientIp: string; bodyless: boolean },
    ): Promise<ServedFile> {
      if (!isValidStorageKey(key)) throw new NotFoundError();
      const variant = normalizeVariant(query);
      if (!variant || !isImageBucketKey(key)) return openStored(key, options.bodyless, 'HIT');
      const original = await storage.head(key);
      if (!original) throw new NotFoundError();
      if (!RASTER_TYPES.has(baseType(original.contentType))) return openStored(key, options.bodyless, 'HIT');

      const variantKey = variantKeyFor(key, original, variant);
      const cached = await openCached(variantKey, options.bodyless);
      if (cached) return cached;
      const rendered = await renderOnce(key, variantKey, variant, options.clientIp);
      return { info: rendered.info, body: options.bodyless ? null : rendered.data, cacheStatus: 'MISS' };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
