import fc from 'fast-check';
import { deflateSync, inflateSync } from 'node:zlib';
import { deflateRuns } from './deflate';

describe('deflateRuns: zlib bytes of runs', () => {
  it('given any bytes, then node:zlib inflates them back unchanged (checksum checked)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (data) => {
        expect(inflateSync(deflateRuns(data)).equals(Buffer.from(data))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('given runs of every length around the match limits (1 to 1,100 of one byte, between others), then they inflate back unchanged', () => {
    for (let run = 1; run <= 1100; run++) {
      const data = Buffer.concat([Buffer.from([7]), Buffer.alloc(run, 0xff), Buffer.from([1, 2])]);
      expect(inflateSync(deflateRuns(data)).equals(data)).toBe(true);
    }
  });

  it('given a 512 px QR-like image (27 random modules a row, 19 px each, rows repeated), then it is within 1.5× of zlib at level 1', () => {
    const rowLength = 65;
    const raw = Buffer.alloc(rowLength * 512);
    let seed = 7;
    const bit = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 16) & 1;
    for (let moduleRow = 0; moduleRow * 19 < 512; moduleRow++) {
      const modules = Array.from({ length: 27 }, bit);
      for (let y = moduleRow * 19; y < Math.min(512, moduleRow * 19 + 19); y++) {
        for (let x = 0; x < 512; x++) if (modules[Math.min(26, Math.floor(x / 19))]) raw[y * rowLength + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
    const ours = deflateRuns(raw, rowLength);
    expect(inflateSync(ours).equals(raw)).toBe(true);
    expect(ours.length).toBeLessThan(deflateSync(raw, { level: 1 }).length * 1.5);
  });

  it('given a row length, then rows that repeat the one above inflate back unchanged too', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 9, maxLength: 9 }), { maxLength: 40 }), fc.array(fc.nat(3), { maxLength: 40 }), (rows, repeats) => {
        const data = Buffer.concat(rows.flatMap((row, i) => Array.from({ length: 1 + (repeats[i] ?? 0) }, () => Buffer.from(row))));
        expect(inflateSync(deflateRuns(data, 9)).equals(data)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
