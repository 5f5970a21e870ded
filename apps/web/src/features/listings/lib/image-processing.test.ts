import { describe, expect, it, vi } from 'vitest';
import { compressForUpload, encodeCanvas, fitWithin, shouldCompress } from './image-processing';

const KB = 1024;
const sized = (name: string, type: string, size: number) => ({ name, type, size });

describe('shouldCompress (spec 000 §9)', () => {
  it('skips files below 200 KB, HEIC photos and photos converted from HEIC', () => {
    expect(shouldCompress(sized('small.jpg', 'image/jpeg', 199 * KB))).toBe(false);
    expect(shouldCompress(sized('big.jpg', 'image/jpeg', 200 * KB))).toBe(true);
    expect(shouldCompress(sized('IMG.heic', 'image/heic', 3000 * KB))).toBe(false);
    expect(shouldCompress(sized('IMG.jpg', 'image/jpeg', 3000 * KB), true)).toBe(false);
  });
});

describe('fitWithin 2560×1440', () => {
  it('shrinks a landscape photo to fit, keeping its shape', () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin({ width: 6000, height: 2000 })).toEqual({ width: 2560, height: 853 });
  });

  it('turns the box for a portrait photo', () => {
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1440, height: 1920 });
  });

  it('never enlarges', () => {
    expect(fitWithin({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });
});

describe('encodeCanvas', () => {
  it('encodes WebP at quality 0.85', async () => {
    const toBlob = vi.fn((done: (blob: Blob | null) => void, type?: string) =>
      done(new Blob(['x'], { type })),
    );
    const blob = await encodeCanvas({ toBlob });
    expect(blob?.type).toBe('image/webp');
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/webp', 0.85);
  });

  it('falls back to JPEG when the browser cannot write WebP', async () => {
    // Such browsers hand back a PNG for an unknown type.
    const toBlob = vi.fn((done: (blob: Blob | null) => void, type?: string) =>
      done(new Blob(['x'], { type: type === 'image/webp' ? 'image/png' : type })),
    );
    const blob = await encodeCanvas({ toBlob });
    expect(blob?.type).toBe('image/jpeg');
    expect(toBlob).toHaveBeenLastCalledWith(expect.any(Function), 'image/jpeg', 0.85);
  });
});

describe('compressForUpload', () => {
  it('returns a small file untouched', async () => {
    const small = new File(['tiny'], 'small.jpg', { type: 'image/jpeg' });
    await expect(compressForUpload(small)).resolves.toBe(small);
  });

  it('keeps the original when the photo cannot be decoded', async () => {
    const big = new File([new Uint8Array(300 * KB)], 'big.jpg', { type: 'image/jpeg' });
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new Error('decode failed'))),
    );
    await expect(compressForUpload(big)).resolves.toBe(big);
  });
});
