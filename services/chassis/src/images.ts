import type { Response } from 'express';
import sharp from 'sharp';

/** The image formats the platform takes (seed 002 §5: png and jpeg), told apart by their bytes. */
export type ImageFormat = 'png' | 'jpg';

export const contentTypeOf: Record<ImageFormat, string> = { png: 'image/png', jpg: 'image/jpeg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** What the bytes are, by their magic numbers (a Content-Type or file name is only the client's claim). */
export function imageFormatOf(bytes: Buffer): ImageFormat | undefined {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpg';
  return undefined;
}

/** Where a PNG's IEND chunk ends, walking its chunks; undefined when the chunks run past the bytes. */
function pngEnd(bytes: Buffer): number | undefined {
  let at = PNG_SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const next = at + 12 + length;
    if (next > bytes.length) return undefined;
    if (type === 'IEND') return next;
    at = next;
  }
  return undefined;
}

/** Where a JPEG ends: after its last end-of-image marker (an EXIF thumbnail has its own, earlier). */
function jpegEnd(bytes: Buffer): number | undefined {
  const at = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
  return at < 0 ? undefined : at + 2;
}

/**
 * Markup a browser would render if it ever took the bytes for a page: a polyglot (a PNG or JPEG that
 * is also HTML or SVG) carries it in a text chunk, a comment or after the image's end. Compressed
 * pixels holding one of these by chance is about as likely as a hash collision.
 */
const MARKUP = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed)/i;

/**
 * The format of bytes that are a PNG or JPEG and nothing else: the right magic bytes, nothing after
 * the image's end, no markup inside. Cheap (no decoding): serving routes check stored bytes with it
 * too, so a file stored before the pipeline existed is never served if it is a polyglot.
 */
export function soundImageFormatOf(bytes: Buffer): ImageFormat | undefined {
  const format = imageFormatOf(bytes);
  if (!format) return undefined;
  const end = format === 'png' ? pngEnd(bytes) : jpegEnd(bytes);
  if (end === undefined || end !== bytes.length || MARKUP.test(bytes.toString('latin1'))) return undefined;
  return format;
}

/** Why the pipeline refused an upload; each service words it in its own messages. */
export type ImageRefusal = 'notAnImage' | 'tooLarge' | 'tooManyPixels';

export class ImageRejected extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(`image refused: ${reason}`);
    this.name = 'ImageRejected';
  }
}

export interface ImageLimits {
  /** Bytes of the upload, checked before anything is decoded. */
  maxBytes: number;
  /** Pixels (width × height) sharp agrees to decode. */
  maxPixels: number;
  /** The stored image fits inside maxSide × maxSide, never enlarged. */
  maxSide: number;
  jpegQuality?: number;
}

export interface EncodedImage {
  bytes: Buffer;
  format: ImageFormat;
  contentType: string;
}

const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/**
 * The one way an uploaded image enters the platform (media's uploads, profile photos): its magic
 * bytes say PNG or JPEG; nothing follows the image's end and no markup hides in it (polyglots are
 * refused); sharp decodes it within a pixel bound and re-encodes it upright, inside maxSide, in its own
 * format, with no metadata (sharp writes none unless asked: EXIF with its GPS, XMP, comments and text
 * chunks go). What is stored and served is always the re-encoded bytes, never the upload's.
 */
export async function reencodeImage(bytes: Buffer, limits: ImageLimits): Promise<EncodedImage> {
  if (bytes.length > limits.maxBytes) throw new ImageRejected('tooLarge');
  const format = soundImageFormatOf(bytes);
  if (!format) throw new ImageRejected('notAnImage');
  const pipeline = sharp(bytes, { limitInputPixels: limits.maxPixels })
    .rotate()
    .resize({ width: limits.maxSide, height: limits.maxSide, fit: 'inside', withoutEnlargement: true });
  try {
    const encoded = await (format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: limits.jpegQuality ?? 85 })).toBuffer();
    return { bytes: encoded, format, contentType: contentTypeOf[format] };
  } catch (err) {
    // A truncated or forged file with the right magic bytes is not an image we can take either.
    throw new ImageRejected(isPixelLimit(err) ? 'tooManyPixels' : 'notAnImage');
  }
}

/**
 * Sends stored image bytes: their own type, never sniffed, shown inline under a plain file name and
 * sandboxed, so even bytes a browser took for a page could run nothing.
 */
export function sendImage(res: Response, image: { bytes: Buffer; contentType: string }, fileName: string): void {
  const safeName = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  res.setHeader('Content-Type', image.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', `inline; filename="${safeName}"`);
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.send(image.bytes);
}
