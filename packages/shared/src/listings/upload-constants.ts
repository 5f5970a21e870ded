// Plain values only (no zod): uploads' texts, limits and image variant defaults (upload.schemas.ts
// holds the schemas).
import { IMAGE_QUALITY_PRESETS, type ImageFormat } from './listing-constants.js';

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
