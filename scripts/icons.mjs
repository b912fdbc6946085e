// Draws the app's icons (issue 28): pwa/icon.svg (the page's favicon) and the web app manifest's
// PNGs, pwa/icons/icon-192.png, icon-512.png and icon-maskable-512.png, from one shape: three
// falling bars (credits running down) in white on the page's accent blue (style/main.css
// --accent), on a rounded square, or full-bleed with the bars inside the safe circle for the
// maskable one. PNGs are written with node's zlib only (no image library), as palette images. The files are kept in
// the repository; run again after changing the shape: node scripts/icons.mjs
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const ACCENT = [0x1d, 0x4e, 0xd8];
const WHITE = [0xff, 0xff, 0xff];
// In a 64-unit box: the rounded square's corner radius and the bars [x0, y0, x1, y1].
const RADIUS = 14;
const BARS = [[14, 16, 23, 48], [27.5, 26, 36.5, 48], [41, 36, 50, 48]];

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${RADIUS}" fill="#1d4ed8"/><path fill="#fff" d="${BARS.map(([x0, y0, x1, y1]) => `M${x0} ${y0}H${x1}V${y1}H${x0}z`).join('')}"/></svg>\n`;

const inRounded = (x, y, r) => {
  const cx = Math.min(Math.max(x, r), 64 - r), cy = Math.min(Math.max(y, r), 64 - r);
  return x >= 0 && x <= 64 && y >= 0 && y <= 64 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};

/** RGBA pixels of a `size`² icon; `maskable`: no rounding, the bars scaled by 0.8 about the centre. */
function draw(size, maskable) {
  const px = Buffer.alloc(size * size * 4);
  const N = 4; // 4 × 4 samples a pixel: smooth edges
  const scale = maskable ? 0.8 : 1;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let bg = 0, mark = 0;
      for (let sj = 0; sj < N; sj++) {
        for (let si = 0; si < N; si++) {
          const x = ((i + (si + 0.5) / N) / size) * 64, y = ((j + (sj + 0.5) / N) / size) * 64;
          if (!(maskable || inRounded(x, y, RADIUS))) continue;
          bg++;
          const mx = 32 + (x - 32) / scale, my = 32 + (y - 32) / scale;
          if (BARS.some(([x0, y0, x1, y1]) => mx >= x0 && mx < x1 && my >= y0 && my < y1)) mark++;
        }
      }
      const o = (j * size + i) * 4;
      const m = bg ? mark / bg : 0;
      for (let c = 0; c < 3; c++) px[o + c] = Math.round(ACCENT[c] * (1 - m) + WHITE[c] * m);
      px[o + 3] = Math.round((bg / (N * N)) * 255);
    }
  }
  return px;
}

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
const crc32 = (buf) => {
  let c = -1;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
};
const chunk = (type, data) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
};

/**
 * A palette PNG (colour type 3: one byte a pixel, the colours with their alpha in PLTE and tRNS;
 * an icon of two colours and their edge blends has a few dozen), each row with the filter (none,
 * sub, up) that leaves the smallest bytes.
 */
function png(size, px) {
  const colours = new Map();
  const index = Buffer.alloc(size * size);
  for (let k = 0; k < size * size; k++) {
    const key = px.readUInt32BE(k * 4);
    if (!colours.has(key)) colours.set(key, colours.size);
    index[k] = colours.get(key);
  }
  if (colours.size > 256) throw new Error(`icons: ${colours.size} colours, more than a palette holds`);
  const keys = [...colours.keys()];
  const plte = Buffer.from(keys.flatMap((c) => [c >>> 24, (c >>> 16) & 0xff, (c >>> 8) & 0xff]));
  const trns = Buffer.from(keys.map((c) => c & 0xff));
  const rows = [];
  for (let j = 0; j < size; j++) {
    const row = index.subarray(j * size, (j + 1) * size);
    const prev = j ? index.subarray((j - 1) * size, j * size) : Buffer.alloc(size);
    const candidates = [
      [0, Buffer.from(row)],
      [1, Buffer.from(row.map((b, k) => (k ? b - row[k - 1] : b) & 0xff))],
      [2, Buffer.from(row.map((b, k) => (b - prev[k]) & 0xff))],
    ];
    const cost = (buf) => buf.reduce((a, b) => a + (b < 128 ? b : 256 - b), 0);
    const [filter, bytes] = candidates.reduce((best, c) => (cost(c[1]) < cost(best[1]) ? c : best));
    rows.push(Buffer.from([filter]), bytes);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 3, 0, 0, 0], 8); // 8 bits, palette, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    chunk('tRNS', trns),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = new URL('../pwa/', import.meta.url);
mkdirSync(new URL('icons/', dir), { recursive: true });
writeFileSync(new URL('icon.svg', dir), svg);
for (const [name, size, maskable] of [['icon-192.png', 192, false], ['icon-512.png', 512, false], ['icon-maskable-512.png', 512, true]]) {
  const file = png(size, draw(size, maskable));
  writeFileSync(new URL(`icons/${name}`, dir), file);
  console.log(`icons: pwa/icons/${name} ${file.length} bytes`);
}
console.log(`icons: pwa/icon.svg ${svg.length} bytes`);
