import { z } from 'zod';
import { IMAGE_MESSAGES } from './listing-messages.js';
import { BUCKETS, IMAGE_FORMATS, IMAGE_QUALITY_PRESETS, type ImageFormat } from './listing-constants.js';

export const UploadParams = z.object({ bucket: z.enum(BUCKETS, { error: IMAGE_MESSAGES.unknownBucket }) });
export type UploadParams = z.infer<typeof UploadParams>;

/** POST /api/uploads/:bucket (multipart, one `file`): the stored, re-encoded image. */
export const UploadedImageDto = z.object({
  url: z.string(),
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.string(),
  bytes: z.number().int(),
});
export type UploadedImageDto = z.infer<typeof UploadedImageDto>;

/** GET /files/:bucket/:key?w=&h=&q=&format=: a variant, made once and cached. */
export const ImageVariantQuery = z.object({
  w: z.coerce.number().int().min(16).max(4000).optional(),
  h: z.coerce.number().int().min(16).max(4000).optional(),
  q: z.coerce.number().int().min(30).max(100).optional(),
  format: z.enum(IMAGE_FORMATS).optional(),
});
export type ImageVariantQuery = z.infer<typeof ImageVariantQuery>;

/** Upload texts the specification does not give (its image texts are in IMAGE_MESSAGES). */
export const UPLOAD_MESSAGES = {
  unsupportedFormat: (name: string) =>
    `${name} is not a supported image. Use a JPEG, PNG, WebP, GIF or AVIF image.`,
  multipartRequired: 'Send the image as multipart/form-data with one file field named "file".',
  oneFileOnly: 'Upload one image at a time.',
} as const;

/** Uploads per member (every bucket together), counted across instances. */
export const UPLOAD_RATE_LIMIT = { limit: 60, windowMs: 10 * 60_000 } as const;

/** Variant renders (cache misses) per client IP: a cap on the work one visitor can cause. */
export const VARIANT_RENDER_RATE_LIMIT = { limit: 300, windowMs: 10 * 60_000 } as const;

/** What a variant that does not name them gets: product quality, webp. */
export const IMAGE_VARIANT_DEFAULTS: { q: number; format: ImageFormat } = {
  q: IMAGE_QUALITY_PRESETS.product,
  format: 'webp',
};
