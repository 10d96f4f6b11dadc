import { PassThrough } from 'node:stream';
import { inflateSync } from 'node:zlib';
import { attachment, safeFileBase, uniqueFileNames } from './file-names';
import { qrPng, rgbaOf } from './png';
import { readStoredZip, zipWriter } from './zip';

/** The chunks of a PNG, by type. */
function chunks(png: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    out.set(png.toString('latin1', at + 4, at + 8), png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return out;
}

describe('QR file names', () => {
  it('given unsafe names, then safe file names: no separators or reserved characters, no reserved device names, never empty', () => {
    expect(['a/b\\c', 'x:y*?"<>|z', ' .hidden. ', 'CON', 'com1', '\u0000\u001f', '', 'Table 12 · Seat 2C'].map(safeFileBase)).toEqual([
      'a b c', 'x y z', 'hidden', '_CON', '_com1', 'tag', 'tag', 'Table 12 · Seat 2C',
    ]);
    expect(Array.from(safeFileBase('é'.repeat(300)))).toHaveLength(100);
  });

  it('given repeated names in any case, then each is unique as a case-insensitive file system sees it', () => {
    const name = uniqueFileNames('png');
    expect(['Table 2', 'table 2', 'Table 2', 'Table 2 (2)'].map(name)).toEqual(['Table 2.png', 'table 2 (2).png', 'Table 2 (3).png', 'Table 2 (2) (2).png']);
  });

  it('given a non-ASCII name, then the header has an ASCII fallback and the UTF-8 name', () => {
    expect(attachment('Café.png')).toBe(`attachment; filename="Caf_.png"; filename*=UTF-8''Caf%C3%A9.png`);
  });
});

describe('QR PNG', () => {
  const matrix = { size: 3, get: (row: number, col: number) => (row + col) % 2 === 0 };

  it('given a width, margin and colours, then a 1-bit palette PNG of that width, light first, with alpha only when asked', () => {
    const png = qrPng(matrix, { width: 10, margin: 1, dark: 'f00', light: 'ffffff' });
    const parts = chunks(png);
    const header = parts.get('IHDR')!;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([10, 10, 1, 3]);
    expect([...parts.get('PLTE')!]).toEqual([255, 255, 255, 255, 0, 0]);
    expect(parts.has('tRNS')).toBe(false);
    expect([...chunks(qrPng(matrix, { width: 10, margin: 1, dark: '00000080', light: 'ffffff00' })).get('tRNS')!]).toEqual([0, 0x80]);
  });

  it('given 5 modules across (3 + a margin of 1) in 10 pixels, then each module is 2×2 pixels, the margin light', () => {
    const raw = inflateSync(chunks(qrPng(matrix, { width: 10, margin: 1, dark: '000', light: 'fff' })).get('IDAT')!);
    // Undo the "Up" filter row by row: 2 bytes of pixels per row.
    const rows: string[] = [];
    let above = [0, 0];
    for (let y = 0; y < 10; y++) {
      const filter = raw[y * 3]!;
      const bytes = [raw[y * 3 + 1]!, raw[y * 3 + 2]!].map((b, i) => (filter === 2 ? (b + above[i]!) & 0xff : b));
      above = bytes;
      rows.push(bytes.map((b) => b.toString(2).padStart(8, '0')).join('').slice(0, 10));
    }
    expect(rows).toEqual([
      '0000000000', '0000000000',
      '0011001100', '0011001100',
      '0000110000', '0000110000',
      '0011001100', '0011001100',
      '0000000000', '0000000000',
    ]);
  });

  it('given hex of 3, 6 or 8 digits, then its RGBA', () => {
    expect([rgbaOf('f0a'), rgbaOf('102030'), rgbaOf('10203040')]).toEqual([[255, 0, 170, 255], [16, 32, 48, 255], [16, 32, 48, 64]]);
  });
});

describe('store-only zip', () => {
  it('given entries written to a stream, then they read back with their names (UTF-8) and bytes', async () => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (c: Buffer) => parts.push(c));
    const zip = zipWriter(out);
    await zip.add('Table 1.png', Buffer.from('one'));
    await zip.add('Café 2.png', Buffer.alloc(0));
    await zip.finish();
    expect(readStoredZip(Buffer.concat(parts)).map((e) => [e.name, e.data.toString()])).toEqual([['Table 1.png', 'one'], ['Café 2.png', '']]);
  });
});
