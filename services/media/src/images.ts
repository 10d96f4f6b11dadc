import { contentTypeOf, ImageRejected, reencodeImage as reencodeWithChassis, validationFailed, type EncodedImage, type ImageFormat } from '@seatside/chassis';
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

export type { EncodedImage } from '@seatside/chassis';

/**
 * Checks an upload and re-encodes it with the chassis pipeline (magic bytes, no polyglot, decoded
 * within 40 megapixels, upright, inside 4096 px without enlarging, in its own format, no metadata).
 */
export async function reencodeImage(bytes: Buffer): Promise<EncodedImage> {
  try {
    return await reencodeWithChassis(bytes, { maxBytes: IMAGE_MAX_BYTES, maxPixels: IMAGE_MAX_PIXELS, maxSide: IMAGE_MAX_SIDE, jpegQuality: JPEG_QUALITY });
  } catch (err) {
    if (!(err instanceof ImageRejected)) throw err;
    if (err.reason === 'tooLarge') throw new ImageTooLarge();
    const message = err.reason === 'tooManyPixels' ? m.tooManyPixels : m.notAnImage;
    throw validationFailed(message, { file: message });
  }
}
