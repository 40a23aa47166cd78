// Draws the app icon (resources/icon.png, 512×512): a folder of cases with a speech bubble.
// Plain zlib + PNG chunks, so no image tool is needed. Run by hand when the icon changes.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const size = 512;
const px = Buffer.alloc(size * size * 4);
const put = (x, y, [r, g, b, a]) => {
  const i = (y * size + x) * 4;
  px[i] = r;
  px[i + 1] = g;
  px[i + 2] = b;
  px[i + 3] = a;
};
const inRounded = (x, y, x0, y0, x1, y1, r) => {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
for (let y = 0; y < size; y++) {
  for (let x = 0; x < size; x++) {
    let c = [0, 0, 0, 0];
    if (inRounded(x, y, 16, 16, 496, 496, 96)) c = [30, 41, 59, 255]; // slate background
    if (inRounded(x, y, 96, 150, 416, 400, 28)) c = [16, 185, 129, 255]; // folder body
    if (inRounded(x, y, 96, 120, 250, 190, 24)) c = [16, 185, 129, 255]; // folder tab
    for (const top of [210, 260, 310]) if (x >= 140 && x <= 372 && y >= top && y <= top + 18) c = [236, 253, 245, 255]; // case lines
    if ((x - 380) ** 2 + (y - 140) ** 2 <= 62 ** 2) c = [248, 250, 252, 255]; // speech bubble
    if (x >= 340 && x <= 360 && y >= 185 && y <= 215 && y - 185 <= (360 - x) * 1.5) c = [248, 250, 252, 255];
    for (const dx of [-24, 0, 24]) if ((x - 380 - dx) ** 2 + (y - 140) ** 2 <= 9 ** 2) c = [30, 41, 59, 255];
    put(x, y, c);
  }
}
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([len, body, sum]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(size, 0);
ihdr.writeUInt32BE(size, 4);
ihdr[8] = 8;
ihdr[9] = 6;
const raw = Buffer.alloc((size * 4 + 1) * size);
for (let y = 0; y < size; y++) px.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
writeFileSync(
  new URL('./icon.png', import.meta.url),
  Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]),
);
