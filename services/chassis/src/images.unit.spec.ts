import sharp from 'sharp';
import { ImageRejected, imageFormatOf, reencodeImage } from './images';
import { exifOf, hasGpsIfd, HTML_PAYLOAD, jpegOf, jpegWithGps, pngOf, polyglots } from './testkit/images';

const limits = { maxBytes: 2 * 1024 * 1024, maxPixels: 1_000_000, maxSide: 512 };

describe('imageFormatOf', () => {
  it('given PNG or JPEG magic bytes, then png or jpg; given anything else, then undefined', () => {
    expect(imageFormatOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(imageFormatOf(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpg');
    expect(imageFormatOf(Buffer.from('GIF89a'))).toBeUndefined();
    expect(imageFormatOf(Buffer.from('<svg'))).toBeUndefined();
    expect(imageFormatOf(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('reencodeImage', () => {
  it('given a jpeg with EXIF GPS, then a jpeg without any metadata, and never the original bytes', async () => {
    const original = await jpegWithGps();
    expect(hasGpsIfd(await exifOf(original))).toBe(true);
    const image = await reencodeImage(original, limits);
    expect(image).toMatchObject({ format: 'jpg', contentType: 'image/jpeg' });
    expect(await exifOf(image.bytes)).toBeUndefined();
    expect(image.bytes.toString('latin1')).not.toContain('SpyCam');
    expect(image.bytes.equals(original)).toBe(false);
  });

  it('given a png larger than maxSide, then a png inside maxSide', async () => {
    const image = await reencodeImage(await pngOf(1000, 100), limits);
    expect(image.format).toBe('png');
    expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 512, height: 51, format: 'png' });
  });

  it('given each polyglot (HTML with a PNG signature, HTML after the end or in a text chunk), then refused as not an image', async () => {
    for (const [name, bytes] of Object.entries(await polyglots())) {
      expect(imageFormatOf(bytes)).toBeDefined();
      const refusal = await reencodeImage(bytes, limits).then(() => 'accepted', (err: ImageRejected) => err.reason);
      expect([name, refusal]).toEqual([name, 'notAnImage']);
    }
  });

  it('given more bytes than maxBytes, then tooLarge before decoding; more pixels than maxPixels, then tooManyPixels', async () => {
    await expect(reencodeImage(await jpegOf(), { ...limits, maxBytes: 10 })).rejects.toMatchObject({ reason: 'tooLarge' });
    await expect(reencodeImage(await pngOf(1001, 1000), limits)).rejects.toMatchObject({ reason: 'tooManyPixels' });
  });

  it('given a plain png or jpeg, then accepted and the payload marker is not in it', async () => {
    for (const bytes of [await pngOf(), await jpegOf()]) {
      const image = await reencodeImage(bytes, limits);
      expect(image.bytes.toString('latin1')).not.toContain(HTML_PAYLOAD);
    }
  });
});
