/**
 * Draws the app icons (a person mark on the brand blue) into public/icons as PNG, with no image
 * library: a few signed-distance shapes, 4x4 supersampled, encoded with node:zlib.
 * Run once with `npx tsx scripts/make-icons.ts`; the PNGs are committed as source assets.
 */
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';

type Rgb = [number, number, number];
const BLUE: Rgb = [0x1c, 0x5b, 0xd6];
const WHITE: Rgb = [255, 255, 255];

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function encodePng(
  size: number,
  pixel: (x: number, y: number) => [number, number, number, number],
) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Coverage of the white mark at a point in unit coordinates (0..1), `scale` shrinks it. */
function inMark(u: number, v: number, scale: number): boolean {
  const x = (u - 0.5) / scale + 0.5;
  const y = (v - 0.5) / scale + 0.5;
  const head = Math.hypot(x - 0.5, y - 0.36) < 0.14;
  const shoulders = y > 0.56 && y < 0.78 && Math.hypot((x - 0.5) / 1.35, y - 0.78) < 0.22;
  const arrow = x > 0.66 && x < 0.8 && Math.abs(y - 0.3) < 0.025;
  const arrowHead = x >= 0.76 && x < 0.84 && Math.abs(y - 0.3) < 0.84 - x;
  return head || shoulders || arrow || arrowHead;
}

function icon(size: number, opts: { rounded: boolean; markScale: number }) {
  const ss = 4;
  return encodePng(size, (px, py) => {
    let bg = 0;
    let mark = 0;
    for (let i = 0; i < ss; i++) {
      for (let j = 0; j < ss; j++) {
        const u = (px + (i + 0.5) / ss) / size;
        const v = (py + (j + 0.5) / ss) / size;
        const r = 0.18; // corner radius for the "any" icon
        const dx = Math.max(r - u, 0, u - (1 - r));
        const dy = Math.max(r - v, 0, v - (1 - r));
        const inside = !opts.rounded || Math.hypot(dx, dy) <= r;
        if (inside) {
          bg++;
          if (inMark(u, v, opts.markScale)) mark++;
        }
      }
    }
    const n = ss * ss;
    const t = bg === 0 ? 0 : mark / bg;
    const rgb = BLUE.map((c, k) => Math.round(c + ((WHITE[k] ?? 255) - c) * t));
    return [rgb[0] ?? 0, rgb[1] ?? 0, rgb[2] ?? 0, Math.round((255 * bg) / n)];
  });
}

mkdirSync('public/icons', { recursive: true });
writeFileSync('public/icons/icon-192.png', icon(192, { rounded: true, markScale: 1 }));
writeFileSync('public/icons/icon-512.png', icon(512, { rounded: true, markScale: 1 }));
// Maskable: full bleed, mark inside the 80 % safe zone.
writeFileSync('public/icons/maskable-512.png', icon(512, { rounded: false, markScale: 0.75 }));
writeFileSync('public/apple-touch-icon.png', icon(180, { rounded: false, markScale: 0.85 }));
console.log('icons written to public/icons');
