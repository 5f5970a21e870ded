import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsV4Signer } from 'aws4fetch';
import type { StorageConfig } from '../../config.js';
import type { FileStorage, StoredFile, StoredObjectInfo } from './file-storage.js';
import { assertValidStorageKey, bodyToBuffer, contentTypeForKey, publicUrlFor } from './storage-keys.js';

export type S3StorageConfig = Extract<StorageConfig, { driver: 's3' }>;

export interface S3StorageOptions {
  /** How long to wait for the response headers of one request. */
  timeoutMs?: number;
  /** The clock used for signatures (tests). */
  now?: () => Date;
  /** The HTTP client (tests); the global fetch by default. */
  fetch?: typeof fetch;
}

export interface S3FileStorage extends FileStorage {
  readonly kind: 's3';
  readonly bucket: string;
}

/** A bucket answered something other than success or "no such key". */
export class S3StorageError extends Error {
  constructor(
    public readonly operation: string,
    public readonly key: string,
    public readonly status: number,
    public readonly s3Code: string | undefined,
  ) {
    super(`S3 ${operation} ${key} failed: HTTP ${status}${s3Code ? ` ${s3Code}` : ''}`);
    this.name = 'S3StorageError';
  }
}

const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Hex SHA-256 of a body: S3 checks the bytes it receives against it. */
const sha256Hex = (body: Buffer) => createHash('sha256').update(body).digest('hex');
/** SHA-256 of an empty body, the payload hash of GET, HEAD and DELETE. */
const EMPTY_PAYLOAD_SHA256 = sha256Hex(Buffer.alloc(0));

/** `20130524T000000Z`, the form of x-amz-date. */
function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '');
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) spoken to with four REST calls over
 * fetch: PUT, GET, HEAD and DELETE Object, each signed with AWS Signature Version 4 by
 * aws4fetch's AwsV4Signer. Keys get `prefix` in front. Addressing is virtual-hosted
 * (`https://<bucket>.<endpoint>/<key>`) unless `forcePathStyle`
 * (`https://<endpoint>/<bucket>/<key>`, what MinIO usually needs).
 */
export function createS3FileStorage(config: S3StorageConfig, options: S3StorageOptions = {}): S3FileStorage {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? (() => new Date());
  const fetchImpl = options.fetch ?? fetch;
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const host = config.forcePathStyle ? endpoint.host : `${config.bucket}.${endpoint.host}`;
  // Signing keys derived for a day, region and service, shared by this driver's requests.
  const signingKeys = new Map<string, ArrayBuffer>();

  async function send(
    method: 'GET' | 'HEAD' | 'PUT' | 'DELETE',
    key: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    assertValidStorageKey(key);
    const objectKey = `${config.prefix}${key}`;
    // Keys, the prefix and bucket names hold only URL-safe characters (storage-keys.ts, config.ts).
    const path = config.forcePathStyle
      ? `${basePath}/${config.bucket}/${objectKey}`
      : `${basePath}/${objectKey}`;
    const signed = await new AwsV4Signer({
      method,
      url: `${endpoint.protocol}//${host}${path}`,
      headers: {
        ...headers,
        // Sent and signed as the body's hash: aws4fetch would otherwise send UNSIGNED-PAYLOAD.
        'x-amz-content-sha256': body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256,
      },
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
      datetime: amzDate(now()),
      // Sign content-type and cache-control too (aws4fetch leaves content-type out by default).
      allHeaders: true,
      cache: signingKeys,
    }).sign();
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`S3 ${method} ${key}: no answer in ${timeoutMs} ms`)),
      timeoutMs,
    );
    try {
      return await fetchImpl(signed.url.toString(), {
        method,
        headers: Object.fromEntries(signed.headers),
        ...(body ? { body } : {}),
        signal: controller.signal,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async function failure(operation: string, key: string, response: Response): Promise<S3StorageError> {
    const text = operation === 'HEAD' ? '' : await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    return new S3StorageError(operation, key, response.status, code);
  }

  function infoOf(key: string, response: Response): StoredObjectInfo {
    const etag = response.headers.get('etag') ?? undefined;
    return {
      contentType: response.headers.get('content-type') ?? contentTypeForKey(key),
      size: Number(response.headers.get('content-length') ?? 0),
      // S3 answers a quoted ETag; keep it strong and quoted either way.
      etag: etag ? (etag.startsWith('"') ? etag : `"${etag}"`) : undefined,
    };
  }

  async function head(key: string): Promise<StoredObjectInfo | null> {
    const response = await send('HEAD', key);
    if (response.status === 404) return null;
    if (!response.ok) throw await failure('HEAD', key, response);
    return infoOf(key, response);
  }

  return {
    kind: 's3',
    bucket: config.bucket,

    async put(key, body, contentType) {
      const bytes = await bodyToBuffer(body);
      const response = await send('PUT', key, bytes, {
        'content-type': contentType,
        'cache-control': OBJECT_CACHE_CONTROL,
      });
      if (!response.ok) throw await failure('PUT', key, response);
      await response.body?.cancel();
      return publicUrlFor(key);
    },

    async get(key): Promise<StoredFile | null> {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failure('GET', key, response);
      const body = response.body
        ? Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>)
        : Readable.from([]);
      return { ...infoOf(key, response), body };
    },

    head,

    async exists(key) {
      return (await head(key)) !== null;
    },

    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failure('DELETE', key, response);
      await response.body?.cancel();
    },

    publicUrl(key) {
      return publicUrlFor(key);
    },
  };
}
