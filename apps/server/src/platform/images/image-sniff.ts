/**
 * What the first bytes of a file say it is. Only the bytes count: never the file name or the
 * Content-Type the client sent.
 *
 * - accepted: formats Castline decodes and re-encodes (JPEG, PNG, GIF, WebP, AVIF)
 * - heic: HEIC/HEIF photos from phones (usually HEVC, decodable only when the image library
 *   has an HEVC decoder; the image's metadata tells the codec)
 * - other-image: real image formats Castline does not take (SVG, BMP, TIFF, ICO, JPEG XL, PSD)
 * - null: not an image at all
 */
export type SniffedImage =
  | { kind: 'accepted'; format: 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' }
  | { kind: 'heic' }
  | { kind: 'other-image'; format: string }
  | null;

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'mif2']);

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return signature.every((value, index) => bytes[offset + index] === value);
}

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString('latin1');
}

/** The brands of an ISO-BMFF `ftyp` box (major first), or null when there is none. */
function ftypBrands(bytes: Buffer): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 4096);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

export function sniffImage(bytes: Buffer): SniffedImage {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'accepted', format: 'jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'accepted', format: 'png' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')
    return { kind: 'accepted', format: 'gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { kind: 'accepted', format: 'webp' };

  const brands = ftypBrands(bytes);
  if (brands) {
    const [major] = brands;
    if (AVIF_BRANDS.has(major!)) return { kind: 'accepted', format: 'avif' };
    if (HEVC_BRANDS.has(major!)) return { kind: 'heic' };
    // Generic HEIF (mif1, msf1): the compatible brands name the codec.
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return { kind: 'accepted', format: 'avif' };
    if (brands.some((brand) => HEVC_BRANDS.has(brand) || HEIF_BRANDS.has(brand))) return { kind: 'heic' };
    if (brands.includes('jxl ')) return { kind: 'other-image', format: 'jxl' };
    // Video (isom, mp42, qt …) and other ISO media.
    return null;
  }

  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 26) return { kind: 'other-image', format: 'bmp' };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return { kind: 'other-image', format: 'tiff' };
  }
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 22)
    return { kind: 'other-image', format: 'ico' };
  if (startsWith(bytes, [0xff, 0x0a]) || startsWith(bytes, [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20])) {
    return { kind: 'other-image', format: 'jxl' };
  }
  if (ascii(bytes, 0, 4) === '8BPS') return { kind: 'other-image', format: 'psd' };
  // SVG is XML text: look for an <svg element near the start, after any prolog or comments.
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (
    /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
      head,
    )
  ) {
    return { kind: 'other-image', format: 'svg' };
  }
  return null;
}
