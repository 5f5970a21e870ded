/**
 * Images: a 12-megapixel camera JPEG uploaded through the listing form's endpoint, end to end
 * (budget p95 ≤ 1.5 s), and a variant of it delivered from the cache (budget p95 ≤ 5 ms).
 *
 * The real app runs in this process on a free port of 127.0.0.1 (embedded PGlite, or a fresh
 * PostgreSQL database when SuiteOptions.databaseUrl is given) with local file storage: the
 * storage path is part of what is measured. A member signed in as sign-in leaves them sends
 * `POST /api/uploads/product-images` with one multipart `file` field, as the listing form does,
 * over real HTTP, and the time runs until the stored image's description has arrived. The floor
 * is the image library alone doing the server's work on the same bytes: the header read, then
 * decode, auto-orient, fit inside 2560 × 1440 and webp at quality 85.
 *
 * Then the listing grid's variant of the upload (`?w=600&format=webp&q=80`, what a card asks for
 * on a 2× screen) is requested once, which renders and stores it, and then again and again, one
 * request at a time on a kept-alive connection, each read to its last byte. The floor is a bare
 * `node:http` handler answering the same bytes from memory with the same client.
 *
 * Last, eight members each upload the largest photo the server takes at the same moment: 8999 ×
 * 8999 pixels, a PNG just under the form's 10 MB. Its pixels alone are 243 MB decoded; the row
 * holds how far the process's resident memory rises while the eight are read, checked, decoded
 * and stored (budget ≤ 256 MB above where it stood). The uploads are sent from a process of
 * their own, so the figure is the server's.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  IMAGE_FORM_MAX_BYTES,
  IMAGE_FORM_QUALITY,
  IMAGE_FORM_TARGET,
  IMAGE_MAX_DIMENSION,
  IMAGE_QUALITY_PRESETS,
  IMAGE_SIZE_PRESETS,
  UPLOAD_RATE_LIMIT,
  UploadedImageDto,
} from '@castline/shared';
import { signedInMembers, startBenchApp, startBenchAppOnPostgres } from '../lib/bench-app.js';
import { ratioToFloor, type BenchRow, type Suite } from '../lib/report.js';
import { summarize, type Timings } from '../lib/stats.js';
import { seeded } from '../lib/seeded.js';

const PHOTO = { width: 4000, height: 3000, quality: 90 } as const;
/** Timed uploads (and as many floor runs); with the warm-up, inside one member's upload limit. */
const UPLOADS = { default: 24, full: 50 };
const UPLOAD_WARMUP = 2;
/** Timed variant requests (and as many floor requests), after VARIANT_WARMUP untimed ones (the JIT warms up). */
const VARIANT_GETS = { default: 1500, full: 5000 };
const VARIANT_WARMUP = 2000;
/** The largest photo the server takes (IMAGE_MAX_DIMENSION is the most it allows), sent by this many members at once. */
const LARGEST = { side: 8999, uploadsAtOnce: 8, rssBudgetMb: 256 } as const;

// ---------------------------------------------------------------------------------------------
// The photo.

