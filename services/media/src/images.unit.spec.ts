import { IMAGE_MAX_BYTES, imageFormatOf, ImageTooLarge, reencodeImage } from './images';
import { exifOf, gifOf, jpegOf, jpegWithExif, pngOf, polyglots, sizeOf } from '@seatside/chassis/src/testkit/images';

describe('image pipeline', () => {
  it('given png and jpeg bytes, then their magic bytes name them; a gif, text or nothing is neither', async () => {
    expect(imageFormatOf(await pngOf())).toBe('png');
    expect(imageFormatOf(await jpegOf())).toBe('jpg');
    expect(imageFormatOf(await gifOf())).toBeUndefined();
    expect(imageFormatOf(Buffer.from('hello, I am text'))).toBeUndefined();
    expect(imageFormatOf(Buffer.alloc(0))).toBeUndefined();
  });

  it('given a jpeg with EXIF and orientation 6, then the result is a jpeg without EXIF, turned upright', async () => {
    const original = await jpegWithExif(40, 20);
    expect((await exifOf(original))?.toString('latin1')).toContain('Secret Photographer');
    const image = await reencodeImage(original);
    expect(image).toMatchObject({ format: 'jpg', contentType: 'image/jpeg' });
    expect(await exifOf(image.bytes)).toBeUndefined();
    expect(image.bytes.toString('latin1')).not.toContain('Secret Photographer');
    expect(await sizeOf(image.bytes)).toEqual({ width: 20, height: 40, format: 'jpeg', orientation: undefined });
  });

  it('given a png, then a png of the same size', async () => {
    const image = await reencodeImage(await pngOf(30, 10));
    expect(image).toMatchObject({ format: 'png', contentType: 'image/png' });
    expect(await sizeOf(image.bytes)).toMatchObject({ width: 30, height: 10, format: 'png' });
  });

  it('given an image wider than 4096 px, then it is resized inside 4096 px, keeping its proportions', async () => {
    const image = await reencodeImage(await pngOf(5000, 1000));
    expect(await sizeOf(image.bytes)).toMatchObject({ width: 4096, height: 819 });
  });

  it('given a small image, then it is not enlarged', async () => {
    expect(await sizeOf((await reencodeImage(await jpegOf(100, 50))).bytes)).toMatchObject({ width: 100, height: 50 });
  });

  it.each([
    ['a gif', gifOf],
    ['a text file', async () => Buffer.from('not an image at all')],
    ['a png signature followed by garbage', async () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')])],
  ])('given %s, then 400 "Please upload a PNG or JPEG image"', async (_, bytes) => {
    await expect(reencodeImage(await bytes())).rejects.toMatchObject({ kind: 'ValidationFailed', message: 'Please upload a PNG or JPEG image' });
  });

  it('given more than 10 MB, then ImageTooLarge before decoding', async () => {
    const bytes = Buffer.concat([await pngOf(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    await expect(reencodeImage(bytes)).rejects.toBeInstanceOf(ImageTooLarge);
  });

  it('given more than 40 megapixels, then 400 "The image is too large (at most 40 megapixels)"', async () => {
    // 8000 × 5001 px is 40,008,000 pixels; one colour compresses to a few kilobytes.
    await expect(reencodeImage(await pngOf(8000, 5001))).rejects.toMatchObject({
      kind: 'ValidationFailed',
      message: 'The image is too large (at most 40 megapixels)',
    });
  });
});

describe('image pipeline against polyglots', () => {
  it('given HTML behind a PNG signature, after a PNG or JPEG or in a PNG text chunk, then 400 "Please upload a PNG or JPEG image"', async () => {
    for (const [name, bytes] of Object.entries(await polyglots())) {
      const refusal = await reencodeImage(bytes).then(() => 'accepted', (err: { message: string }) => err.message);
      expect([name, refusal]).toEqual([name, 'Please upload a PNG or JPEG image']);
    }
  });
});
