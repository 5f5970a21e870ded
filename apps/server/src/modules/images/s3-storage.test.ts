import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import { createOutboxMailer } from '../../platform/mail/outbox-mailer.js';
import { createDatabaseRateLimiter } from '../../platform/rate-limit/database-rate-limiter.js';
import { createFileStorage } from '../../platform/storage/file-storage.js';
import { startS3Server, type S3Server } from '../../platform/storage/testing/s3-server.js';
import { TEST_AUTH_SECRET } from '../../../test/test-app.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { buildUser, get, signIn } from '../../../test/factories.js';
import { orientedJpeg } from '../../platform/images/testing/image-fixtures.js';
import { uploadImage } from './testing/upload-requests.js';

// The whole images module over the S3 driver: the app is configured the way an operator
// would (STORAGE_DRIVER=s3 …) against s3rver, an S3-compatible server, and the browser still
// talks to Castline only.
let bucket: S3Server;
let database: DatabaseHandle;
let dataDir: string;
let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  bucket = await startS3Server();
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'castline-s3-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket.bucket,
    S3_REGION: bucket.region,
    S3_ENDPOINT: bucket.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    S3_PREFIX: 'castline',
  });
  const logger = pino({ level: 'silent' });
  app = await buildApp({
    config,
    database,
    mailer: createOutboxMailer(database.db, logger),
    rateLimiter: createDatabaseRateLimiter(database),
    storage: createFileStorage(config.storage, config.dataDir),
    authSecret: TEST_AUTH_SECRET,
    logger,
  });
  await app.ready();
  const member = await buildUser(database.db);
  cookie = await signIn(app, member.email, member.password);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await bucket?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('images over the S3 driver', () => {
  let url: string;

  it('stores an upload in the bucket under the prefix', async () => {
    const response = await uploadImage(
      app,
      'product-images',
      { filename: 'reel.jpg', type: 'image/jpeg', data: await orientedJpeg(800, 600) },
      { cookie },
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{ key: string; url: string }>();
    url = body.url;
    const object = await bucket.readObject(`castline/${body.key}`);
    expect(object?.contentType).toBe('image/webp');
    expect((await sharp(object!.body).metadata()).format).toBe('webp');
  });

  it('serves the stored original through /files with the bucket ETag', async () => {
    const response = await get(app, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const key = url.replace('/files/', '');
    const stored = await bucket.readObject(`castline/${key}`);
    expect(response.headers.etag).toBe(stored?.etag);
    expect(response.rawPayload.equals(stored!.body)).toBe(true);
    const notModified = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('renders concurrent requests for one variant once, then serves it as stored', async () => {
    const variantUrl = `${url}?w=200`;
    const variantPuts = () => bucket.puts.filter((key) => key.startsWith('castline/variants/')).length;
    const before = variantPuts();
    const responses = await Promise.all(Array.from({ length: 5 }, () => get(app, variantUrl)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.every((r) => r.headers['x-cache-status'] === 'MISS')).toBe(true);
    expect(variantPuts()).toBe(before + 1);
    expect((await sharp(responses[0]!.rawPayload).metadata()).width).toBe(200);

    const later = await get(app, variantUrl);
    expect(later.headers['x-cache-status']).toBe('HIT');
    expect(later.headers['server-timing']).toBe('cdn-cache;desc=HIT');
    expect(later.headers.etag).toBe(responses[0]!.headers.etag);
    expect(variantPuts()).toBe(before + 1);
  });

  it('answers 404 for a key the bucket does not have', async () => {
    const response = await get(app, '/files/product-images/0-none.webp?w=100');
    expect(response.statusCode).toBe(404);
  });
});
