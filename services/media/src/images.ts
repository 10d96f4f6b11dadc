import sharp from 'sharp';
import { DomainError, validationFailed } from '@seatside/chassis';
import { mediaMessages as m } from './messages';

/** Seed 002 §5: png and jpeg only, at most 10 MB and 40 megapixels; stored at most 4096 px wide or high. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 4096;
export const JPEG_QUALITY = 85;

export type ImageFormat = 'png' | 'jpg';
export const contentTypeOf: Record<ImageFormat, string> = { png: 'image/png', jpg: 'image/jpeg' };
export const imageContentTypes = Object.values(contentTypeOf);
export const formatOfContentType = (contentType: string): ImageFormat | undefined =>
  (Object.keys(contentTypeOf) as ImageFormat[]).find((format) => contentTypeOf[format] === contentType);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** What the bytes are, by their magic numbers (a Content-Type or file name is only the client's claim). */
export function imageFormatOf(bytes: Buffer): ImageFormat | undefined {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpg';
  return undefined;
}

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
