import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * A landscape JPEG, left half red and right half blue, whose EXIF says "rotate 90° clockwise
 * to display" (orientation 6) and names a camera and an owner.
 */
export async function orientedJpeg(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: { create: { width: width / 2, height, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: 'Secret Owner', Make: 'FishCam' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function solidPng(width: number, height: number, background = '#3a7d44'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A two-frame animated GIF: red, then blue. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width: 40, height: 20, channels: 4, background } })
      .png()
      .toBuffer();
  return sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
    .gif({ delay: [100, 100] })
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header declares width × height
 * grey pixels (50000 × 50000 would decode to 2.5 GB).
 */
export function pixelBombPng(width = 50_000, height = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const firstRows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', firstRows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of an iPhone HEIC photo (an ISO-BMFF `ftyp` box with the heic brand). */
export function heicLikeBytes(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('mif1heic', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(200, 1)]);
}
