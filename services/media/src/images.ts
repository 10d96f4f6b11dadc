import sharp from 'sharp';
import { DomainError, contentTypeOf, imageFormatOf, validationFailed, type ImageFormat } from '@seatside/chassis';
import { mediaMessages as m } from './messages';

/** Seed 002 §5: png and jpeg only, at most 10 MB and 40 megapixels; stored at most 4096 px wide or high. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 4096;
export const JPEG_QUALITY = 85;

export { contentTypeOf, imageFormatOf, type ImageFormat } from '@seatside/chassis';
export const imageContentTypes = Object.values(contentTypeOf);
export const formatOfContentType = (contentType: string): ImageFormat | undefined =>
  (Object.keys(contentTypeOf) as ImageFormat[]).find((format) => contentTypeOf[format] === contentType);

/** The one 413 of this service: the chassis error kinds have no "too large", so routes map this class. */
export class ImageTooLarge extends Error {
  constructor() {
    super(m.tooLarge);
    this.name = 'ImageTooLarge';
  }
}

export interface EncodedImage {
  bytes: Buffer;
  format: ImageFormat;
  contentType: string;
}

const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/**
 * Checks an upload and re-encodes it: upright by its EXIF orientation, inside 4096 px without
 * enlarging, in its own format; sharp writes no metadata unless asked, so EXIF, GPS and comments go.
 */
export async function reencodeImage(bytes: Buffer): Promise<EncodedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageTooLarge();
  const format = imageFormatOf(bytes);
  if (!format) throw validationFailed(m.notAnImage, { file: m.notAnImage });
  const pipeline = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
    .rotate()
    .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  try {
    const encoded = await (format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: JPEG_QUALITY })).toBuffer();
    return { bytes: encoded, format, contentType: contentTypeOf[format] };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    // A truncated or forged file with the right magic bytes is not an image we can take either.
    const message = isPixelLimit(err) ? m.tooManyPixels : m.notAnImage;
    throw validationFailed(message, { file: message });
  }
}
