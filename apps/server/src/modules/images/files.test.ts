import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import { buildUser, errorOf, get, signIn } from '../../../test/factories.js';
import { createLocalFileStorage } from '../../platform/storage/file-storage.js';
import { orientedJpeg, solidPng } from '../../platform/images/testing/image-fixtures.js';
import { uploadImage } from './testing/upload-requests.js';

const testApp = useTestApp();

let imageUrl: string;
let cookie: string;
const AVATAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle r="30" cx="32" cy="32"/></svg>';

beforeAll(async () => {
  const member = await buildUser(testApp.database.db);
  cookie = await signIn(testApp.app, member.email, member.password);
  const uploaded = await uploadImage(
    testApp.app,
    'product-images',
    { filename: 'rod.jpg', type: 'image/jpeg', data: await orientedJpeg(1200, 800) },
    { cookie },
  );
  expect(uploaded.statusCode).toBe(201);
  imageUrl = uploaded.json<{ url: string }>().url;
  // What the demo seed stores: an SVG avatar written straight to the store.
  await createLocalFileStorage(path.join(testApp.config.dataDir, 'files')).put(
    'avatars/seeded-member.svg',
    AVATAR_SVG,
    'image/svg+xml',
  );
});

function variantFiles(): Promise<string[]> {
  return readdir(path.join(testApp.config.dataDir, 'files', 'variants')).catch(() => []);
}

describe('GET /files/*', () => {
  it('serves an original with long-lived caching, a strong ETag and no sniffing', async () => {
    const response = await get(testApp.app, imageUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(response.headers['x-cache-status']).toBe('HIT');
    expect(response.headers['server-timing']).toBe('cdn-cache;desc=HIT');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 800, height: 1200 });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get(testApp.app, imageUrl);
    const etag = String(first.headers.etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await testApp.app.inject({
        method: 'GET',
        url: imageUrl,
        headers: { 'if-none-match': header },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const changed = await testApp.app.inject({
      method: 'GET',
      url: imageUrl,
      headers: { 'if-none-match': '"stale"' },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('makes a variant on the first request and serves it from storage after', async () => {
    const url = `${imageUrl}?w=300`;
    const before = (await variantFiles()).length;
    const first = await get(testApp.app, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect(first.headers['server-timing']).toBe('cdn-cache;desc=MISS');
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(first.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 300, height: 450 });
    expect((await variantFiles()).length).toBe(before + 1);

    const second = await get(testApp.app, url);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.headers['server-timing']).toBe('cdn-cache;desc=HIT');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    // The defaults spelled out name the same variant.
    const spelled = await get(testApp.app, `${imageUrl}?format=webp&q=80&w=300`);
    expect(spelled.headers['x-cache-status']).toBe('HIT');
    expect((await variantFiles()).length).toBe(before + 1);

    const revalidated = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('fits inside w × h, never enlarges, and encodes the format asked for', async () => {
    const boxed = await get(testApp.app, `${imageUrl}?w=400&h=400&format=jpeg&q=70`);
    expect(boxed.statusCode).toBe(200);
    expect(boxed.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(boxed.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 267,
      height: 400,
    });

    const huge = await get(testApp.app, `${imageUrl}?w=4000`);
    expect(await sharp(huge.rawPayload).metadata()).toMatchObject({ width: 800, height: 1200 });

    const png = await get(testApp.app, `${imageUrl}?h=120&format=png`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', height: 120 });

    const avif = await get(testApp.app, `${imageUrl}?w=64&format=avif`);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({
      format: 'heif',
      compression: 'av1',
      width: 64,
    });
  });

  // The S3 suite counts the stores' writes; here every response must carry the one stored ETag.
  it('renders identical concurrent requests once', async () => {
    const url = `${imageUrl}?w=222`;
    const before = await variantFiles();
    const responses = await Promise.all(Array.from({ length: 6 }, () => get(testApp.app, url)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const etags = new Set(responses.map((r) => r.headers.etag));
    expect(etags.size).toBe(1);
    const after = await variantFiles();
    expect(after.length).toBe(before.length + 1);
  });

  it('refuses variant parameters out of range', async () => {
    for (const query of [
      'w=5000',
      'w=abc',
      'w=8',
      'h=0',
      'q=10',
      'q=101',
      'format=gif',
      'format=svg',
      'w=12.5',
    ]) {
      const response = await get(testApp.app, `${imageUrl}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
  });

  it('serves an SVG avatar as it is, even when a variant is asked for', async () => {
    for (const url of [
      '/files/avatars/seeded-member.svg',
      '/files/avatars/seeded-member.svg?w=64&format=webp',
    ]) {
      const response = await get(testApp.app, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.body).toBe(AVATAR_SVG);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it('answers HEAD with the headers only', async () => {
    const response = await testApp.app.inject({ method: 'HEAD', url: imageUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(Number(response.headers['content-length'])).toBeGreaterThan(0);
    expect(response.body).toBe('');
  });

  it('answers 404 in JSON for a missing file', async () => {
    for (const url of [
      '/files/product-images/0-missing.webp',
      '/files/product-images/0-missing.webp?w=100',
      '/files/avatars',
    ]) {
      const response = await get(testApp.app, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: APP_MESSAGES.notFound });
      expect(response.headers['cache-control']).toBeUndefined();
    }
  });

  it('never leaves the store: traversal and odd keys are not found', async () => {
    const urls = [
      '/files/../package.json',
      '/files/%2e%2e/%2e%2e/package.json',
      '/files/avatars/..%2F..%2Fpackage.json',
      '/files/avatars/%2e%2e%2fseeded-member.svg',
      '/files/.hidden',
      '/files/avatars//seeded-member.svg',
      '/files/avatars/seeded%00member.svg',
      '/files/avatars/seeded member.svg',
      '/files/',
      `/files/${'a'.repeat(600)}.webp`,
    ];
    for (const url of urls) {
      const response = await get(testApp.app, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('gives uploads no special treatment by extension: the stored bytes decide', async () => {
    const png = await uploadImage(
      testApp.app,
      'forum-images',
      { filename: 'not-really.webp', type: 'image/webp', data: await solidPng(50, 40) },
      { cookie },
    );
    expect(png.statusCode).toBe(201);
    const served = await get(testApp.app, png.json<{ url: string }>().url);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });
});
