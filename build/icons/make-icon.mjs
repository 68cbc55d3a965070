// Draws the placeholder app icon (512×512 PNG) with no tools beyond Node:
// a teal rounded square with a white "H" and a bell dot. electron-builder derives
// the Windows .ico and macOS .icns from it. The same drawing, averaged down to 32×32,
// is the guest pages' /favicon.ico. Run: node build/icons/make-icon.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const teal = [0, 120, 130];
const white = [255, 255, 255];
const amber = [255, 185, 0];

function pixel(x, y) {
  const r = 96; // corner radius
  const cx = Math.min(Math.max(x, r), SIZE - 1 - r);
  const cy = Math.min(Math.max(y, r), SIZE - 1 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return [0, 0, 0, 0];
  const inH = (x >= 150 && x < 210 && y >= 130 && y < 382) || (x >= 302 && x < 362 && y >= 130 && y < 382) || (x >= 150 && x < 362 && y >= 226 && y < 286);
  if (inH) return [...white, 255];
  if ((x - 392) ** 2 + (y - 120) ** 2 <= 36 ** 2) return [...amber, 255];
  return [...teal, 255];
}

/** The icon at `size` px: each pixel the average of its block of the 512-px drawing. */
function rows(size) {
  const step = SIZE / size;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0, 0];
      for (let dy = 0; dy < step; dy++)
        for (let dx = 0; dx < step; dx++) pixel(x * step + dx, y * step + dy).forEach((v, i) => (sum[i] += v));
      Buffer.from(sum.map((v) => Math.round(v / step ** 2))).copy(raw, y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  return raw;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows(size), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An .ico holding one PNG image (every current browser reads PNG inside ICO). */
function ico(image, size) {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(1, 4); // one image
  head[6] = size;
  head[7] = size;
  head.writeUInt16LE(1, 10); // planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(image.length, 14);
  head.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([head, image]);
}

const icon = png(SIZE);
writeFileSync(path.join(import.meta.dirname, 'icon.png'), icon);
console.log(`icon.png: ${icon.length} bytes`);
const favicon = ico(png(32), 32);
writeFileSync(path.join(import.meta.dirname, '../../guest-web/public/favicon.ico'), favicon);
console.log(`favicon.ico: ${favicon.length} bytes`);
