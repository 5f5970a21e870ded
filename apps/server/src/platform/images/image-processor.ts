import { availableParallelism } from 'node:os';
import sharp, { type FormatEnum, type Metadata, type Sharp } from 'sharp';
import {
  IMAGE_FORM_QUALITY,
  IMAGE_FORM_TARGET,
  IMAGE_MAX_DIMENSION,
  IMAGE_MESSAGES,
  IMAGE_VARIANT_DEFAULTS,
  UPLOAD_MESSAGES,
  type ImageFormat,
} from '@castline/shared';
import { AppError, ValidationError } from '../../http/errors.js';
import { createDecodeQueue, type DecodeQueue } from './decode-queue.js';
import { sniffImage } from './image-sniff.js';

/** The most pixels any input may decode to: 9000 × 9000. */
export const MAX_INPUT_PIXELS = IMAGE_MAX_DIMENSION * IMAGE_MAX_DIMENSION;
/** Uploads are stored as webp at the form's quality (0.85). */
export const UPLOAD_QUALITY = Math.round(IMAGE_FORM_QUALITY * 100);

/** Whether this build of the image library decodes HEVC (HEIC photos); the npm build does not. */
export const HEIC_DECODING: boolean = (() => {
  const suffixes = (sharp.format.heif?.input as { fileSuffix?: string[] } | undefined)?.fileSuffix;
  return suffixes?.includes('.heic') ?? false;
})();

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

/** Library formats an input may be decoded from. */
const DECODABLE = new Set<keyof FormatEnum>(['jpeg', 'png', 'gif', 'webp', 'heif']);

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  format: ImageFormat;
  contentType: string;
}

export interface VariantOptions {
  w?: number | undefined;
  h?: number | undefined;
  q?: number | undefined;
  format?: ImageFormat | undefined;
}

export interface ImageProcessor {
  /**
   * Checks an upload by its bytes and re-encodes it: auto-oriented, metadata stripped, first
   * frame only, fitted inside 2560 × 1440 (never enlarged), webp at quality 85. Throws
   * AppError with the specification's texts: 415 not an image / unsupported / HEIC, 400
   * unreadable or over 9000 px.
   */
  processUpload(bytes: Buffer, fileName: string): Promise<EncodedImage>;
  /** A smaller or re-encoded copy of a stored image: fitted inside w × h, never enlarged. */
  renderVariant(original: Buffer, options: VariantOptions): Promise<EncodedImage>;
}

const unreadable = () => new ValidationError(IMAGE_MESSAGES.unreadable);

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** Reads only the header: format, size and orientation. No pixels are decoded here. */
async function readHeader(bytes: Buffer): Promise<Metadata | null> {
  try {
    // The pixel limit is checked by hand right after, with the specification's message.
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
}

function orientedSize(metadata: Metadata): { width: number; height: number } {
  return {
    width: metadata.autoOrient?.width ?? metadata.width ?? 0,
    height: metadata.autoOrient?.height ?? metadata.height ?? 0,
  };
}

/** Checks what an upload is before any pixel is decoded; answers how many pixels it decodes to. */
async function inspectUpload(bytes: Buffer, name: string): Promise<number> {
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.notAnImage(name));
  if (sniffed.kind === 'other-image') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unsupportedFormat(name));
  }
  const metadata = await readHeader(bytes);
  const heicWithoutDecoder =
    !HEIC_DECODING &&
    (metadata ? metadata.format === 'heif' && metadata.compression !== 'av1' : sniffed.kind === 'heic');
  if (heicWithoutDecoder) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.heicDesktop(name));
  if (!metadata || !DECODABLE.has(metadata.format)) throw unreadable();
  const { width, height } = orientedSize(metadata);
  if (width < 1 || height < 1) throw unreadable();
  if (width > IMAGE_MAX_DIMENSION || height > IMAGE_MAX_DIMENSION) {
    throw new ValidationError(IMAGE_MESSAGES.dimensionsTooLarge(width, height));
  }
  return width * height;
}

