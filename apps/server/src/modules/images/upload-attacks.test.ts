import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES, UPLOAD_MESSAGES, UploadedImageDto } from '@castline/shared';
import { recordFigure } from '../../../test/figures.js';
import { useTestApp } from '../../../test/test-app.js';
import { errorOf, signedInMember } from '../../../test/factories.js';
import { orientedJpeg, solidPng } from '../../platform/images/testing/image-fixtures.js';
import { uploadImage } from './testing/upload-requests.js';

/**
 * Hostile uploads: files that are two things at once, lie about what they are, carry megabytes
 * of metadata or arrive a hundred at once. Whatever gets in is re-encoded from its pixels, so
 * nothing but the picture is ever stored or served.
 */
const testApp = useTestApp();

const member = () => signedInMember(testApp.app, testApp.database.db);

function storedFile(url: string): Promise<Buffer> {
  return readFile(path.join(testApp.config.dataDir, 'files', url.replace(/^\/files\//, '')));
}

/** A PNG with an extra chunk (`type`, `data`) before IEND. */
function withChunk(png: Buffer, type: string, data: Buffer): Buffer {
  const iend = png.length - 12;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(data.length, 0);
  header.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([header.subarray(4), data])), 0);
  return Buffer.concat([png.subarray(0, iend), header, data, crc, png.subarray(iend)]);
}

const SCRIPT = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const ZIP = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 7)]);

describe('hostile uploads', () => {
  it('keeps only the picture of a polyglot: a JPEG that is also an HTML page or a ZIP archive', async () => {
    const caller = await member();
    for (const [name, tail] of [
      ['page.jpg', SCRIPT],
      ['archive.jpg', ZIP],
    ] as const) {
      const response = await uploadImage(
        testApp.app,
        'product-images',
        { filename: name, type: 'image/jpeg', data: Buffer.concat([await orientedJpeg(), tail]) },
        caller,
      );
      expect(response.statusCode, response.body).toBe(201);
      const { url } = UploadedImageDto.parse(response.json());
      const stored = await storedFile(url);
      expect(stored.includes(SCRIPT)).toBe(false);
      expect(stored.includes(Buffer.from('<script'))).toBe(false);
      expect(stored.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
      expect((await sharp(stored).metadata()).format).toBe('webp');
      const served = await testApp.app.inject({ method: 'GET', url });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses an HTML page with a picture inside it, and an SVG named .jpg, as not images it takes', async () => {
    const caller = await member();
    const page = await uploadImage(
      testApp.app,
      'product-images',
      { filename: 'photo.jpg', type: 'image/jpeg', data: Buffer.concat([SCRIPT, await orientedJpeg()]) },
      caller,
    );
    expect(page.statusCode).toBe(415);
    expect(errorOf(page).message).toBe(IMAGE_MESSAGES.notAnImage('photo.jpg'));
    const svg = await uploadImage(
      testApp.app,
      'avatars',
      {
        filename: 'me.jpg',
        type: 'image/jpeg',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'),
      },
      caller,
    );
    expect(svg.statusCode).toBe(415);
    expect([UPLOAD_MESSAGES.unsupportedFormat('me.jpg'), IMAGE_MESSAGES.notAnImage('me.jpg')]).toContain(
      errorOf(svg).message,
    );
  });

  it('drops megabytes of metadata (and the script inside it): the stored image is the picture alone', async () => {
    const caller = await member();
    const text = Buffer.concat([Buffer.from('Comment\u0000'), SCRIPT, Buffer.alloc(4 * 1024 * 1024, 'A')]);
    const png = withChunk(await solidPng(800, 600), 'tEXt', text);
    expect(png.length).toBeGreaterThan(4 * 1024 * 1024);
    const response = await uploadImage(
      testApp.app,
      'product-images',
      { filename: 'heavy.png', type: 'image/png', data: png },
      caller,
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = UploadedImageDto.parse(response.json());
    expect(body).toMatchObject({ width: 800, height: 600, format: 'webp' });
    const stored = await storedFile(body.url);
    expect(stored.length).toBeLessThan(50 * 1024);
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
    expect(stored.includes(Buffer.from('AAAAAAAA'))).toBe(false);
  });

  it('refuses a truncated PNG with the unreadable text', async () => {
    const caller = await member();
    const png = await solidPng(1200, 900);
    const response = await uploadImage(
      testApp.app,
      'product-images',
      { filename: 'cut.png', type: 'image/png', data: png.subarray(0, Math.floor(png.length / 2)) },
      caller,
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(IMAGE_MESSAGES.unreadable);
  });

  it('takes 100 uploads at once without a failure, and the memory they take stays bounded', async () => {
    const photo = await orientedJpeg(2400, 1800);
    const members = await Promise.all(Array.from({ length: 4 }, () => member()));
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    let responses;
    try {
      responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          uploadImage(
            testApp.app,
            'product-images',
            { filename: `catch-${i}.jpg`, type: 'image/jpeg', data: photo },
            members[i % members.length]!,
          ),
        ),
      );
    } finally {
      clearInterval(sampler);
    }
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    const keys = new Set(responses.map((response) => UploadedImageDto.parse(response.json()).key));
    expect(keys.size).toBe(100);
    // Image work runs a few at a time (one job per core): 100 decodes of 4.3 MP never share memory at once.
    const grownMb = (peak - before) / 1024 / 1024;
    recordFigure(
      'upload attacks',
      `2 polyglots stored as their pictures; 2 disguised files and a truncated PNG refused; 4 MB of metadata dropped; 100 parallel uploads stored, memory grew ${grownMb.toFixed(0)} MB at most`,
    );
    expect(grownMb).toBeLessThan(400);
  }, 120_000);
});
