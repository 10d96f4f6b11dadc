import zlib from 'node:zlib';
import sharp from 'sharp';

/** Image fixtures made with sharp, so specs need no binary files; and the polyglots an attacker uploads. */
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

export const pngOf = (width = 8, height = 8) => solid(width, height).png().toBuffer();
export const jpegOf = (width = 8, height = 8) => solid(width, height).jpeg().toBuffer();

/** A jpeg whose EXIF holds a camera and where it was taken (a GPS IFD: 48°51'29.64"N 2°17'40"E). */
export const jpegWithGps = (width = 40, height = 20) =>
  solid(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Copyright: 'Secret Photographer' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100' },
    })
    .toBuffer();

/** EXIF's pointer to its GPS IFD (tag 0x8825), in either byte order. */
export const hasGpsIfd = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

export const exifOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).exif;
export const sizeOf = async (bytes: Buffer) => {
  const { width, height, format, orientation } = await sharp(bytes).metadata();
  return { width, height, format, orientation };
};

/** A jpeg carrying EXIF: a copyright, a camera and orientation 6 (stored sideways, shown upright). */
export const jpegWithExif = (width = 40, height = 20) =>
  solid(width, height)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Secret Photographer', Make: 'SpyCam' } })
    .toBuffer();

export const gifOf = () => solid(4, 4).gif().toBuffer();

export const HTML_PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** Polyglots: HTML behind a PNG signature, a valid PNG with HTML after IEND, and one with HTML in a tEXt chunk. */
export const polyglots = async () => {
  const png = await pngOf();
  const iend = png.length - 12;
  return {
    'HTML behind a PNG signature': Buffer.concat([PNG_SIGNATURE, Buffer.from(HTML_PAYLOAD)]),
    'a valid PNG with HTML after its end': Buffer.concat([png, Buffer.from(HTML_PAYLOAD)]),
    'a valid PNG with HTML in a tEXt chunk': Buffer.concat([png.subarray(0, iend), pngChunk('tEXt', Buffer.from(`Comment\0${HTML_PAYLOAD}`, 'latin1')), png.subarray(iend)]),
    'a valid JPEG with HTML after its end': Buffer.concat([await jpegOf(), Buffer.from(HTML_PAYLOAD)]),
  };
};
