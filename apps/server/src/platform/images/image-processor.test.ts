import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES, UPLOAD_MESSAGES } from '@castline/shared';
import { AppError } from '../../http/errors.js';
import {
  animatedGif,
  heicLikeBytes,
  orientedJpeg,
  pixelBombPng,
  solidPng,
} from './testing/image-fixtures.js';
import { createImageProcessor, HEIC_DECODING } from './image-processor.js';
import { sniffImage } from './image-sniff.js';
import { createDecodeQueue, PIXELS_PER_SLOT, slotsFor } from './decode-queue.js';

const processor = createImageProcessor({ concurrency: 2 });

async function rejection(work: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, message: (error as AppError).message };
}

describe('processUpload', () => {
  it('turns every accepted format into an upright, metadata-free webp', async () => {
    const inputs: Record<string, Buffer> = {
      jpeg: await orientedJpeg(64, 48),
      png: await solidPng(30, 20),
      webp: await sharp({ create: { width: 30, height: 20, channels: 4, background: '#0f08' } })
        .webp()
        .toBuffer(),
      gif: await animatedGif(),
      avif: await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
        .avif()
        .toBuffer(),
    };
    for (const [format, bytes] of Object.entries(inputs)) {
      const image = await processor.processUpload(bytes, `x.${format}`);
      expect(image.format, format).toBe('webp');
      expect(image.contentType).toBe('image/webp');
      const metadata = await sharp(image.data).metadata();
      expect(metadata.format, format).toBe('webp');
      expect(metadata.exif, format).toBeUndefined();
      expect([metadata.width, metadata.height]).toEqual([image.width, image.height]);
    }
    expect((await processor.processUpload(inputs.jpeg!, 'x.jpg')).width).toBe(48);
  });

  it('fits inside 2560 × 1440 without ever enlarging', async () => {
    expect(await processor.processUpload(await solidPng(3000, 3000), 'square.png')).toMatchObject({
      width: 1440,
      height: 1440,
    });
    expect(await processor.processUpload(await solidPng(5120, 1000), 'wide.png')).toMatchObject({
      width: 2560,
      height: 500,
    });
    expect(await processor.processUpload(await solidPng(200, 100), 'small.png')).toMatchObject({
      width: 200,
      height: 100,
    });
  });

  it('accepts 9000 px and refuses 9001 px, from the header', async () => {
    expect(await processor.processUpload(await solidPng(9000, 8), 'edge.png')).toMatchObject({ width: 2560 });
    expect(await rejection(processor.processUpload(await solidPng(8, 9001), 'tall.png'))).toEqual({
      status: 400,
      message: IMAGE_MESSAGES.dimensionsTooLarge(8, 9001),
    });
    const started = performance.now();
    expect(await rejection(processor.processUpload(pixelBombPng(9000, 60_000), 'bomb.png'))).toEqual({
      status: 400,
      message: IMAGE_MESSAGES.dimensionsTooLarge(9000, 60_000),
    });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('reports the upright size in the dimensions text', async () => {
    const rotated = await sharp({ create: { width: 9500, height: 10, channels: 3, background: '#000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await rejection(processor.processUpload(rotated, 'r.jpg'))).message).toBe(
      IMAGE_MESSAGES.dimensionsTooLarge(10, 9500),
    );
  });

  it('answers the specification texts for what it cannot take', async () => {
    expect(await rejection(processor.processUpload(Buffer.from('%PDF-1.7\n...'), 'menu.pdf'))).toEqual({
      status: 415,
      message: IMAGE_MESSAGES.notAnImage('menu.pdf'),
    });
    expect(await rejection(processor.processUpload(Buffer.alloc(0), 'empty.png'))).toEqual({
      status: 415,
      message: IMAGE_MESSAGES.notAnImage('empty.png'),
    });
    const bmp = Buffer.alloc(64);
    bmp.write('BM', 0, 'latin1');
    expect(await rejection(processor.processUpload(bmp, 'old.bmp'))).toEqual({
      status: 415,
      message: UPLOAD_MESSAGES.unsupportedFormat('old.bmp'),
    });
    const png = await solidPng(40, 40);
    expect(await rejection(processor.processUpload(png.subarray(0, 60), 'cut.png'))).toEqual({
      status: 400,
      message: IMAGE_MESSAGES.unreadable,
    });
    if (!HEIC_DECODING) {
      expect(await rejection(processor.processUpload(heicLikeBytes(), 'IMG_1.heic'))).toEqual({
        status: 415,
        message: IMAGE_MESSAGES.heicDesktop('IMG_1.heic'),
      });
    }
  });
});

describe('renderVariant', () => {
  it('fits inside the box, never enlarges, and encodes each format', async () => {
    const original = (await processor.processUpload(await solidPng(800, 400), 'o.png')).data;
    expect(await processor.renderVariant(original, { w: 200 })).toMatchObject({
      width: 200,
      height: 100,
      format: 'webp',
    });
    expect(await processor.renderVariant(original, { w: 200, h: 50 })).toMatchObject({
      width: 100,
      height: 50,
    });
    expect(await processor.renderVariant(original, { w: 2000 })).toMatchObject({ width: 800, height: 400 });
    for (const format of ['jpeg', 'png', 'avif', 'webp'] as const) {
      const variant = await processor.renderVariant(original, { w: 64, format, q: 60 });
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.format).toBe(format === 'avif' ? 'heif' : format);
      expect(variant.contentType).toBe(`image/${format}`);
    }
  });

  it('lowers quality on request', async () => {
    const photo = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .webp()
      .toBuffer();
    const high = await processor.renderVariant(photo, { q: 95 });
    const low = await processor.renderVariant(photo, { q: 40 });
    expect(low.data.length).toBeLessThan(high.data.length);
  });

  it('never renders what is not a stored raster image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await rejection(processor.renderVariant(svg, { w: 10 }))).message).toBe(
      IMAGE_MESSAGES.unreadable,
    );
  });
});

describe('sniffImage', () => {
  it('names formats by their bytes', async () => {
    expect(sniffImage(await orientedJpeg(16, 16))).toEqual({ kind: 'accepted', format: 'jpeg' });
    expect(sniffImage(await solidPng(4, 4))).toEqual({ kind: 'accepted', format: 'png' });
    expect(sniffImage(await animatedGif())).toEqual({ kind: 'accepted', format: 'gif' });
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .avif()
      .toBuffer();
    expect(sniffImage(avif)).toEqual({ kind: 'accepted', format: 'avif' });
    expect(sniffImage(heicLikeBytes())).toEqual({ kind: 'heic' });
    expect(sniffImage(Buffer.from('\uFEFF<!-- logo -->\n<svg viewBox="0 0 1 1"></svg>'))).toEqual({
      kind: 'other-image',
      format: 'svg',
    });
    expect(sniffImage(Buffer.from('<html><body><svg></svg></body></html>'))).toBeNull();
    const mp4 = Buffer.alloc(32);
    mp4.writeUInt32BE(24, 0);
    mp4.write('ftypisom', 4, 'latin1');
    expect(sniffImage(mp4)).toBeNull();
    expect(sniffImage(Buffer.from('GIF8'))).toBeNull();
  });
});

describe('decode queue', () => {
  const photo = 12_000_000;
  const largest = 8999 * 8999;

  /** Runs jobs of these sizes on a queue of 2 slots; answers who ran beside whom, in start order. */
  async function runAll(sizes: { id: string; pixels: number; fails?: boolean }[]) {
    const queue = createDecodeQueue(2);
    const running = new Set<string>();
    const started: { id: string; beside: string[] }[] = [];
    const results = await Promise.allSettled(
      sizes.map(({ id, pixels, fails }) =>
        queue.run(pixels, async () => {
          started.push({ id, beside: [...running] });
          running.add(id);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running.delete(id);
          if (fails) throw new Error(`${id} fails`);
          return id;
        }),
      ),
    );
    return { queue, started, results };
  }

  it('decodes ordinary photos a slot each, in order of arrival, and goes on after a failure', async () => {
    const { queue, started, results } = await runAll(
      ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, pixels: photo, fails: id === 'b' })),
    );
    expect(started.map((s) => s.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(Math.max(...started.map((s) => s.beside.length))).toBe(1);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('decodes the largest photos alone, and lets no later photo overtake one waiting', async () => {
    const { started } = await runAll([
      { id: 'small 1', pixels: photo },
      { id: 'largest 1', pixels: largest },
      { id: 'small 2', pixels: photo },
      { id: 'largest 2', pixels: largest },
      { id: 'small 3', pixels: photo },
    ]);
    expect(started.map((s) => s.id)).toEqual(['small 1', 'largest 1', 'small 2', 'largest 2', 'small 3']);
    for (const entry of started.filter((s) => s.id.startsWith('largest'))) expect(entry.beside).toEqual([]);
    expect(started.find((s) => s.id === 'small 2')?.beside).toEqual([]);
  });

  it('counts a slot for every 16 megapixels, all of them at most', () => {
    expect(slotsFor(0, 4)).toBe(1);
    expect(slotsFor(PIXELS_PER_SLOT, 4)).toBe(1);
    expect(slotsFor(PIXELS_PER_SLOT + 1, 4)).toBe(2);
    expect(slotsFor(largest, 4)).toBe(4);
    expect(slotsFor(largest, 2)).toBe(2);
  });
});