function decoder(bytes: Buffer) {
  // pages: 1 keeps only the first frame of an animation; failOn 'error' refuses broken or
  // truncated pixel data; limitInputPixels stops a decompression bomb before it allocates.
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 }).rotate();
}

async function encode(pipeline: Sharp, format: ImageFormat, quality: number): Promise<EncodedImage> {
  switch (format) {
    case 'webp':
      pipeline.webp({ quality });
      break;
    case 'jpeg':
      // JPEG has no transparency: transparent parts become white, not black.
      pipeline.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true });
      break;
    case 'png':
      pipeline.png({ compressionLevel: 8 });
      break;
    case 'avif':
      // Low effort: AVIF at the default effort costs seconds per photo.
      pipeline.avif({ quality, effort: 2 });
      break;
  }
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, format, contentType: IMAGE_CONTENT_TYPES[format] };
}

async function decodeFailure<T>(work: () => Promise<T>, dimensions: () => Promise<string>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isPixelLimitError(error)) throw new ValidationError(await dimensions());
    throw unreadable();
  }
}

export interface ImageProcessorOptions {
  /**
   * Slots of the decode queue: ordinary photos decoded at the same time (the largest take every
   * slot; the rest wait). Defaults to the number of CPU cores.
   */
  concurrency?: number;
}

/**
 * Only the decoders of accepted formats may run, whatever the bytes claim to be (libvips can
 * also read SVG, PDF, TIFF, FITS, …: a larger attack surface for no use). This is a setting of
 * the whole process; Castline decodes images nowhere else.
 */
function allowOnlyAcceptedDecoders(): void {
  sharp.block({ operation: ['VipsForeignLoad'] });
  sharp.unblock({
    operation: [
      'VipsForeignLoadJpeg',
      'VipsForeignLoadPng',
      'VipsForeignLoadWebp',
      'VipsForeignLoadNsgif',
      'VipsForeignLoadHeif',
    ],
  });
}

export function createImageProcessor(
  options: ImageProcessorOptions = {},
): ImageProcessor & { queue: DecodeQueue } {
  allowOnlyAcceptedDecoders();
  const queue = createDecodeQueue(options.concurrency ?? Math.max(1, availableParallelism()));
  const dimensionsText = async (bytes: Buffer) => {
    const metadata = await readHeader(bytes);
    const { width, height } = metadata ? orientedSize(metadata) : { width: 0, height: 0 };
    return IMAGE_MESSAGES.dimensionsTooLarge(width, height);
  };

  return {
    queue,

    async processUpload(bytes, fileName) {
      const pixels = await inspectUpload(bytes, fileName);
      return queue.run(pixels, () =>
        decodeFailure(
          () =>
            encode(
              decoder(bytes).resize({
                width: IMAGE_FORM_TARGET.width,
                height: IMAGE_FORM_TARGET.height,
                fit: 'inside',
                withoutEnlargement: true,
              }),
              'webp',
              UPLOAD_QUALITY,
            ),
          () => dimensionsText(bytes),
        ),
      );
    },

    async renderVariant(original, variant) {
      const sniffed = sniffImage(original);
      if (sniffed?.kind !== 'accepted') throw unreadable();
      const metadata = await readHeader(original);
      const { width, height } = metadata ? orientedSize(metadata) : { width: 0, height: 0 };
      return queue.run(width * height, () =>
        decodeFailure(
          () => {
            const pipeline = decoder(original);
            if (variant.w || variant.h) {
              pipeline.resize({
                ...(variant.w ? { width: variant.w } : {}),
                ...(variant.h ? { height: variant.h } : {}),
                fit: 'inside',
                withoutEnlargement: true,
              });
            }
            return encode(
              pipeline,
              variant.format ?? IMAGE_VARIANT_DEFAULTS.format,
              variant.q ?? IMAGE_VARIANT_DEFAULTS.q,
            );
          },
          () => dimensionsText(original),
        ),
      );
    },
  };
}
