import { crc32 } from 'node:zlib';
import type { Writable } from 'node:stream';

/** The zip format's plain-archive limits (no ZIP64 here): 65,535 entries, 4 GiB offsets. */
export const ZIP_MAX_ENTRIES = 0xffff;
const ZIP_MAX_OFFSET = 0xffffffff;

/** 1980-01-01 00:00 in MS-DOS time and date: entries carry no meaningful time. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
/** General purpose flag bit 11: names are UTF-8. */
const UTF8 = 0x0800;

export class ClientGone extends Error {
  constructor() {
    super('The client went away');
  }
}

/**
 * A store-only (no compression: PNGs are compressed already) zip written straight to a stream,
 * one entry at a time, waiting for the stream to drain: memory holds one entry and the central
 * directory (a few dozen bytes per entry), however many entries there are. A destroyed stream
 * rejects the next write with ClientGone, which stops the producer.
 */
export function zipWriter(out: Writable) {
  const central: Buffer[] = [];
  let offset = 0;

  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (out.destroyed || out.writableEnded) return reject(new ClientGone());
      offset += chunk.length;
      if (out.write(chunk)) return resolve();
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        if (out.destroyed) reject(new ClientGone());
        else resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });

  return {
    async add(name: string, data: Buffer): Promise<void> {
      if (central.length >= ZIP_MAX_ENTRIES || offset + data.length > ZIP_MAX_OFFSET) throw new Error('zip: too large for a plain archive');
      const fileName = Buffer.from(name, 'utf8');
      const crc = crc32(data);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4); // version needed: 2.0
      local.writeUInt16LE(UTF8, 6);
      local.writeUInt16LE(0, 8); // stored
      local.writeUInt16LE(DOS_TIME, 10);
      local.writeUInt16LE(DOS_DATE, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(fileName.length, 26);
      local.writeUInt16LE(0, 28);
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(20, 4); // made by
      entry.writeUInt16LE(20, 6);
      entry.writeUInt16LE(UTF8, 8);
      entry.writeUInt16LE(0, 10);
      entry.writeUInt16LE(DOS_TIME, 12);
      entry.writeUInt16LE(DOS_DATE, 14);
      entry.writeUInt32LE(crc, 16);
      entry.writeUInt32LE(data.length, 20);
      entry.writeUInt32LE(data.length, 24);
      entry.writeUInt16LE(fileName.length, 28);
      entry.writeUInt32LE(offset, 42);
      central.push(Buffer.concat([entry, fileName]));
      // One write per entry (header, name and data): a PNG is a few KB.
      await write(Buffer.concat([local, fileName, data]));
    },
    /** Writes the central directory and ends the stream. */
    async finish(): Promise<void> {
      const start = offset;
      const directory = Buffer.concat(central);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(central.length, 8);
      end.writeUInt16LE(central.length, 10);
      end.writeUInt32LE(directory.length, 12);
      end.writeUInt32LE(start, 16);
      await write(directory);
      await write(end);
      out.end();
    },
  };
}

/** Reads a plain store-only zip (what zipWriter writes) back into its entries: for specs and the bench. */
export function readStoredZip(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('zip: bad central directory');
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    if (crc32(data) !== crc) throw new Error(`zip: bad CRC for ${name}`);
    entries.push({ name, data });
    at += 46 + nameLength + extra;
  }
  return entries;
}
