import {
  HEIC_JPEG_QUALITY,
  IMAGE_COMPRESSION_SKIP_BELOW_BYTES,
  IMAGE_FORM_QUALITY,
  IMAGE_FORM_TARGET,
} from '@castline/shared';
import type { ImageSize } from './file-checks';
import { isHeicFile } from './file-checks';

/** The pixel size of an image file, read by the browser without drawing it. Rejects when it cannot be read. */
export function readImageSize(file: Blob): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = () => URL.revokeObjectURL(url);
    image.onload = () => {
      done();
      const width = image.naturalWidth || image.width;
      const height = image.naturalHeight || image.height;
      if (width > 0 && height > 0) resolve({ width, height });
      else reject(new Error('Image has no size'));
    };
    image.onerror = () => {
      done();
      reject(new Error('Image could not be read'));
    };
    image.src = url;
  });
}

/**
 * A HEIC photo as a JPEG (quality 0.8); the converter is loaded only when a HEIC photo is chosen.
 * It is heic-to's build without eval (libheif as plain JavaScript, no `new Function`, no
 * WebAssembly): it decodes in a worker made from a blob: URL, which the page's CSP allows with
 * `worker-src 'self' blob:` while `script-src 'self'` stays free of 'unsafe-eval'. A decoding
 * failure rejects, so the photo is reported instead of the form waiting on it.
 */
export async function convertHeicToJpeg(file: File): Promise<File> {
  const { heicTo } = await import('heic-to/csp');
  const blob = await heicTo({ blob: file, type: 'image/jpeg', quality: HEIC_JPEG_QUALITY });
  return new File([blob], file.name.replace(/\.hei[cf]$/i, '') + '.jpg', {
    type: 'image/jpeg',
    lastModified: file.lastModified,
  });
}

/** Compression is skipped below 200 KB, for HEIC photos and for photos converted from HEIC (spec 000 §9). */
export function shouldCompress(file: Pick<File, 'name' | 'type' | 'size'>, converted = false): boolean {
  return !converted && !isHeicFile(file) && file.size >= IMAGE_COMPRESSION_SKIP_BELOW_BYTES;
}

/**
 * The size that fits inside the target (2560×1440 on the form) without enlarging, keeping the
 * aspect ratio. The target turns with the photo, so a portrait photo fits inside 1440×2560.
 */
export function fitWithin(size: ImageSize, target: ImageSize = IMAGE_FORM_TARGET): ImageSize {
  const portrait = size.height > size.width;
  const box = portrait ? { width: target.height, height: target.width } : target;
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

interface BlobEncoder {
  toBlob(callback: (blob: Blob | null) => void, type?: string, quality?: number): void;
}

const encode = (canvas: BlobEncoder, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/**
 * WebP at the given quality; browsers that cannot encode WebP hand back PNG (or nothing), and
 * then the picture is encoded as JPEG instead.
 */
export async function encodeCanvas(
  canvas: BlobEncoder,
  quality: number = IMAGE_FORM_QUALITY,
): Promise<Blob | null> {
  const webp = await encode(canvas, 'image/webp', quality);
  if (webp && webp.type === 'image/webp') return webp;
  const jpeg = await encode(canvas, 'image/jpeg', quality);
  return jpeg && jpeg.type === 'image/jpeg' ? jpeg : null;
}

async function decode(
  file: File,
): Promise<{ source: CanvasImageSource; size: ImageSize; release: () => void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return {
      source: bitmap,
      size: { width: bitmap.width, height: bitmap.height },
      release: () => bitmap.close(),
    };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } finally {
    URL.revokeObjectURL(url);
  }
  return {
    source: image,
    size: { width: image.naturalWidth, height: image.naturalHeight },
    release: () => {},
  };
}

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg' };

/**
 * Shrinks a photo before upload: resized to fit 2560×1440 and encoded as WebP 0.85 (JPEG when the
 * browser cannot write WebP). The original is kept when compression is skipped, fails, or would not
 * make the file smaller.
 */
export async function compressForUpload(file: File, converted = false): Promise<File> {
  if (!shouldCompress(file, converted)) return file;
  try {
    const { source, size, release } = await decode(file);
    const target = fitWithin(size);
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext('2d');
    if (!context) {
      release();
      return file;
    }
    context.drawImage(source, 0, 0, target.width, target.height);
    release();
    const blob = await encodeCanvas(canvas);
    if (!blob || blob.size >= file.size) return file;
    const base = file.name.replace(/\.[^.]+$/, '');
    return new File([blob], `${base}.${EXTENSIONS[blob.type] ?? 'jpg'}`, {
      type: blob.type,
      lastModified: file.lastModified,
    });
  } catch {
    return file;
  }
}
