import type { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The part of s3rver's programmatic API (README, "Class: S3rver") used here. */
interface S3rverOptions {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}

/** The S3 event notification s3rver emits for PUT, POST, COPY and DELETE Object. */
interface S3rverEvent {
  Records: { eventName: string; s3: { object: { key: string } } }[];
}

interface S3rverInstance extends EventEmitter {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}

// s3rver is CommonJS and ships no type declarations.
const loadCommonJs = createRequire(import.meta.url);
const S3rver = loadCommonJs('s3rver') as new (options: S3rverOptions) => S3rverInstance;

/** What the server holds under one key, read straight from it. */
export interface BucketObject {
  body: Buffer;
  contentType: string | null;
  cacheControl: string | null;
  etag: string | null;
}

/** A running S3-compatible server with one empty bucket. */
export interface S3Server {
  /** `http://127.0.0.1:<port>`: use it as S3_ENDPOINT with path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Keys stored by PUT Object, in the order the server stored them. */
  puts: string[];
  /** The object under `key` as the server holds it, or null when there is none. */
  readObject(key: string): Promise<BucketObject | null>;
  /** Stops the server and removes its data directory. */
  close(): Promise<void>;
}

export interface S3ServerOptions {
  bucket?: string;
}

/**
 * Starts s3rver (the S3-compatible server from npm) on 127.0.0.1 on a free port, storing in a
 * fresh temporary directory, with one bucket. Requests must carry s3rver's key
 * (`S3RVER`/`S3RVER`): it refuses unknown access keys and clocks more than 15 minutes off, but
 * it does not recompute SigV4 signatures, so a wrong secret key goes unnoticed.
 */
export async function startS3Server(options: S3ServerOptions = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'castline-test';
  const directory = await mkdtemp(path.join(tmpdir(), 'castline-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const puts: string[] = [];
  server.on('event', (event: S3rverEvent) => {
    for (const record of event.Records) {
      if (record.eventName === 'ObjectCreated:Put') puts.push(record.s3.object.key);
    }
  });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;

  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    puts,
    async readObject(key) {
      // s3rver answers requests without an Authorization header as the bucket owner.
      const encodedKey = key.split('/').map(encodeURIComponent).join('/');
      const response = await fetch(`${endpoint}/${bucket}/${encodedKey}`);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw new Error(`s3rver GET ${key}: HTTP ${response.status}`);
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type'),
        cacheControl: response.headers.get('cache-control'),
        etag: response.headers.get('etag'),
      };
    },
    async close() {
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
