import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APP_MESSAGES,
  AUTH_MESSAGES,
  IMAGE_FORM_MAX_BYTES,
  IMAGE_MESSAGES,
  UPLOAD_MESSAGES,
  UPLOAD_RATE_LIMIT,
  UploadedImageDto,
} from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import { buildUser, errorOf, post, signIn, uniqueIp, type BuiltUser } from '../../../test/factories.js';
import {
  animatedGif,
  heicLikeBytes,
  orientedJpeg,
  pixelBombPng,
  solidPng,
} from '../../platform/images/testing/image-fixtures.js';
import { multipartBody, uploadImage } from './testing/upload-requests.js';

const testApp = useTestApp();

let member: BuiltUser;
let cookie: string;
beforeAll(async () => {
  member = await buildUser(testApp.database.db);
  cookie = await signIn(testApp.app, member.email, member.password);
});

/** The stored bytes behind an upload's URL, read from the local driver's folder. */
function storedFile(url: string): Promise<Buffer> {
  return readFile(path.join(testApp.config.dataDir, 'files', url.replace(/^\/files\//, '')));
}

describe('POST /api/uploads/:bucket', () => {
  it('stores a JPEG as webp under a server-chosen name, upright and without EXIF', async () => {
    const response = await uploadImage(
      testApp.app,
      'product-images',
      { filename: 'My Reel (1).jpg', type: 'image/jpeg', data: await orientedJpeg() },
      { cookie },
    );
    expect(response.statusCode).toBe(201);
    const body = UploadedImageDto.parse(response.json());
    expect(body.key).toMatch(/^product-images\/\d{13}-[0-9a-f]{16}\.webp$/);
    expect(body.url).toBe(`/files/${body.key}`);
    // 640 × 480 turned by its EXIF orientation: portrait.
    expect(body).toMatchObject({ width: 480, height: 640, format: 'webp' });

    const stored = await storedFile(body.url);
    expect(body.bytes).toBe(stored.length);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 480, height: 640 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret Owner'))).toBe(false);
    // The left (red) half of the landscape photo is now on top.
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(
        data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
      );
    const [topR, , topB] = pixel(240, 40);
    const [bottomR, , bottomB] = pixel(240, 600);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it('fits a large PNG inside 2560 × 1440 and keeps small ones at their size', async () => {
    const large = await uploadImage(
      testApp.app,
      'forum-images',
      { filename: 'lake.png', type: 'image/png', data: await solidPng(4000, 3000) },
      { cookie },
    );
    expect(large.statusCode).toBe(201);
    expect(large.json()).toMatchObject({ width: 1920, height: 1440, format: 'webp' });

    const small = await uploadImage(
      testApp.app,
      'avatars',
      { filename: 'me.png', type: 'image/png', data: await solidPng(120, 90) },
      { cookie },
    );
    expect(small.statusCode).toBe(201);
    expect(small.json()).toMatchObject({ width: 120, height: 90 });
    expect(small.json().key).toMatch(/^avatars\//);
  });

  it('keeps only the first frame of an animation', async () => {
    const response = await uploadImage(
      testApp.app,
      'forum-images',
      { filename: 'wave.gif', type: 'image/gif', data: await animatedGif() },
      { cookie },
    );
    expect(response.statusCode).toBe(201);
    const stored = await storedFile(response.json().url);
    const metadata = await sharp(stored, { animated: true }).metadata();
    expect(metadata.pages ?? 1).toBe(1);
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red, the first frame
  });

  it('judges the bytes, not the name or type: a text file called photo.jpg is not an image', async () => {
    const response = await uploadImage(
      testApp.app,
      'product-images',
      {
        filename: 'photo.jpg',
        type: 'image/jpeg',
        data: Buffer.from('just some text, honestly\n'.repeat(20)),
      },
      { cookie },
    );
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: IMAGE_MESSAGES.notAnImage('photo.jpg'),
    });
  });

  it('refuses SVG and other formats it does not take', async () => {
    const svg = await uploadImage(
      testApp.app,
      'avatars',
      {
        filename: 'logo.png',
        type: 'image/png',
        data: Buffer.from(
          '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
      },
      { cookie },
    );
    expect(svg.statusCode).toBe(415);
    expect(errorOf(svg).message).toBe(UPLOAD_MESSAGES.unsupportedFormat('logo.png'));

    const tiff = await uploadImage(
      testApp.app,
      'avatars',
      {
        filename: 'scan.tif',
        type: 'image/tiff',
        data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .tiff()
          .toBuffer(),
      },
      { cookie },
    );
    expect(tiff.statusCode).toBe(415);
    expect(errorOf(tiff).message).toBe(UPLOAD_MESSAGES.unsupportedFormat('scan.tif'));
  });

  it('answers the HEIC text when this build cannot decode HEIC', async () => {
    const response = await uploadImage(
      testApp.app,
      'product-images',
      { filename: 'IMG_0001.HEIC', type: 'image/heic', data: heicLikeBytes() },
      { cookie },
    );
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).message).toBe(IMAGE_MESSAGES.heicDesktop('IMG_0001.HEIC'));
  });

  it('refuses a corrupt image with the unreadable text', async () => {
    const jpeg = await orientedJpeg();
    const response = await uploadImage(
      testApp.app,
      'product-images',
      { filename: 'broken.jpg', type: 'image/jpeg', data: jpeg.subarray(0, 400) },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: IMAGE_MESSAGES.unreadable,
    });
  });

  it('refuses an image wider than 9000 px with the dimensions text', async () => {
    const response = await uploadImage(
      testApp.app,
      'product-images',
      { filename: 'panorama.png', type: 'image/png', data: await solidPng(9001, 10) },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(IMAGE_MESSAGES.dimensionsTooLarge(9001, 10));
  });

  it('stops a pixel bomb from its header, quickly', async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(2048);
    const started = performance.now();
    const response = await uploadImage(
      testApp.app,
      'product-images',
      { filename: 'tiny.png', type: 'image/png', data: bomb },
      { cookie },
    );
    expect(performance.now() - started).toBeLessThan(2000);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(IMAGE_MESSAGES.dimensionsTooLarge(50_000, 50_000));
  });

  it('stops reading at 10 MB and answers 413 with the too-large text', async () => {
    const data = Buffer.alloc(11 * 1024 * 1024, 0x42);
    data.set([0xff, 0xd8, 0xff, 0xe0]);
    const response = await uploadImage(
      testApp.app,
      'product-images',
      { filename: 'huge.jpg', type: 'image/jpeg', data },
      { cookie },
    );
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: IMAGE_MESSAGES.tooLargeForForm('huge.jpg'),
    });
  });

  it('takes a file of exactly 10 MB to the image checks', async () => {
    const data = Buffer.alloc(IMAGE_FORM_MAX_BYTES, 0x42);
    data.set([0xff, 0xd8, 0xff, 0xe0]);
    const response = await uploadImage(
      testApp.app,
      'product-images',
      { filename: 'edge.jpg', type: 'image/jpeg', data },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(IMAGE_MESSAGES.unreadable);
  });

  it('needs a signed-in member', async () => {
    const response = await uploadImage(testApp.app, 'product-images', {
      filename: 'a.png',
      type: 'image/png',
      data: await solidPng(20, 20),
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: AUTH_MESSAGES.notAuthenticated,
    });
  });

  it('knows only its buckets', async () => {
    const response = await uploadImage(
      testApp.app,
      'secrets',
      { filename: 'a.png', type: 'image/png', data: await solidPng(20, 20) },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(IMAGE_MESSAGES.unknownBucket);
  });

  it('asks for a file when the form has none, or none in the file field', async () => {
    const empty = await multipartBody([], { title: 'no file here' });
    const withoutFile = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/product-images',
      payload: empty.payload,
      headers: { 'content-type': empty.contentType, cookie },
    });
    expect(withoutFile.statusCode).toBe(400);
    expect(errorOf(withoutFile).message).toBe(IMAGE_MESSAGES.fileMissing);

    const wrongField = await uploadImage(
      testApp.app,
      'product-images',
      { field: 'image', filename: 'a.png', type: 'image/png', data: await solidPng(20, 20) },
      { cookie },
    );
    expect(wrongField.statusCode).toBe(400);
    expect(errorOf(wrongField).message).toBe(IMAGE_MESSAGES.fileMissing);

    const emptyFile = await uploadImage(
      testApp.app,
      'product-images',
      { filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) },
      { cookie },
    );
    expect(emptyFile.statusCode).toBe(400);
    expect(errorOf(emptyFile).message).toBe(IMAGE_MESSAGES.fileMissing);
  });

  it('takes one image per request', async () => {
    const png = await solidPng(20, 20);
    const response = await uploadImage(
      testApp.app,
      'product-images',
      [
        { filename: 'a.png', type: 'image/png', data: png },
        { filename: 'b.png', type: 'image/png', data: png },
      ],
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(UPLOAD_MESSAGES.oneFileOnly);
  });

  it('accepts multipart only, and only on this route', async () => {
    const json = await post(
      testApp.app,
      '/api/uploads/product-images',
      { file: 'data:image/png;base64,AAAA' },
      { cookie },
    );
    expect(json.statusCode).toBe(415);
    expect(errorOf(json).message).toBe(UPLOAD_MESSAGES.multipartRequired);

    const raw = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/product-images',
      payload: await solidPng(20, 20),
      headers: { 'content-type': 'image/png', cookie },
    });
    expect(raw.statusCode).toBe(415);
    expect(errorOf(raw).message).toBe(UPLOAD_MESSAGES.multipartRequired);

    // A multipart body without any part holds no file.
    const partless = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/product-images',
      payload: 'not really multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', cookie },
    });
    expect(partless.statusCode).toBe(400);
    expect(errorOf(partless).message).toBe(IMAGE_MESSAGES.fileMissing);

    const noBoundary = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/product-images',
      payload: '--xyz\r\n',
      headers: { 'content-type': 'multipart/form-data', cookie },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(errorOf(noBoundary).message).toBe(APP_MESSAGES.invalidRequest);

    const truncated = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/product-images',
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', cookie },
    });
    expect(truncated.statusCode).toBe(400);
    expect(errorOf(truncated).message).toBe(APP_MESSAGES.invalidRequest);

    // Elsewhere the API still refuses multipart bodies.
    const { payload, contentType } = await multipartBody([
      { filename: 'a.png', type: 'image/png', data: await solidPng(20, 20) },
    ]);
    const elsewhere = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it(`allows ${UPLOAD_RATE_LIMIT.limit} uploads per member in ten minutes`, async () => {
    const uploader = await buildUser(testApp.database.db);
    const uploaderCookie = await signIn(testApp.app, uploader.email, uploader.password);
    const png = await solidPng(16, 16);
    const ip = uniqueIp();
    for (let i = 0; i < UPLOAD_RATE_LIMIT.limit; i += 1) {
      const response = await uploadImage(
        testApp.app,
        'forum-images',
        { filename: `n${i}.png`, type: 'image/png', data: png },
        { cookie: uploaderCookie, ip },
      );
      expect(response.statusCode).toBe(201);
    }
    const blocked = await uploadImage(
      testApp.app,
      'forum-images',
      { filename: 'one-more.png', type: 'image/png', data: png },
      { cookie: uploaderCookie, ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyRequests });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Other members are not affected.
    const other = await uploadImage(
      testApp.app,
      'forum-images',
      { filename: 'mine.png', type: 'image/png', data: png },
      { cookie },
    );
    expect(other.statusCode).toBe(201);
  });
});
