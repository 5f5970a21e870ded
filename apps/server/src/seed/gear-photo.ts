import sharp from 'sharp';
import type { Category } from '@castline/shared';

/**
 * Demo listing photos, painted pixel by pixel (no network, no SVG decoder): a water-and-sky
 * backdrop with a simple drawing of the gear, encoded as webp like an uploaded photo.
 */
export const GEAR_PHOTO_WIDTH = 960;
export const GEAR_PHOTO_HEIGHT = 720;

type Rgb = [number, number, number];

function hex(color: string): Rgb {
  const value = Number.parseInt(color.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

class Painter {
  readonly pixels: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
  }

  private blend(x: number, y: number, [r, g, b]: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (y * this.width + x) * 3;
    const p = this.pixels;
    p[at] = Math.round(p[at]! + (r - p[at]!) * alpha);
    p[at + 1] = Math.round(p[at + 1]! + (g - p[at + 1]!) * alpha);
    p[at + 2] = Math.round(p[at + 2]! + (b - p[at + 2]!) * alpha);
  }

  /** Paints every pixel of a box for which `coverage` (0..1, anti-aliased edge) is positive. */
  private shape(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    color: Rgb,
    coverage: (x: number, y: number) => number,
  ) {
    for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(this.height - 1, Math.ceil(y1)); y += 1) {
      for (let x = Math.max(0, Math.floor(x0)); x <= Math.min(this.width - 1, Math.ceil(x1)); x += 1) {
        const alpha = coverage(x + 0.5, y + 0.5);
        if (alpha > 0) this.blend(x, y, color, Math.min(1, alpha));
      }
    }
  }

  gradient(top: Rgb, bottom: Rgb): void {
    for (let y = 0; y < this.height; y += 1) {
      const t = y / (this.height - 1);
      const row: Rgb = [0, 1, 2].map((i) => Math.round(top[i]! + (bottom[i]! - top[i]!) * t)) as Rgb;
      for (let x = 0; x < this.width; x += 1) {
        const at = (y * this.width + x) * 3;
        this.pixels[at] = row[0];
        this.pixels[at + 1] = row[1];
        this.pixels[at + 2] = row[2];
      }
    }
  }

  wave(baseline: number, amplitude: number, color: Rgb, alpha: number): void {
    for (let x = 0; x < this.width; x += 1) {
      const top = baseline + Math.sin(x / 70) * amplitude;
      for (let y = Math.max(0, Math.floor(top)); y < this.height; y += 1) this.blend(x, y, color, alpha);
    }
  }

  line(ax: number, ay: number, bx: number, by: number, thickness: number, color: Rgb): void {
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    const half = thickness / 2;
    this.shape(
      Math.min(ax, bx) - half,
      Math.min(ay, by) - half,
      Math.max(ax, bx) + half,
      Math.max(ay, by) + half,
      color,
      (x, y) => {
        const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / lengthSquared));
        const distance = Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
        return half - distance + 0.5;
      },
    );
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, ring = 0): void {
    this.shape(cx - rx - 1, cy - ry - 1, cx + rx + 1, cy + ry + 1, color, (x, y) => {
      const distance = Math.hypot((x - cx) / rx, (y - cy) / ry);
      const edge = (1 - distance) * Math.min(rx, ry);
      if (ring > 0) return Math.min(edge + 0.5, ring - edge + 0.5);
      return edge + 0.5;
    });
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb): void {
    this.shape(x, y, x + width, y + height, color, (px, py) =>
      px >= x && px <= x + width && py >= y && py <= y + height ? 1 : 0,
    );
  }
}

const SCENES: [string, string][] = [
  ['#7cc3e0', '#0b4f6c'],
  ['#b7dcc4', '#2f6f4f'],
  ['#f4e3c1', '#8a6a3b'],
  ['#e0a458', '#3d5a80'],
  ['#4c8ea8', '#14303d'],
];
const GEAR_COLORS = ['#e07a1f', '#c0392b', '#f4f1ea', '#1f7698', '#2f6f4f', '#6b4c9a', '#d4a017'];
const DARK: Rgb = [34, 30, 28];
const SAND: Rgb = hex('#f4f1ea');

function drawRod(p: Painter, color: Rgb): void {
  p.line(110, 600, 860, 130, 11, color);
  p.line(110, 600, 260, 506, 26, [58, 40, 26]);
  for (const [x, size] of [
    [380, 11],
    [520, 9],
    [650, 8],
    [770, 7],
  ] as const) {
    const y = 600 - ((x - 110) * 470) / 750;
    p.ellipse(x, y - 14, size, size, [220, 220, 220], 4);
  }
}

function drawReel(p: Painter, color: Rgb, cx: number, cy: number, scale: number): void {
  p.rect(cx - 32 * scale, cy - 200 * scale, 64 * scale, 120 * scale, DARK);
  p.ellipse(cx, cy, 150 * scale, 150 * scale, color);
  p.ellipse(cx, cy, 118 * scale, 118 * scale, SAND, 8 * scale);
  p.ellipse(cx, cy, 48 * scale, 48 * scale, DARK);
  p.line(cx + 130 * scale, cy, cx + 240 * scale, cy, 30 * scale, DARK);
  p.ellipse(cx + 248 * scale, cy, 30 * scale, 30 * scale, hex('#e07a1f'));
}

function drawTackle(p: Painter, color: Rgb): void {
  p.rect(160, 200, 640, 340, SAND);
  for (let i = 0; i < 5; i += 1) {
    const x = 250 + i * 115;
    const y = 300 + (i % 2) * 110;
    const body = i % 2 ? hex('#e07a1f') : color;
    p.ellipse(x, y, 48, 19, body);
    p.ellipse(x - 30, y - 3, 6, 6, DARK);
    p.line(x + 44, y, x + 74, y - 14, 12, i % 2 ? color : hex('#e07a1f'));
    p.line(x, y + 20, x - 6, y + 60, 4, [200, 200, 200]);
  }
}

function drawAccessory(p: Painter, color: Rgb): void {
  p.rect(300, 240, 360, 300, color);
  p.rect(330, 200, 300, 56, DARK);
  p.rect(380, 340, 200, 96, SAND);
  p.line(405, 388, 555, 388, 12, hex('#0b4f6c'));
}

/** The webp photo for a category and variant (0..n). */
export async function gearPhotoWebp(category: Category, variant: number): Promise<Buffer> {
  const painter = new Painter(GEAR_PHOTO_WIDTH, GEAR_PHOTO_HEIGHT);
  const [light, deep] = SCENES[variant % SCENES.length]!;
  painter.gradient(hex(light), hex(deep));
  painter.wave(560, 14, [255, 255, 255], 0.12);
  painter.wave(630, 10, [255, 255, 255], 0.1);
  const color = hex(GEAR_COLORS[(variant * 3 + category.length) % GEAR_COLORS.length]!);
  if (category === 'rods') drawRod(painter, color);
  else if (category === 'reels') drawReel(painter, color, 470, 380, 1);
  else if (category === 'combo') {
    drawRod(painter, color);
    drawReel(painter, color, 300, 470, 0.4);
  } else if (category === 'tackle') drawTackle(painter, color);
  else drawAccessory(painter, color);
  return sharp(painter.pixels, { raw: { width: GEAR_PHOTO_WIDTH, height: GEAR_PHOTO_HEIGHT, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
}