/** Random values on a `w` × `h` grid, smoothly enlarged to the photo's size (raw bytes). */
async function smoothField(next: () => number, w: number, h: number, channels: 1 | 3): Promise<Buffer> {
  const small = Buffer.alloc(w * h * channels);
  for (let i = 0; i < small.length; i += 1) small[i] = Math.floor(next() * 256);
  return sharp(small, { raw: { width: w, height: h, channels } })
    .resize(PHOTO.width, PHOTO.height, { kernel: w > 500 ? 'lanczos3' : 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
}

/** Lines, rings and a caption: the sharp edges a photo of gear has. */
function overlaySvg(): Buffer {
  const { width: W, height: H } = PHOTO;
  const lines = Array.from(
    { length: 24 },
    (_, i) =>
      `<line x1="${(i * 97) % W}" y1="0" x2="${(i * 331) % W}" y2="${H}" stroke="rgb(${40 + ((i * 53) % 120)},${30 + ((i * 91) % 90)},${20 + ((i * 13) % 60)})" stroke-width="${2 + (i % 9)}"/>`,
  );
  const rings = Array.from(
    { length: 30 },
    (_, i) =>
      `<circle cx="${(i * 613) % W}" cy="${(i * 419) % H}" r="${40 + ((i * 37) % 200)}" fill="none" stroke="white" stroke-width="3"/>`,
  );
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${lines.join('')}${rings.join('')}<text x="200" y="2700" font-size="220" fill="#f5f1e8" font-family="sans-serif">Castline reel 3000</text></svg>`,
  );
}

/**
 * A 4000 × 3000 JPEG at quality 90 with EXIF, as a phone camera writes one (about 4 MB): a sky
 * and water of smooth tints with texture at several scales, sensor noise, and sharp edges on top.
 * Not a flat colour, so that decoding and encoding cost what a real photo costs.
 */
async function makePhoto(): Promise<Buffer> {
  const { width: W, height: H } = PHOTO;
  const next = seeded(7);
  const tint = await smoothField(next, 6, 5, 3);
  const broad = await smoothField(next, 24, 18, 1);
  const mid = await smoothField(next, 240, 180, 1);
  const fine = await smoothField(next, 1300, 975, 1);
  const skyTint = [0.75, 0.88, 1.1];
  const waterTint = [0.7, 0.95, 0.85];
  const pixels = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y += 1) {
    const sky = y < H * 0.4;
    const base = sky ? skyTint : waterTint;
    for (let x = 0; x < W; x += 1) {
      const p = y * W + x;
      const lum =
        (sky ? 150 + (y / H) * 120 : 70) +
        (broad[p]! - 128) * 0.5 +
        (mid[p]! - 128) * 0.45 +
        (fine[p]! - 128) * (sky ? 0.1 : 0.4) +
        (next() - 0.5) * 10;
      for (let c = 0; c < 3; c += 1) {
        const value = lum * (base[c]! + (tint[p * 3 + c]! - 128) / 600) + (next() - 0.5) * 6;
        pixels[p * 3 + c] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
    }
  }
  // The server allows only the decoders of accepted formats in the whole process (image-processor.ts),
  // and an earlier suite has started it: the overlay's SVG decoder is allowed for this one image.
  sharp.unblock({ operation: ['VipsForeignLoadSvgBuffer'] });
  try {
    return await sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
      .composite([{ input: overlaySvg() }])
      .withExif({ IFD0: { Make: 'Castline', Model: 'Bench camera', Orientation: '1' } })
      .jpeg({ quality: PHOTO.quality })
      .toBuffer();
  } finally {
    sharp.block({ operation: ['VipsForeignLoadSvgBuffer'] });
  }
}

/**
 * The largest photo the server takes: 8999 × 8999 pixels of smooth colour fields (a PNG compresses
 * them to about 9.5 MB, inside the form's 10 MB). Decoded, 243 MB of pixels.
 */
async function makeLargestPng(): Promise<Buffer> {
  const next = seeded(11);
  const grid = 24;
  const small = Buffer.alloc(grid * grid * 3);
  for (let i = 0; i < small.length; i += 1) small[i] = Math.floor(next() * 256);
  const png = await sharp(small, { raw: { width: grid, height: grid, channels: 3 } })
    .resize(LARGEST.side, LARGEST.side, { kernel: 'cubic', fit: 'fill' })
    .png({ compressionLevel: 6 })
    .toBuffer();
  if (png.length > IMAGE_FORM_MAX_BYTES)
    throw new Error(`the largest photo is ${png.length} bytes, over the form's limit`);
  return png;
}

/**
 * The uploads of uploadAllAtOnce, from a process of their own (so that their bodies are not in
 * the server's memory): every member sends the photo at the same moment, as the listing form
 * does; prints each answer's status and body as JSON.
 */
const UPLOADER = `
const { readFileSync } = require('node:fs');
const { baseUrl, cookies, photoPath, type, name } = JSON.parse(process.env.CASTLINE_BENCH_UPLOADS);
const photo = readFileSync(photoPath);
Promise.all(cookies.map(async (cookie) => {
  const form = new FormData();
  form.append('file', new Blob([photo], { type }), name);
  const response = await fetch(baseUrl + '/api/uploads/product-images', {
    method: 'POST', headers: { cookie, accept: 'application/json' }, body: form,
  });
  return { status: response.status, body: await response.text() };
})).then((answers) => process.stdout.write(JSON.stringify(answers)));
`;

/**
 * Every member uploads `photo` at the same moment, from another process; answers how far this
 * process's resident memory (the server's) rose above where it stood, sampled every 5 ms, and how
 * long until the last upload was stored.
 */
async function uploadAllAtOnce(
  baseUrl: string,
  cookies: string[],
  photo: Buffer,
): Promise<{ risenMb: number; beforeMb: number; seconds: number; stored: UploadedImageDto[] }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'castline-bench-'));
  const photoPath = path.join(folder, 'largest.png');
  await writeFile(photoPath, photo);
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', UPLOADER], {
        env: {
          ...process.env,
          CASTLINE_BENCH_UPLOADS: JSON.stringify({
            baseUrl,
            cookies,
            photoPath,
            type: 'image/png',
            name: 'largest.png',
          }),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`the uploader exited with ${code}`)),
      );
    });
    peak = Math.max(peak, process.memoryUsage().rss);
    const answers = JSON.parse(output) as { status: number; body: string }[];
    const stored = answers.map(({ status, body }) => {
      if (status !== 201) throw new Error(`an upload answered ${status}: ${body.slice(0, 200)}`);
      return UploadedImageDto.parse(JSON.parse(body));
    });
    return {
      risenMb: (peak - before) / 2 ** 20,
      beforeMb: before / 2 ** 20,
      seconds: (performance.now() - started) / 1000,
      stored,
    };
  } finally {
    clearInterval(sampler);
    await rm(folder, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The floors.

/**
 * What the server's image processor does with an upload, with the image library alone: the
 * header read that checks the upload, then decode (first frame, pixel limit, broken data refused),
 * auto-orient, fit inside the form's target without enlarging, webp at the form's quality.
 */
async function processLikeTheServer(bytes: Buffer): Promise<Buffer> {
  await sharp(bytes, { limitInputPixels: false }).metadata();
  const { data } = await sharp(bytes, {
    limitInputPixels: IMAGE_MAX_DIMENSION * IMAGE_MAX_DIMENSION,
    failOn: 'error',
    pages: 1,
  })
    .rotate()
    .resize({
      width: IMAGE_FORM_TARGET.width,
      height: IMAGE_FORM_TARGET.height,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: Math.round(IMAGE_FORM_QUALITY * 100) })
    .toBuffer({ resolveWithObject: true });
  return data;
}

/** A bare node:http server answering `body` with `headers` to every request. */
async function startBareFileServer(body: Buffer, headers: Record<string, string>) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { ...headers, 'content-length': String(body.length) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// The client.

interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One GET on the kept-alive `agent`, read to its last byte. */
function get(agent: Agent, url: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The listing form's upload: one multipart `file` field, the member's cookie. */
async function upload(
  baseUrl: string,
  cookie: string,
  photo: Buffer,
  file: { type: string; name: string } = { type: 'image/jpeg', name: 'IMG_4127.jpg' },
): Promise<UploadedImageDto> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: file.type }), file.name);
  const response = await fetch(`${baseUrl}/api/uploads/product-images`, {
    method: 'POST',
    headers: { cookie, accept: 'application/json' },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${text.slice(0, 200)}`);
  return UploadedImageDto.parse(JSON.parse(text));
}

/** The variant a listing card asks for on a 2× screen: 600 px wide, webp, the product quality. */
function cardVariantUrl(url: string): string {
  return `${url}?w=${IMAGE_SIZE_PRESETS.product.preview}&format=webp&q=${IMAGE_QUALITY_PRESETS.product}`;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;

/**
 * Times `product` and `floor` in turns, one at a time (after `warmup` untimed turns), so that both
 * see the same moments of a shared machine; each one's throughput is its runs over its own time.
 */
async function measurePair(
  product: () => Promise<void>,
  floor: () => Promise<void>,
  { iterations, warmup }: { iterations: number; warmup: number },
): Promise<{ product: Timings; floor: Timings }> {
  for (let i = 0; i < warmup; i += 1) {
    await product();
    await floor();
  }
  const samples = { product: [] as number[], floor: [] as number[] };
  for (let i = 0; i < iterations; i += 1) {
    for (const [side, work] of [
      ['product', product],
      ['floor', floor],
    ] as const) {
      const started = performance.now();
      await work();
      samples[side].push(performance.now() - started);
    }
  }
  const total = (list: number[]) => list.reduce((sum, value) => sum + value, 0);
  return {
    product: summarize(samples.product, total(samples.product)),
    floor: summarize(samples.floor, total(samples.floor)),
  };
}

// ---------------------------------------------------------------------------------------------
// The suite.

/** A 12 MP JPEG upload end to end, and a cached variant's delivery, against the bare library and server. */
export const run: Suite = async (options) => {
  const uploads = options.full ? UPLOADS.full : UPLOADS.default;
  const gets = options.full ? VARIANT_GETS.full : VARIANT_GETS.default;
  if (uploads + UPLOAD_WARMUP + 1 > UPLOAD_RATE_LIMIT.limit)
    throw new Error('more uploads than one member may make');
  options.log('images: making a 12-megapixel photo…');
  const photo = await makePhoto();
  const meta = await sharp(photo).metadata();
  const photoText = `${meta.width} × ${meta.height} JPEG q${PHOTO.quality}, ${kb(photo.length)}`;

  const engine = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
  const started = options.databaseUrl
    ? await startBenchAppOnPostgres('bench-images', options.databaseUrl)
    : await startBenchApp('bench-images');
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const baseUrl = await started.app.listen({ host: '127.0.0.1', port: 0 });
    const [member] = await signedInMembers(started.database, 1, 'img');
    const cookie = member!.cookie;
    const suite = `images (${engine}, local file storage)`;

    options.log(`images: ${uploads} uploads of a ${photoText}…`);
    let uploaded: UploadedImageDto | undefined;
    let floorBytes = 0;
    const uploading = await measurePair(
      async () => {
        uploaded = await upload(baseUrl, cookie, photo);
      },
      async () => {
        floorBytes = (await processLikeTheServer(photo)).length;
      },
      { iterations: uploads, warmup: UPLOAD_WARMUP },
    );
    const stored = uploaded!;

    options.log(`images: ${gets.toLocaleString('en-US')} requests of a cached variant…`);
    const variantUrl = `${baseUrl}${cardVariantUrl(stored.url)}`;
    const headers = { cookie, accept: 'image/avif,image/webp,image/*,*/*;q=0.8' };
    const missStarted = performance.now();
    const first = await get(agent, variantUrl, headers);
    const missMs = performance.now() - missStarted;
    if (first.status !== 200 || first.headers['x-cache-status'] !== 'MISS') {
      throw new Error(
        `the first variant request answered ${first.status} ${first.headers['x-cache-status']}`,
      );
    }
    const cached = await get(agent, variantUrl, headers);
    const bare = await startBareFileServer(first.body, {
      'content-type': String(first.headers['content-type']),
      'cache-control': String(first.headers['cache-control']),
    });
    const bareAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    let delivering: { product: Timings; floor: Timings };
    try {
      delivering = await measurePair(
        async () => {
          const response = await get(agent, variantUrl, headers);
          if (response.status !== 200 || response.body.length !== first.body.length) {
            throw new Error(
              `a variant request answered ${response.status} with ${response.body.length} bytes`,
            );
          }
        },
        async () => {
          const response = await get(bareAgent, bare.url, headers);
          if (response.body.length !== first.body.length) throw new Error('the bare server answered short');
        },
        { iterations: gets, warmup: VARIANT_WARMUP },
      );
    } finally {
      bareAgent.destroy();
      await bare.stop();
    }

    const uploadRow: BenchRow = {
      suite,
      name: `upload a 12 MP JPEG (POST /api/uploads/product-images, multipart over HTTP)`,
      timings: uploading.product,
      floor: {
        name: 'sharp alone: header read, decode, orient, fit 2560 × 1440, webp q85',
        timings: uploading.floor,
      },
      floorRatio: ratioToFloor(uploading.product, uploading.floor),
      budgets: [{ metric: 'p95', kind: 'max', limit: 1500 }],
      note: [
        `${photoText}; stored ${stored.width} × ${stored.height} ${stored.format}, ${kb(stored.bytes)} (floor ${kb(floorBytes)})`,
        `one upload at a time, ${uploads} timed after ${UPLOAD_WARMUP} untimed, in turns with the floor`,
        'until the stored image’s description has arrived; no variant is made at upload',
      ].join('; '),
    };
    const variantRow: BenchRow = {
      suite,
      name: `cached variant ?w=${IMAGE_SIZE_PRESETS.product.preview}&format=webp (GET /files/…, HIT)`,
      timings: delivering.product,
      floor: { name: 'bare node:http, same bytes from memory', timings: delivering.floor },
      floorRatio: ratioToFloor(delivering.product, delivering.floor),
      budgets: [{ metric: 'p95', kind: 'max', limit: 5 }],
      note: [
        `${kb(first.body.length)} webp; first request (render and store, MISS) ${missMs.toFixed(0)} ms`,
        `one request at a time on a kept-alive connection, ${gets.toLocaleString('en-US')} timed after ${VARIANT_WARMUP.toLocaleString('en-US')} untimed, in turns with the floor, each read to the last byte`,
        `answered with cache-control "${String(cached.headers['cache-control'])}", etag ${String(cached.headers.etag)}, x-cache-status ${String(cached.headers['x-cache-status'])}`,
      ].join('; '),
    };

    options.log(
      `images: ${LARGEST.uploadsAtOnce} members upload a ${LARGEST.side} × ${LARGEST.side} PNG at once…`,
    );
    const largest = await makeLargestPng();
    const uploaders = await signedInMembers(started.database, LARGEST.uploadsAtOnce, 'img_largest');
    const atOnce = await uploadAllAtOnce(
      baseUrl,
      uploaders.map((uploader) => uploader.cookie),
      largest,
    );
    const largestStored = atOnce.stored[0]!;
    const largestRow: BenchRow = {
      suite,
      name: `${LARGEST.uploadsAtOnce} uploads at once of the largest photo (${LARGEST.side} × ${LARGEST.side} PNG, ${kb(largest.length)})`,
      value: Math.round(atOnce.risenMb),
      unit: 'MB',
      metrics: { rssGrowthMb: Math.round(atOnce.risenMb) },
      budgets: [{ metric: 'metrics.rssGrowthMb', kind: 'max', limit: LARGEST.rssBudgetMb }],
      note: [
        `the server's resident memory rose ${atOnce.risenMb.toFixed(0)} MB at most above ${atOnce.beforeMb.toFixed(0)} MB (sampled every 5 ms; the uploads sent from another process)`,
        `all ${atOnce.stored.length} stored (${largestStored.width} × ${largestStored.height} ${largestStored.format}) in ${atOnce.seconds.toFixed(1)} s`,
        'each decodes to 243 MB of pixels',
      ].join('; '),
    };
    return [uploadRow, variantRow, largestRow];
  } finally {
    agent.destroy();
    await started.stop();
  }
};
