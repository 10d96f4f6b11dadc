import { crc32 } from 'node:zlib';
import { deflateRuns } from './deflate';

/** The modules of a QR symbol: `size` × `size`, 1 = dark. */
export interface QrMatrix {
  size: number;
  get(row: number, col: number): number | boolean;
}

/** PNG row filter: none (a row's bytes as they are). */
const FILTER_NONE = 0;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** `rrggbbaa` from 3, 6 or 8 hex digits. */
export function rgbaOf(hex: string): [number, number, number, number] {
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
  const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return [n(0), n(2), n(4), full.length === 8 ? n(6) : 255];
}

/** The unfiltered rows of the image being written (calls are synchronous, so one is enough). */
let rows = Buffer.alloc(0);

/**
 * A QR symbol as a two-colour PNG (palette, one bit per pixel, rows deflated as runs by deflate.ts): the
 * same geometry as the qrcode package's PNG (`width` px across, `margin` light modules around,
 * module = floor(pixel / scale)), at a fraction of its cost, since a pixel is a bit, not four bytes.
 */
export function qrPng(matrix: QrMatrix, options: { width: number; margin: number; dark: string; light: string }): Buffer {
  const modules = matrix.size + options.margin * 2;
  const width = Math.max(options.width, modules);
  const scale = width / modules;
  const stride = Math.ceil(width / 8);
  // The rows are written into one buffer kept for the next image: only the compressed bytes are new.
  if (rows.length < (stride + 1) * width) rows = Buffer.alloc((stride + 1) * width);
  const raw = rows.subarray(0, (stride + 1) * width).fill(0);
  // Which module column each pixel column falls in: computed once per image.
  const columnOf = new Int32Array(width);
  for (let x = 0; x < width; x++) columnOf[x] = Math.floor(x / scale) - options.margin;
  let previous = Number.NaN;
  for (let y = 0; y < width; y++) {
    const row = Math.floor(y / scale) - options.margin;
    const at = y * (stride + 1);
    // A pixel row like the one above: its copy, which the compressor writes as one match with it.
    if (row === previous || (y > 0 && (row < 0 || row >= matrix.size) && (previous < 0 || previous >= matrix.size))) {
      raw.copy(raw, at, at - stride - 1, at);
      previous = row;
      continue;
    }
    raw[at] = FILTER_NONE;
    if (row >= 0 && row < matrix.size) {
      for (let x = 0; x < width; x++) {
        const col = columnOf[x]!;
        if (col >= 0 && col < matrix.size && matrix.get(row, col)) raw[at + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
    previous = row;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth
  header[9] = 3; // palette
  const light = rgbaOf(options.light);
  const dark = rgbaOf(options.dark);
  const palette = Buffer.from([light[0], light[1], light[2], dark[0], dark[1], dark[2]]);
  const alpha = light[3] < 255 || dark[3] < 255 ? [chunk('tRNS', Buffer.from([light[3], dark[3]]))] : [];
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('PLTE', palette), ...alpha, chunk('IDAT', deflateRuns(raw, stride + 1)), chunk('IEND', Buffer.alloc(0))]);
}
