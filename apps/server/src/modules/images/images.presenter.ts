import type { UploadedImageDto } from '@castline/shared';
import type { EncodedImage } from '../../platform/images/image-processor.js';

export function presentUploadedImage(key: string, url: string, image: EncodedImage): UploadedImageDto {
  return {
    url,
    key,
    width: image.width,
    height: image.height,
    format: image.format,
    bytes: image.data.length,
  };
}
