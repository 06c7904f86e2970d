// Draws the app icons from code so they are reproducible and need no design
// tool or image dependency: `node scripts/make-icons.mjs` rewrites public/icons/.
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

const BG = '#0b0e11';
const GREEN = '#20b26c';
const RED = '#ef454a';
const ACCENT = '#f7a600';

// Motif in a unit box (y grows downward). Candles are chunky and few so they
// still read as candles when the favicon is shrunk to 16-32 px.
const CANDLES = [
  // [colour, bodyTop, bodyBottom, wickTop, wickBottom]
  [GREEN, 0.58, 0.8, 0.5, 0.86],
  [RED, 0.44, 0.64, 0.36, 0.72],
  [GREEN, 0.28, 0.58, 0.2, 0.66],
  [GREEN, 0.1, 0.4, 0.02, 0.48],
];
const CANDLE_W = 0.16;
const CANDLE_GAP = 0.08;
const WICK_W = 0.05;

/** Rounded rects in canvas-unit coordinates, painted in order; `box` places the motif square on the canvas. */
function shapes({ box, rounded }) {
  const [b0, bs] = box;
  const X = (u) => b0 + u * bs;
  const list = [{ x0: 0, y0: 0, x1: 1, y1: 1, r: rounded ? 0.22 : 0, color: BG }];
  // A flat baseline instead of a diagonal trend line: a diagonal crossing the
  // candles turns into mush at favicon size, a horizontal rule stays crisp.
  list.push({ x0: X(0.04), y0: X(0.92), x1: X(0.96), y1: X(0.98), r: 0.03 * bs, color: ACCENT });
  const total = CANDLES.length * CANDLE_W + (CANDLES.length - 1) * CANDLE_GAP;
  CANDLES.forEach(([color, bt, bb, wt, wb], i) => {
    const left = (1 - total) / 2 + i * (CANDLE_W + CANDLE_GAP);
    const mid = left + CANDLE_W / 2;
    list.push({ x0: X(mid - WICK_W / 2), y0: X(wt), x1: X(mid + WICK_W / 2), y1: X(wb), r: (WICK_W / 2) * bs, color });
    list.push({ x0: X(left), y0: X(bt), x1: X(left + CANDLE_W), y1: X(bb), r: 0.025 * bs, color });
  });
  return list;
}

// Rounded rectangle test: outside the straight edges only the corner circles count.
function inside(s, x, y) {
  if (x < s.x0 || x > s.x1 || y < s.y0 || y > s.y1) return false;
  const dx = Math.max(s.x0 + s.r - x, 0, x - (s.x1 - s.r));
  const dy = Math.max(s.y0 + s.r - y, 0, y - (s.y1 - s.r));
  return dx * dx + dy * dy <= s.r * s.r;
}

const hex = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));

/** Supersampled rasteriser: each pixel averages SS×SS point samples of the topmost shape. */
function rasterise(size, list) {
  const SS = 4;
  const rgb = list.map((s) => hex(s.color));
  const px = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let pxi = 0; pxi < size; pxi++) {
      let r = 0, g = 0, b = 0, n = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = (pxi + (sx + 0.5) / SS) / size;
          const y = (py + (sy + 0.5) / SS) / size;
          for (let k = list.length - 1; k >= 0; k--) {
            if (inside(list[k], x, y)) {
              r += rgb[k][0]; g += rgb[k][1]; b += rgb[k][2]; n++;
              break;
            }
          }
        }
      }
      const o = (py * size + pxi) * 4;
      // Colour is averaged over covered samples only, so transparent edges do not darken (straight alpha).
      if (n) px.set([Math.round(r / n), Math.round(g / n), Math.round(b / n), Math.round((255 * n) / (SS * SS))], o);
    }
  }
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Minimal RGBA8 PNG writer; no ancillary chunks, so the output carries no timestamp. */
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  // Each row gets filter type 0 (None): deflate alone compresses these flat-colour images well.
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function toSvg(list) {
  const n = (v) => +(v * 512).toFixed(2);
  const els = list.map(
    (s) => `<rect x="${n(s.x0)}" y="${n(s.y0)}" width="${n(s.x1 - s.x0)}" height="${n(s.y1 - s.y0)}" rx="${n(s.r)}" fill="${s.color}"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">\n${els.map((e) => `  ${e}\n`).join('')}</svg>\n`;
}

// Regular icons get a rounded tile; the maskable one is full-bleed with the motif
// shrunk so the baseline ends (its farthest points) stay inside the 40%-radius safe circle.
const REGULAR = { box: [0.12, 0.76], rounded: true };
const MASKABLE = { box: [0.21, 0.58], rounded: false };

mkdirSync(OUT_DIR, { recursive: true });
const outputs = [
  ['icon-192.png', 192, REGULAR],
  ['icon-512.png', 512, REGULAR],
  ['maskable-512.png', 512, MASKABLE],
  ['apple-touch-icon.png', 180, REGULAR],
];
for (const [name, size, opts] of outputs) {
  writeFileSync(join(OUT_DIR, name), encodePng(size, rasterise(size, shapes(opts))));
}
writeFileSync(join(OUT_DIR, 'favicon.svg'), toSvg(shapes(REGULAR)));
console.log(`wrote ${outputs.length + 1} icons to ${OUT_DIR}`);
