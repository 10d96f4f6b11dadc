/**
 * A zlib stream (RFC 1950) of one fixed-Huffman deflate block (RFC 1951 §3.2.6) whose matches look
 * back at two places only: the byte before (runs) and the same byte of the row above. That is what a
 * QR image's PNG rows hold: runs of 0x00 and 0xff, rows much like the one above, and repeated rows
 * that are all zeros under the "Up" filter.
 *
 * Written in JavaScript on purpose: node:zlib makes a native stream per call whose memory is only
 * given back when the garbage collector finalises it, which V8 does not see coming, so 10,000 QR
 * images in a row (tags.zip) grew the process by about 90 MB. This allocates only the bytes it returns.
 */

/** Run lengths a deflate match can have. */
const MIN_MATCH = 3;
const MAX_MATCH = 258;

/** Length codes 257–285: [base length, extra bits] (RFC 1951 §3.2.5). */
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];

/** For each match length 3–258: its length code's index (0 = code 257). */
const LENGTH_INDEX = new Uint8Array(MAX_MATCH + 1);
for (let i = 0, length = MIN_MATCH; length <= MAX_MATCH; length++) {
  while (i + 1 < LENGTH_BASE.length && LENGTH_BASE[i + 1]! <= length) i++;
  LENGTH_INDEX[length] = i;
}

/** Bits are packed least significant first; Huffman codes go most significant first (reversed here). */
function reverse(code: number, bits: number): number {
  let out = 0;
  for (let i = 0; i < bits; i++) out = (out << 1) | ((code >> i) & 1);
  return out;
}

/** The fixed literal/length code of a symbol 0–287, bit-reversed, with its length. */
const FIXED_CODE = new Uint16Array(288);
const FIXED_BITS = new Uint8Array(288);
for (let s = 0; s < 288; s++) {
  const [code, bits] = s < 144 ? [0x30 + s, 8] : s < 256 ? [0x190 + s - 144, 9] : s < 280 ? [s - 256, 7] : [0xc0 + s - 280, 8];
  FIXED_CODE[s] = reverse(code, bits);
  FIXED_BITS[s] = bits;
}
/** Distance codes 0–29: [base distance, extra bits] (RFC 1951 §3.2.5); fixed codes are 5 bits. */
const DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const MAX_DISTANCE = 32_768;
const DISTANCE_CODE_BITS = 5;

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  // 3,800 bytes keep b below 2^31 before the modulo (zlib's NMAX is 5,552 for 32-bit sums).
  for (let at = 0; at < data.length; ) {
    const end = Math.min(at + 3800, data.length);
    for (; at < end; at++) {
      a += data[at]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Where the stream is written before its bytes are copied out: one, grown as needed (calls are synchronous). */
let scratch = Buffer.alloc(0);

/** How many bytes from `at` (at most MAX_MATCH) equal those `distance` bytes before them. */
function matchLength(data: Uint8Array, at: number, distance: number): number {
  if (distance < 1 || distance > at) return 0;
  const end = Math.min(data.length, at + MAX_MATCH);
  let i = at;
  while (i < end && data[i] === data[i - distance]) i++;
  return i - at;
}

/**
 * zlib bytes of `data`, which any inflater (node:zlib's included) reads back unchanged. `rowLength`
 * (bytes per row, filter byte included) lets a row repeat the one above.
 */
export function deflateRuns(data: Uint8Array, rowLength = 0): Buffer {
  if (rowLength > MAX_DISTANCE) rowLength = 0;
  // Worst case: every byte a 9-bit literal, plus the headers and the checksum.
  const worst = 2 + Math.ceil((data.length * 9 + 10) / 8) + 1 + 4;
  if (scratch.length < worst) scratch = Buffer.alloc(worst);
  const out = scratch;
  out[0] = 0x78; // deflate, 32 KB window
  out[1] = 0x01; // fastest; 0x7801 is a multiple of 31
  let at = 2;
  let bitBuffer = 0;
  let bitCount = 0;
  const put = (value: number, bits: number) => {
    bitBuffer |= value << bitCount;
    bitCount += bits;
    while (bitCount >= 8) {
      out[at++] = bitBuffer & 0xff;
      bitBuffer >>>= 8;
      bitCount -= 8;
    }
  };
  const symbol = (s: number) => put(FIXED_CODE[s]!, FIXED_BITS[s]!);
  const match = (length: number, distance: number) => {
    const index = LENGTH_INDEX[length]!;
    symbol(257 + index);
    put(length - LENGTH_BASE[index]!, LENGTH_EXTRA[index]!);
    let code = 0;
    while (code + 1 < DISTANCE_BASE.length && DISTANCE_BASE[code + 1]! <= distance) code++;
    put(reverse(code, DISTANCE_CODE_BITS), DISTANCE_CODE_BITS);
    put(distance - DISTANCE_BASE[code]!, DISTANCE_EXTRA[code]!);
  };

  put(1, 1); // the final block
  put(1, 2); // fixed Huffman codes
  for (let i = 0; i < data.length; ) {
    const run = matchLength(data, i, 1);
    const above = matchLength(data, i, rowLength);
    const [length, distance] = above > run ? [above, rowLength] : [run, 1];
    if (length >= MIN_MATCH) {
      match(length, distance);
      i += length;
    } else {
      symbol(data[i]!);
      i++;
    }
  }
  symbol(256); // end of block
  if (bitCount > 0) put(0, 8 - bitCount);
  out.writeUInt32BE(adler32(data), at);
  return Buffer.from(out.subarray(0, at + 4));
}
