import { z } from 'zod';
import { IMAGE_MESSAGES } from './listing-messages.js';
import { BUCKETS, IMAGE_FORMATS } from './listing-constants.js';

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
