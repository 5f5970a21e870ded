import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '@castline/shared';
import { orientedJpeg } from '../src/platform/images/testing/image-fixtures.js';
import { createS3FileStorage } from '../src/platform/storage/file-storage.js';
import { startS3Server, type S3Server } from '../src/platform/storage/testing/s3-server.js';
import { uploadImage } from '../src/modules/images/testing/upload-requests.js';
import { createTestApp, type TestApp } from './test-app.js';
import { buildUser, get, post, signIn, uniqueEmail, uniqueIp, uniqueUsername } from './factories.js';

/**
 * Two server instances over one database and one bucket: sessions, rate limits and stored files
 * are shared, not per process.
 */
let a: TestApp;
let b: TestApp;
let bucket: S3Server;
beforeAll(async () => {
  bucket = await startS3Server();
  const storage = () =>
    createS3FileStorage({
      driver: 's3',
      bucket: bucket.bucket,
      region: bucket.region,
      endpoint: bucket.endpoint,
      accessKeyId: bucket.accessKeyId,
      secretAccessKey: bucket.secretAccessKey,
      forcePathStyle: true,
      prefix: 'castline/',
    });
  a = await createTestApp({ storage: storage() });
  b = await createTestApp({ database: a.database, storage: storage() });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await bucket.close();
});

describe('several instances', () => {
  it('a session made on one instance works and ends on the other', async () => {
    const user = await buildUser(a.database.db);
    const cookie = await signIn(a.app, user.email, user.password);
    expect((await get(b.app, '/api/auth/me', { cookie })).statusCode).toBe(200);
    await post(b.app, '/api/auth/sign-out', undefined, { cookie });
    expect((await get(a.app, '/api/auth/me', { cookie })).statusCode).toBe(401);
  });

  it('sign-in limits count across instances', async () => {
    const user = await buildUser(a.database.db);
    const ip = uniqueIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.account.limit; i += 1) {
      const instance = i % 2 === 0 ? a : b;
      await post(
        instance.app,
        '/api/auth/sign-in',
        { email: user.email, password: 'wrong-password' },
        { ip },
      );
    }
    const onA = await post(
      a.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip },
    );
    const onB = await post(
      b.app,
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { ip },
    );
    expect(onA.statusCode).toBe(429);
    expect(onB.statusCode).toBe(429);
  });

  it('sign-up limits count across instances', async () => {
    const ip = uniqueIp();
    const signUp = (instance: TestApp) =>
      post(
        instance.app,
        '/api/auth/sign-up',
        {
          email: uniqueEmail(),
          username: uniqueUsername(),
          password: 'tight-lines-7',
          confirmPassword: 'tight-lines-7',
        },
        { ip },
      );
    for (let i = 0; i < AUTH_RATE_LIMITS.signUp.ip.limit; i += 1) {
      expect((await signUp(i % 2 === 0 ? a : b)).statusCode).toBe(201);
    }
    expect((await signUp(a)).statusCode).toBe(429);
    expect((await signUp(b)).statusCode).toBe(429);
  });

  it('an image uploaded through one instance is served, and its variants cached, by the other', async () => {
    const user = await buildUser(a.database.db);
    const cookie = await signIn(a.app, user.email, user.password);
    const uploaded = await uploadImage(
      a.app,
      'product-images',
      { filename: 'reel.jpg', type: 'image/jpeg', data: await orientedJpeg(800, 600) },
      { cookie },
    );
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json<{ url: string }>();

    const original = await get(b.app, url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    // The stored original is upright (the photo's EXIF orientation turned it to portrait).
    expect((await sharp(original.rawPayload).metadata()).width).toBe(600);

    // A variant rendered by one instance is a cache hit on the other.
    const rendered = await get(a.app, `${url}?w=200`);
    expect(rendered.headers['x-cache-status']).toBe('MISS');
    const served = await get(b.app, `${url}?w=200`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-cache-status']).toBe('HIT');
    expect(served.rawPayload.equals(rendered.rawPayload)).toBe(true);
  });
});
